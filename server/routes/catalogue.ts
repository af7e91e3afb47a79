/**
 * Brands (corporate partners) and categories, for users and (under /site) for visitors.
 * One query per list: a CTE picks the page (with the total via a window count), then category,
 * secondary categories (json_agg) and the favorite flag are joined for those rows only.
 */
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
import { catalogueCache } from './brand-cache.ts';
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

interface ListFilter {
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

async function listPage(
  db: Db,
  uid: number | null,
  f: ListFilter,
  limit: number,
  offset: number,
): Promise<{ brands: Brand[]; favorites: Set<number>; total: number }> {
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
  const key = f.favoritesOnly ? null : JSON.stringify([f.categoryId, f.name ? searchKey(f.name) : null, f.country, f.primary, limit, offset]);
  const pages = catalogueCache(db).pages;
  let page = key ? pages.get(key) : undefined;
  if (!page) {
    const [ids, count] = await Promise.all([
      db.query<{ id: number }>(`SELECT b.id FROM brands b ${whereSql} ORDER BY b.name, b.id LIMIT ${p(limit)} OFFSET ${p(offset)}`, params),
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM brands b ${whereSql}`, params.slice(0, params.length - 2)),
    ]);
    page = { ids: ids.rows.map((r) => r.id), total: count.rows[0].n };
    if (key) pages.set(key, page);
  }
  const brands = await loadBrands(db, page.ids);
  return { brands, favorites: await favoriteIds(db, uid, brands), total: page.total };
}

export async function listBrands(db: Db, uid: number | null, f: ListFilter, limit: number, offset: number): Promise<Paged<Brand>> {
  const { brands, favorites, total } = await listPage(db, uid, f, limit, offset);
  return {
    results: brands.map((b) => ({ ...b, is_favorite: favorites.has(b.id) })),
    metadata: { total, limit, offset },
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
async function listBrandsJson(db: Db, uid: number | null, f: ListFilter, limit: number, offset: number): Promise<string> {
  const { brands, favorites, total } = await listPage(db, uid, f, limit, offset);
  return `{"results":[${brands.map((b) => brandToJson(b, favorites.has(b.id))).join(',')}],"metadata":${JSON.stringify({ total, limit, offset })}}`;
}

const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };

const GZIP_MIN_BYTES = 1024;

/**
 * A visitor list page: the same for every visitor, so the body is cached with its gzip (for as long as
 * the page cache keeps the page) and sent compressed to clients that accept it. The socket write of the
 * uncompressed body was the largest cost of this hot path.
 */
async function visitorList(c: Context<AppEnv>, f: ListFilter, limit: number, offset: number): Promise<Response> {
  const cache = catalogueCache(c.var.db).visitorBodies;
  const key = JSON.stringify([f.categoryId, f.name ? searchKey(f.name) : null, f.country, f.primary, limit, offset]);
  let entry = cache.get(key);
  if (!entry) {
    const json = await listBrandsJson(c.var.db, null, f, limit, offset);
    entry = { json, gz: Buffer.byteLength(json) >= GZIP_MIN_BYTES ? new Uint8Array(gzipSync(json, { level: 6 })) : null };
    cache.set(key, entry);
  }
  c.header('Vary', 'Accept-Encoding', { append: true });
  if (entry.gz && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
    return c.body(entry.gz as Uint8Array<ArrayBuffer>, 200, { ...JSON_TYPE, 'Content-Encoding': 'gzip' });
  }
  return c.body(entry.json, 200, JSON_TYPE);
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
  const cache = catalogueCache(c.var.db).categories;
  let ids = cache.get('ids');
  if (!ids) {
    const { rows } = await c.var.db.query<{ id: number }>('SELECT id FROM categories');
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
  r.get('/site/corporate-partners/:category', optionalAuth, async (c) => {
    const q = parseQuery(c, ListQuery);
    const categoryId = await categoryFilter(c);
    return visitorList(c, { ...listFilter(q), categoryId }, q.limit, q.offset);
  });

  // ----- user -----
  r.get('/categories', requireUser, listCategories);
  r.get('/corporate-partners/category/:category', requireUser, async (c) => {
    const q = parseQuery(c, ListQuery);
    const categoryId = await categoryFilter(c);
    return c.body(await listBrandsJson(c.var.db, userId(c), { ...listFilter(q), categoryId }, q.limit, q.offset), 200, JSON_TYPE);
  });
  r.get('/corporate-partners/favorites', requireUser, async (c) => {
    const q = parseQuery(c, ListQuery);
    return c.body(await listBrandsJson(c.var.db, userId(c), { ...listFilter(q), favoritesOnly: true }, q.limit, q.offset), 200, JSON_TYPE);
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
    return c.json(await getBrand(c.var.db, uid, { id }));
  });
  r.delete('/corporate-partners/:id/favorite', requireUser, async (c) => {
    const id = pathId(c, 'id', 'Brand');
    const uid = userId(c);
    await c.var.db.query('DELETE FROM favorites WHERE user_id = $1 AND brand_id = $2', [uid, id]);
    return c.json(await getBrand(c.var.db, uid, { id }));
  });
  return r;
}

export { HttpError };
