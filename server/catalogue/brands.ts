/**
 * The brand service: brand objects by id (through the brand cache), list pages (from the in-memory
 * index, or SQL for favorites), a user's favorite flags, single brands by id or name, and a list page
 * as JSON assembled from per-brand strings.
 */
import type { Db } from '../db/open.ts';
import { notFound } from '../services/errors.ts';
import { likeEscape } from '../text.ts';
import { searchKey } from '../contract/search-text.ts';
import { toBrand, toCategory, type BrandRowOut, type CategoryRow } from '../present/serialize.ts';
import type { Brand, Paged } from '../contract/types.ts';
import { catalogueCache, catalogueIndex, type IndexEntry } from './cache.ts';
import { filterIndex, nearIndex } from './list-index.ts';
import type { ListFilter, PageIds } from './list-filter.ts';
import { BRAND_SELECT } from '../db/brand-columns.ts';

/** Brand objects for ids (is_favorite false), in the order given; missing ids are skipped. */
export async function loadBrands(db: Db, ids: number[]): Promise<Brand[]> {
  const cache = catalogueCache(db).brands;
  const found = new Map<number, Brand>();
  const missing: number[] = [];
  for (const id of ids) {
    const b = cache.get(String(id));
    if (b) found.set(id, b);
    else missing.push(id);
  }
  if (missing.length) {
    const [rows, secondary] = await Promise.all([
      db.query<BrandRowOut>(
        `SELECT ${BRAND_SELECT} FROM brands b LEFT JOIN categories c ON c.id = b.category_id WHERE b.id = ANY($1::int[])`,
        [missing],
      ),
      db.query<CategoryRow & { brand_id: number }>(
        `SELECT s.brand_id, c.id, c.name, c.name_nld, c.sort_order
           FROM brand_secondary_categories s JOIN categories c ON c.id = s.category_id
          WHERE s.brand_id = ANY($1::int[]) ORDER BY c.sort_order NULLS LAST, c.id`,
        [missing],
      ),
    ]);
    const byBrand = new Map<number, CategoryRow[]>();
    for (const r of secondary.rows) {
      const list = byBrand.get(r.brand_id) ?? [];
      list.push(toCategory(r));
      byBrand.set(r.brand_id, list);
    }
    for (const r of rows.rows) {
      const brand = toBrand({ ...r, is_favorite: false, secondary: byBrand.get(r.id) ?? [] });
      cache.set(String(r.id), brand);
      found.set(r.id, brand);
    }
  }
  const out: Brand[] = [];
  for (const id of ids) {
    const b = found.get(id);
    if (b) out.push(b);
  }
  return out;
}

export async function favoriteIds(db: Db, uid: number | null, brands: Brand[]): Promise<Set<number>> {
  if (uid === null || brands.length === 0) return new Set();
  const { rows } = await db.query<{ brand_id: number }>(
    'SELECT brand_id FROM favorites WHERE user_id = $1 AND brand_id = ANY($2::int[])',
    [uid, brands.map((b) => b.id)],
  );
  return new Set(rows.map((r) => r.brand_id));
}

async function withFavorites(db: Db, uid: number | null, brands: Brand[]): Promise<Brand[]> {
  const fav = await favoriteIds(db, uid, brands);
  return brands.map((b) => ({ ...b, is_favorite: fav.has(b.id) }));
}

