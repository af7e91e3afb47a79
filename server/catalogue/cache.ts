/**
 * In-memory catalogue data, one set per Db (tests open many):
 * - brands: brand objects by id (read-through);
 * - index: every brand's id, search key, country, primary flag and categories, in the list order
 *   (ORDER BY name, id, as the database sorts it), so list pages and name search are answered
 *   without a database round trip, with the same results, order, paging and count as the SQL;
 * - bodies: final answers of list pages (JSON text, its gzip and their ETags), keyed by everything that
 *   changes the answer (see routes/catalogue.ts);
 * - favorites: per user, the set of favorite brand ids and a version bumped on every follow/unfollow
 *   made through this process.
 *
 * The catalogue (brands, categories) is read-only through the API: it changes only by seeding, which
 * calls invalidateCatalogue. Entries still expire (a minute for catalogue data, a few seconds for
 * anything per user) so several instances behind one database converge: see the README's
 * "Design notes" for the staleness bounds.
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
  clear(): void {
    this.map.clear();
  }
}

/** A final answer, ready to send: the JSON text, its gzip (null when too small to pay) and the SHA-1
 *  its strong ETags are made of (http/cached-body.ts). */
export interface CachedBody {
  json: string;
  gz: Uint8Array | null;
  hash: string;
  /** Plain header objects (the Node adapter writes them without building a Headers object). */
  headers: Record<string, string>;
  gzHeaders: Record<string, string>;
}

/** Like TtlCache, bounded by entries and by bytes held, with a TTL given per entry. */
export class BodyCache {
  private map = new Map<string, { v: CachedBody; exp: number; bytes: number }>();
  private bytes = 0;
  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}
  get(k: string): CachedBody | undefined {
    const e = this.map.get(k);
    if (e === undefined) return undefined;
    if (e.exp < Date.now()) {
      this.drop(k);
      return undefined;
    }
    return e.v;
  }
  set(k: string, v: CachedBody, ttlMs: number): void {
    const bytes = v.json.length * 2 + (v.gz?.byteLength ?? 0) + k.length * 2 + 200;
    if (bytes > this.maxBytes / 4) return;
    this.drop(k);
    while (this.map.size > 0 && (this.map.size >= this.maxEntries || this.bytes + bytes > this.maxBytes)) {
      this.drop(this.map.keys().next().value as string);
    }
    this.map.set(k, { v, exp: Date.now() + ttlMs, bytes });
    this.bytes += bytes;
  }
  clear(): void {
    this.map.clear();
    this.bytes = 0;
  }
  get size(): number {
    return this.map.size;
  }
  private drop(k: string): void {
    const e = this.map.get(k);
    if (e === undefined) return;
    this.map.delete(k);
    this.bytes -= e.bytes;
  }
}

/** One brand in the list index. */
export interface IndexEntry {
  id: number;
  /** brands.search_key */
  key: string;
  country: string;
  primary: boolean;
  category: number | null;
  secondary: number[];
}

export interface FavoriteState {
  version: number;
  /** The favorite brand ids as of `version`, or null when not loaded (or stale). */
  ids: Set<number> | null;
  /** The ids may be used until then (other instances may change favorites too). */
  exp: number;
}

export interface CatalogueCache {
  brands: TtlCache<Brand>;
  /** 'ids' → the set of category ids. */
  categories: TtlCache<Set<number>>;
  index: { entries: IndexEntry[] | null; exp: number; loading: Promise<IndexEntry[]> | null };
  bodies: BodyCache;
  favorites: Map<number, FavoriteState>;
  favoritesEpoch: number;
}

export const CATALOGUE_TTL_MS = 60_000;
/** How long per-user data (favorite flags) may be served from memory: the bound on staleness for
 *  a follow/unfollow made through another instance. Writes through this process apply at once. */
export const USER_DATA_TTL_MS = 5_000;

const caches = new WeakMap<Db, CatalogueCache>();

export function catalogueCache(db: Db): CatalogueCache {
  let c = caches.get(db);
  if (!c) {
    c = {
      brands: new TtlCache(20_000, CATALOGUE_TTL_MS),
      categories: new TtlCache(1, CATALOGUE_TTL_MS),
      index: { entries: null, exp: 0, loading: null },
      bodies: new BodyCache(20_000, 64 * 1024 * 1024),
      favorites: new Map(),
      favoritesEpoch: 0,
    };
    caches.set(db, c);
  }
  return c;
}

