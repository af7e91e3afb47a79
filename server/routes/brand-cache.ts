/**
 * Read-through cache of catalogue data (brand objects by id, list pages as id lists + totals).
 * The catalogue is read-only through the API, so this holds no per-user state: favorite flags
 * are overlaid per request from the database. Entries expire after a minute so replicas
 * converge if the catalogue is ever changed underneath. One cache per Db (tests open many).
 */
import type { Db } from '../db/open.ts';
import type { Brand } from '../contract/types.ts';

export class TtlCache<V> {
  private map = new Map<string, { v: V; exp: number }>();
  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
  ) {}
  get(k: string): V | undefined {
    const e = this.map.get(k);
    if (!e) return undefined;
    if (e.exp < Date.now()) {
      this.map.delete(k);
      return undefined;
    }
    return e.v;
  }
  set(k: string, v: V): void {
    if (this.map.size >= this.max) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    this.map.set(k, { v, exp: Date.now() + this.ttlMs });
  }
}

export interface CatalogueCache {
  brands: TtlCache<Brand>;
  pages: TtlCache<{ ids: number[]; total: number }>;
  /** 'ids' → the set of category ids. */
  categories: TtlCache<Set<number>>;
  /** Visitor list answers, keyed like `pages`: the JSON body and its gzip (null when too small to pay). */
  visitorBodies: TtlCache<{ json: string; gz: Uint8Array | null }>;
}

const caches = new WeakMap<Db, CatalogueCache>();

export function catalogueCache(db: Db): CatalogueCache {
  let c = caches.get(db);
  if (!c) {
    c = { brands: new TtlCache(20_000, 60_000), pages: new TtlCache(2_000, 60_000), categories: new TtlCache(1, 60_000), visitorBodies: new TtlCache(2_000, 60_000) };
    caches.set(db, c);
  }
  return c;
}