/** A list page (ids in list order and the total) from SQL: the reference the in-memory index must match. */
export async function listPageSql(db: Db, uid: number | null, f: ListFilter, limit: number, offset: number): Promise<PageIds> {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (f.categoryId !== undefined) {
    const c = p(f.categoryId);
    where.push(
      `b.id IN (SELECT id FROM brands WHERE category_id = ${c} UNION ALL SELECT brand_id FROM brand_secondary_categories WHERE category_id = ${c})`,
    );
  }
  if (f.name) where.push(`b.search_key LIKE ${p(`%${likeEscape(searchKey(f.name))}%`)}`);
  if (f.country) where.push(`b.country_alpha3 = ${p(f.country)}`);
  if (f.primary !== undefined) where.push(`b.is_primary = ${p(f.primary)}`);
  if (f.favoritesOnly) where.push(`b.id IN (SELECT brand_id FROM favorites WHERE user_id = ${p(uid ?? 0)})`);
  const whereSql = where.length ? 'WHERE ' + where.join(' AND ') : '';
  const [ids, count] = await Promise.all([
    db.query<{ id: number }>(`SELECT b.id FROM brands b ${whereSql} ORDER BY b.name, b.id LIMIT ${p(limit)} OFFSET ${p(offset)}`, params),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM brands b ${whereSql}`, params.slice(0, params.length - 2)),
  ]);
  return { ids: ids.rows.map((r) => r.id), total: count.rows[0].n };
}

const PRELOAD_MAX_BRANDS = 15_000; // below the brand cache's 20,000 entries
const PRELOAD_CHUNK = 100;
const preloaded = new WeakSet<IndexEntry[]>();
/** Near matches offered for a search that found nothing. */
const NEAR_MATCHES = 3;

/**
 * The list index; each newly loaded index also starts reading the brand objects it names into the
 * brand cache, in the background and in small chunks (PGlite runs queries on this thread), so a
 * search page of brands not seen before needs no database round trip either. Same data as reading
 * them on demand (loadBrands), only earlier.
 */
async function listIndex(db: Db): Promise<IndexEntry[]> {
  const entries = await catalogueIndex(db);
  if (!preloaded.has(entries)) {
    preloaded.add(entries);
    if (entries.length <= PRELOAD_MAX_BRANDS) void preloadBrands(db, entries.map((e) => e.id));
  }
  return entries;
}

async function preloadBrands(db: Db, ids: number[]): Promise<void> {
  const cache = catalogueCache(db).brands;
  try {
    for (let i = 0; i < ids.length; i += PRELOAD_CHUNK) {
      const missing = ids.slice(i, i + PRELOAD_CHUNK).filter((id) => cache.get(String(id)) === undefined);
      if (missing.length) await loadBrands(db, missing);
      await new Promise((r) => setImmediate(r));
    }
  } catch {
    /* the database went away (shutdown, test teardown): on-demand loading still works */
  }
}

async function listPage(db: Db, uid: number | null, f: ListFilter, limit: number, offset: number): Promise<PageIds> {
  if (f.favoritesOnly) return listPageSql(db, uid, f, limit, offset);
  return filterIndex(await listIndex(db), f, limit, offset);
}

export async function listBrands(db: Db, uid: number | null, f: ListFilter, limit: number, offset: number): Promise<Paged<Brand>> {
  const page = await listPage(db, uid, f, limit, offset);
  const brands = await loadBrands(db, page.ids);
  const favorites = await favoriteIds(db, uid, brands);
  return {
    results: brands.map((b) => ({ ...b, is_favorite: favorites.has(b.id) })),
    metadata: { total: page.total, limit, offset },
  };
}

// Serialised brand objects (is_favorite false / true), keyed by the cached brand object itself.
const brandJson = new WeakMap<Brand, [string, string]>();

function brandToJson(b: Brand, favorite: boolean): string {
  let pair = brandJson.get(b);
  if (!pair) {
    pair = [JSON.stringify({ ...b, is_favorite: false }), JSON.stringify({ ...b, is_favorite: true })];
    brandJson.set(b, pair);
  }
  return pair[favorite ? 1 : 0];
}

/** The Paged<Brand> answer as a string, assembled from per-brand JSON (no per-request stringify). */
export async function listBrandsJson(db: Db, f: ListFilter, limit: number, offset: number, favorites: Set<number> | null, uid: number | null = null): Promise<string> {
  const page = await listPage(db, uid, f, limit, offset);
  const brands = await loadBrands(db, page.ids);
  // A name that matched nothing: the near matches too (optional field `suggestions`, README's API section).
  const nearIds = page.total === 0 && offset === 0 && f.name && !f.favoritesOnly ? nearIndex(await listIndex(db), f, NEAR_MATCHES) : [];
  const near = nearIds.length ? await loadBrands(db, nearIds) : [];
  const fav = favorites ?? (await favoriteIds(db, uid, [...brands, ...near]));
  const json = (list: Brand[]) => list.map((b) => brandToJson(b, fav.has(b.id))).join(',');
  return `{"results":[${json(brands)}],"metadata":${JSON.stringify({ total: page.total, limit, offset })}${near.length ? `,"suggestions":[${json(near)}]` : ''}}`;
}

export async function getBrand(db: Db, uid: number | null, by: { id?: number; name?: string; country?: string }): Promise<Brand> {
  let id = by.id;
  if (id === undefined) {
    const params: unknown[] = [(by.name ?? '').toLowerCase()];
    // The English name first, then the Dutch one; without a country filter NLD brands win.
    let sql = 'SELECT id FROM brands WHERE (lower(name) = $1 OR lower(name_nld) = $1)';
    if (by.country) {
      params.push(by.country);
      sql += ' AND country_alpha3 = $2';
    }
    sql += ` ORDER BY (lower(name) = $1) DESC, (country_alpha3 = 'NLD') DESC, id`;
    const { rows } = await db.query<{ id: number }>(sql + ' LIMIT 1', params);
    id = rows[0]?.id;
  }
  const [brand] = id === undefined ? [] : await withFavorites(db, uid, await loadBrands(db, [id]));
  if (!brand) throw notFound('Brand');
  return brand;
}