/** After a write to brands or categories (seeding): everything derived from them is dropped. */
export function invalidateCatalogue(db: Db): void {
  const c = caches.get(db);
  if (!c) return;
  c.brands.clear();
  c.categories.clear();
  c.index.entries = null;
  c.index.exp = 0;
  c.index.loading = null;
  c.bodies.clear();
}

/** The list index; loaded once per CATALOGUE_TTL_MS (an expired index is served while it reloads). */
export function catalogueIndex(db: Db): IndexEntry[] | Promise<IndexEntry[]> {
  const ix = catalogueCache(db).index;
  const now = Date.now();
  if (ix.entries !== null && ix.exp > now) return ix.entries;
  if (ix.loading === null) {
    const loading = loadIndex(db).then(
      (entries) => {
        if (ix.loading === loading) {
          ix.entries = entries;
          ix.exp = Date.now() + CATALOGUE_TTL_MS;
          ix.loading = null;
        }
        return entries;
      },
      (err) => {
        if (ix.loading === loading) ix.loading = null;
        throw err;
      },
    );
    ix.loading = loading;
  }
  return ix.entries ?? ix.loading;
}

async function loadIndex(db: Db): Promise<IndexEntry[]> {
  const { rows } = await db.query<{ id: number; search_key: string; country_alpha3: string; is_primary: boolean; category_id: number | null; secondary: string | null }>(
    `SELECT b.id, b.search_key, b.country_alpha3, b.is_primary, b.category_id,
            (SELECT string_agg(s.category_id::text, ',') FROM brand_secondary_categories s WHERE s.brand_id = b.id) AS secondary
       FROM brands b ORDER BY b.name, b.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    key: r.search_key,
    country: r.country_alpha3,
    primary: r.is_primary,
    category: r.category_id,
    secondary: r.secondary ? r.secondary.split(',').map(Number) : [],
  }));
}

/** The key of a cached list page (see routes/catalogue.ts for what it holds): a visitor page by its path
 *  and query, a user page also by the user and the version of their favorites. */
export function listPageKey(db: Db, uid: number | null, pathAndQuery: string): string {
  return uid === null ? `s|${pathAndQuery}` : `u${uid}.${favoritesVersion(db, uid)}|${pathAndQuery}`;
}

/**
 * The version of a user's favorites in this process (part of the key of their cached pages).
 * `epoch` moves whenever a user's state is evicted from the bounded map, so a version that restarts
 * from 0 can never name a page cached before the eviction.
 */
export function favoritesVersion(db: Db, uid: number): string {
  const c = catalogueCache(db);
  return `${c.favoritesEpoch}.${c.favorites.get(uid)?.version ?? 0}`;
}

const FAVORITE_STATES_MAX = 50_000;

function setFavoriteState(c: CatalogueCache, uid: number, state: FavoriteState): void {
  if (!c.favorites.has(uid) && c.favorites.size >= FAVORITE_STATES_MAX) {
    const oldest = c.favorites.keys().next();
    if (!oldest.done) {
      c.favorites.delete(oldest.value);
      c.favoritesEpoch++;
    }
  }
  c.favorites.set(uid, state);
}

/** After a follow/unfollow by this user went to the database. */
export function favoritesChanged(db: Db, uid: number): void {
  const c = catalogueCache(db);
  setFavoriteState(c, uid, { version: (c.favorites.get(uid)?.version ?? 0) + 1, ids: null, exp: 0 });
}

/** The user's favorite brand ids (memory for USER_DATA_TTL_MS, or one query). */
export async function favoriteSet(db: Db, uid: number): Promise<Set<number>> {
  const c = catalogueCache(db);
  const s = c.favorites.get(uid);
  if (s && s.ids !== null && s.exp > Date.now()) return s.ids;
  const before = favoritesVersion(db, uid);
  const { rows } = await db.query<{ brand_id: number }>('SELECT brand_id FROM favorites WHERE user_id = $1', [uid]);
  const ids = new Set(rows.map((r) => r.brand_id));
  // Keep it only if no follow/unfollow happened meanwhile (the read could predate that write).
  if (favoritesVersion(db, uid) === before) {
    setFavoriteState(c, uid, { version: c.favorites.get(uid)?.version ?? 0, ids, exp: Date.now() + USER_DATA_TTL_MS });
  }
  return ids;
}
