/**
 * Brands (corporate partners) and categories, for users and (under /site) for visitors.
 * One query per list: a CTE picks the page (with the total via a window count), then category,
 * secondary categories (json_agg) and the favorite flag are joined for those rows only.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/open.ts';
import type { AppEnv } from '../http/env.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { pagingSchema, parseQuery, pathId } from '../http/validate.ts';
import { optionalAuth, requireUser, userId } from '../auth/middleware.ts';
import { likeEscape, searchKey } from '../text.ts';
import { toBrand, toCategory, type BrandRowOut, type CategoryRow } from './serialize.ts';
import {
  CATALOGUE_TTL_MS,
  USER_DATA_TTL_MS,
  catalogueCache,
  catalogueIndex,
  favoriteSet,
  favoritesChanged,
  favoritesVersion,
  type CachedBody,
  type IndexEntry,
} from './brand-cache.ts';
import type { Brand, Paged } from '../contract/types.ts';

const ListQuery = z.object({
  ...pagingSchema(12, 200),
  'filter[name]': z.string().max(100, { message: 'filter[name] is too long.' }).optional(),
  'filter[country]': z
    .string()
    .regex(/^[A-Za-z]{3}$/, { message: 'filter[country] must be an alpha-3 country code.' })
    .transform((v) => v.toUpperCase())
    .optional(),
  'filter[primary]': z.enum(['1', '0', 'true', 'false']).optional(),
});

export interface ListFilter {
  categoryId?: number;
  name?: string;
  country?: string;
  primary?: boolean;
  favoritesOnly?: boolean;
}

const BRAND_COLUMNS = `
  b.id, b.name, b.name_nld, b.description, b.description_nld, b.has_photo, b.has_logo,
  b.hide_background_image, b.hide_logo, b.hide_name, b.site, b.affiliate_percent, b.commission_type,
  b.commission_currency, b.affiliate_link, b.giftcard_percent, b.giftcard_type, b.is_primary,
  b.category_id, c.name AS c_name, c.name_nld AS c_name_nld, c.sort_order AS c_sort_order,
  b.country_alpha3, b.country_name, b.rating, b.proof_points`;

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
        `SELECT ${BRAND_COLUMNS} FROM brands b LEFT JOIN categories c ON c.id = b.category_id WHERE b.id = ANY($1::int[])`,
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

async function favoriteIds(db: Db, uid: number | null, brands: Brand[]): Promise<Set<number>> {
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

export interface PageIds {
  ids: number[];
  total: number;
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

/**
 * The same page from the in-memory index (brand-cache.ts), which holds every brand in the SQL's
 * order (ORDER BY name, id, sorted by the database): filtering keeps that order, so results, paging
 * and total are those of listPageSql (tests/api/catalogue-cache.test.ts checks it on seeded data).
 * `search_key LIKE '%k%'` with k escaped is a substring test: `key.includes(k)`.
 */
export function filterIndex(entries: IndexEntry[], f: ListFilter, limit: number, offset: number): PageIds {
  const key = f.name ? searchKey(f.name) : null;
  const cat = f.categoryId;
  const country = f.country || undefined;
  const primary = f.primary;
  if (key === null && cat === undefined && country === undefined && primary === undefined) {
    return { ids: entries.slice(offset, offset + limit).map((e) => e.id), total: entries.length };
  }
  const ids: number[] = [];
  let total = 0;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (cat !== undefined && e.category !== cat && !e.secondary.includes(cat)) continue;
    if (country !== undefined && e.country !== country) continue;
    if (primary !== undefined && e.primary !== primary) continue;
    if (key !== null && !e.key.includes(key)) continue;
    if (total >= offset && ids.length < limit) ids.push(e.id);
    total++;
  }
  return { ids, total };
}

const PRELOAD_MAX_BRANDS = 15_000; // below the brand cache's 20,000 entries
const PRELOAD_CHUNK = 100;
const preloaded = new WeakSet<IndexEntry[]>();

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
async function listBrandsJson(db: Db, f: ListFilter, limit: number, offset: number, favorites: Set<number> | null, uid: number | null = null): Promise<string> {
  const page = await listPage(db, uid, f, limit, offset);
  const brands = await loadBrands(db, page.ids);
  const fav = favorites ?? (await favoriteIds(db, uid, brands));
  return `{"results":[${brands.map((b) => brandToJson(b, fav.has(b.id))).join(',')}],"metadata":${JSON.stringify({ total: page.total, limit, offset })}}`;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const GZIP_MIN_BYTES = 1024;

function cachedBody(json: string): CachedBody {
  const gz = Buffer.byteLength(json) >= GZIP_MIN_BYTES ? new Uint8Array(gzipSync(json, { level: 6 })) : null;
  const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
  return {
    json,
    gz,
    etag,
    headers: { 'Content-Type': JSON_TYPE, ETag: etag, Vary: 'Accept-Encoding' },
    gzHeaders: { 'Content-Type': JSON_TYPE, 'Content-Encoding': 'gzip', ETag: etag, Vary: 'Accept-Encoding' },
  };
}

function etagMatches(header: string, etag: string): boolean {
  if (header === etag) return true;
  const weak = etag.slice(2);
  for (const part of header.split(',')) {
    const t = part.trim();
    if (t === '*' || t === etag || t === weak || t.slice(2) === weak) return true;
  }
  return false;
}

const GZIP = /\bgzip\b/;

/** Sends a cached answer: 304 for a matching If-None-Match, gzip when accepted, else the JSON. */
function sendBody(c: Context<AppEnv>, e: CachedBody): Response {
  const inm = c.req.header('if-none-match');
  if (inm !== undefined && etagMatches(inm, e.etag)) {
    return new Response(null, { status: 304, headers: { ETag: e.etag, Vary: 'Accept-Encoding' } });
  }
  if (e.gz !== null && GZIP.test(c.req.header('accept-encoding') ?? '')) return new Response(e.gz as Uint8Array<ArrayBuffer>, { status: 200, headers: e.gzHeaders });
  return new Response(e.json, { status: 200, headers: e.headers });
}

/** Path and query of the request (the origin does not change the answer). */
function pathAndQuery(c: Context<AppEnv>): string {
  const url = c.req.url;
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}

/**
 * Response cache of list pages. The key holds everything that changes the answer:
 * - the path and query string (category, filter[name], filter[country], filter[primary], limit, offset);
 * - for user pages, the user and the version of their favorites in this process (the flags), so a
 *   follow/unfollow here is visible at once and another user's flags never match the key;
 * - nothing else: the answer carries both languages (name / name_nld ...), does not depend on
 *   Accept-Language or on the country of the caller, and /site pages are the same for every caller
 *   (no token, visitor token or user token: the token is still checked before the cache is read).
 * Visitor pages live CATALOGUE_TTL_MS (the catalogue is read-only through the API; seeding clears the
 * cache), user pages USER_DATA_TTL_MS (a follow/unfollow through another instance is seen by then).
 */
async function cachedList(c: Context<AppEnv>, uid: number | null): Promise<Response> {
  const db = c.get('db');
  const cache = catalogueCache(db).bodies;
  const version = uid === null ? '' : favoritesVersion(db, uid);
  const key = uid === null ? `s|${pathAndQuery(c)}` : `u${uid}.${version}|${pathAndQuery(c)}`;
  const hit = cache.get(key);
  if (hit !== undefined) return sendBody(c, hit);
  const q = parseQuery(c, ListQuery);
  const categoryId = await categoryFilter(c);
  const favorites = uid === null ? new Set<number>() : await favoriteSet(db, uid);
  const entry = cachedBody(await listBrandsJson(db, { ...listFilter(q), categoryId }, q.limit, q.offset, favorites));
  // Not kept if the user's favorites changed while it was built (its flags could predate the change).
  if (uid === null || favoritesVersion(db, uid) === version) cache.set(key, entry, uid === null ? CATALOGUE_TTL_MS : USER_DATA_TTL_MS);
  return sendBody(c, entry);
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

async function categoryFilter(c: Context<AppEnv>): Promise<number | undefined> {
  const raw = c.req.param('category') ?? '';
  if (raw === 'all') return undefined;
  if (!/^\d{1,9}$/.test(raw)) throw notFound('Category');
  const id = Number(raw);
  const cache = catalogueCache(c.get('db')).categories;
  let ids = cache.get('ids');
  if (!ids) {
    const { rows } = await c.get('db').query<{ id: number }>('SELECT id FROM categories');
    ids = new Set(rows.map((r) => r.id));
    cache.set('ids', ids);
  }
  if (!ids.has(id)) throw notFound('Category');
  return id;
}

function listFilter(q: z.infer<typeof ListQuery>): ListFilter {
  const name = q['filter[name]']?.trim();
  return {
    name: name ? name : undefined,
    country: q['filter[country]'],
    primary: q['filter[primary]'] === undefined ? undefined : q['filter[primary]'] === '1' || q['filter[primary]'] === 'true',
  };
}

function decodeName(c: Context<AppEnv>): string {
  const raw = c.req.param('name') ?? '';
  if (raw.length === 0 || raw.length > 200) throw notFound('Brand');
  return raw;
}

const ByNameQuery = z.object({
  'filter[country]': z
    .string()
    .regex(/^[A-Za-z]{3}$/, { message: 'filter[country] must be an alpha-3 country code.' })
    .transform((v) => v.toUpperCase())
    .optional(),
});

const CategoriesQuery = z.object({ ...pagingSchema(100, 200) });

async function listCategories(c: Context<AppEnv>) {
  const q = parseQuery(c, CategoriesQuery);
  const { rows } = await c.var.db.query<CategoryRow & { total: number }>(
    `SELECT id, name, name_nld, sort_order, count(*) OVER ()::int AS total FROM categories
      ORDER BY sort_order NULLS LAST, id LIMIT $1 OFFSET $2`,
    [q.limit, q.offset],
  );
  return c.json({ results: rows.map(toCategory), metadata: { total: rows[0]?.total ?? 0, limit: q.limit, offset: q.offset } });
}

export function catalogueRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  // ----- public (visitor token, user token or none) -----
  r.get('/site/categories', optionalAuth, listCategories);
  r.get('/site/corporate-partners/by-id/:id', optionalAuth, async (c) => {
    return c.json(await getBrand(c.var.db, null, { id: pathId(c, 'id', 'Brand') }));
  });
  r.get('/site/corporate-partners/by-name/:name', optionalAuth, async (c) => {
    const q = parseQuery(c, ByNameQuery);
    return c.json(await getBrand(c.var.db, null, { name: decodeName(c), country: q['filter[country]'] }));
  });
  r.get('/site/corporate-partners/:category', optionalAuth, (c) => cachedList(c, null));

  // ----- user -----
  r.get('/categories', requireUser, listCategories);
  r.get('/corporate-partners/category/:category', requireUser, (c) => cachedList(c, userId(c)));
  r.get('/corporate-partners/favorites', requireUser, async (c) => {
    const q = parseQuery(c, ListQuery);
    const uid = userId(c);
    return c.body(await listBrandsJson(c.var.db, { ...listFilter(q), favoritesOnly: true }, q.limit, q.offset, null, uid), 200, { 'Content-Type': JSON_TYPE });
  });
  r.get('/corporate-partners/by-name/:name', requireUser, async (c) => {
    const q = parseQuery(c, ByNameQuery);
    return c.json(await getBrand(c.var.db, userId(c), { name: decodeName(c), country: q['filter[country]'] }));
  });
  r.get('/corporate-partners/:id', requireUser, async (c) => {
    return c.json(await getBrand(c.var.db, userId(c), { id: pathId(c, 'id', 'Brand') }));
  });
  r.post('/corporate-partners/:id/favorite', requireUser, async (c) => {
    const id = pathId(c, 'id', 'Brand');
    const uid = userId(c);
    const { rows } = await c.var.db.query('SELECT 1 FROM brands WHERE id = $1', [id]);
    if (rows.length === 0) throw notFound('Brand');
    await c.var.db.query('INSERT INTO favorites (user_id, brand_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [uid, id]);
    favoritesChanged(c.var.db, uid);
    return c.json(await getBrand(c.var.db, uid, { id }));
  });
  r.delete('/corporate-partners/:id/favorite', requireUser, async (c) => {
    const id = pathId(c, 'id', 'Brand');
    const uid = userId(c);
    await c.var.db.query('DELETE FROM favorites WHERE user_id = $1 AND brand_id = $2', [uid, id]);
    favoritesChanged(c.var.db, uid);
    return c.json(await getBrand(c.var.db, uid, { id }));
  });
  return r;
}

export { HttpError };
