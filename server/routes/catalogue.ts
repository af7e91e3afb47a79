/**
 * Routes of brands (corporate partners) and categories, for users and (under /site) for visitors.
 * The brand service is catalogue/brands.ts; list pages are answered from a response cache here.
 * Every GET carries a strong ETag and answers 304 to a matching If-None-Match (the service worker
 * revalidates its copies so): list pages from their cached hash, the others through hono's etag(),
 * which hashes the body. A tag is the hash of the exact body, favorite flags included, so one user's
 * tag can never produce a 304 over another's different answer.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { badRequest } from '../http/errors.ts';
import { notFound } from '../services/errors.ts';
import { pagingSchema, parseQuery, pathId } from '../http/validate.ts';
import { cachedBody, conditional, JSON_TYPE, pathAndQuery, sendBody } from '../http/cached-body.ts';
import { optionalAuth, requireUser, userId } from '../http/auth.ts';
import { toCategory, type CategoryRow } from '../present/serialize.ts';
import { CATALOGUE_TTL_MS, USER_DATA_TTL_MS, catalogueCache, favoriteSet, favoritesChanged, favoritesVersion, listPageKey } from '../catalogue/cache.ts';
import { getBrand, listBrandsJson } from '../catalogue/brands.ts';
import type { ListFilter } from '../catalogue/list-filter.ts';
import { BY_SITE_LIMIT, brandsBySite, normalizeHost } from '../catalogue/by-site.ts';
import { countsOutboxWrite } from '../http/metrics.ts';
import { pagedRows } from '../db/paged.ts';

export const ListQuery = z.object({
  ...pagingSchema(12, 200),
  'filter[name]': z.string().max(100, { message: 'filter[name] is too long.' }).optional(),
  'filter[country]': z
    .string()
    .regex(/^[A-Za-z]{3}$/, { message: 'filter[country] must be an alpha-3 country code.' })
    .transform((v) => v.toUpperCase())
    .optional(),
  'filter[primary]': z.enum(['1', '0', 'true', 'false']).optional(),
});

/**
 * Response cache of list pages. The key holds everything that changes the answer:
 * - the path and query string (category, filter[name], filter[country], filter[primary], limit, offset);
 * - for user pages, the user and the version of their favorites in this process (the flags), so a
 *   follow/unfollow here is visible at once and another user's flags never match the key;
 * - nothing else: the answer carries both languages (name / name_nld ...), does not depend on
 *   Accept-Language or on the country of the caller, and /site pages are the same for every caller
 *   (no token, visitor token or user token: the token is still checked before the cache is read).
 * A cached page is also answered before the app when nothing else can change the answer: routes/catalogue-fast-path.ts.
 * Visitor pages live CATALOGUE_TTL_MS (the catalogue is read-only through the API; seeding clears the
 * cache), user pages USER_DATA_TTL_MS (a follow/unfollow through another instance is seen by then).
 */
async function cachedList(c: Context<AppEnv>, uid: number | null): Promise<Response> {
  const db = c.get('db');
  const cache = catalogueCache(db).bodies;
  const version = uid === null ? '' : favoritesVersion(db, uid);
  const key = listPageKey(db, uid, pathAndQuery(c));
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

export const ByNameQuery = z.object({
  'filter[country]': z
    .string()
    .regex(/^[A-Za-z]{3}$/, { message: 'filter[country] must be an alpha-3 country code.' })
    .transform((v) => v.toUpperCase())
    .optional(),
});

export const CategoriesQuery = z.object({ ...pagingSchema(100, 200) });

async function listCategories(c: Context<AppEnv>) {
  const q = parseQuery(c, CategoriesQuery);
  const { rows, total } = await pagedRows<CategoryRow & { total: number }>(
    c.var.db,
    `SELECT id, name, name_nld, sort_order, count(*) OVER ()::int AS total FROM categories ORDER BY sort_order NULLS LAST, id`,
    [],
    q.limit,
    q.offset,
  );
  return c.json({ results: rows.map(toCategory), metadata: { total, limit: q.limit, offset: q.offset } });
}

export function catalogueRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  // ----- public (visitor token, user token or none) -----
  r.get('/site/categories', optionalAuth, conditional, listCategories);
  r.get('/site/corporate-partners/by-id/:id', optionalAuth, conditional, async (c) => {
    return c.json(await getBrand(c.var.db, null, { id: pathId(c, 'id', 'Brand') }));
  });
  r.get('/site/corporate-partners/by-name/:name', optionalAuth, conditional, async (c) => {
    const q = parseQuery(c, ByNameQuery);
    return c.json(await getBrand(c.var.db, null, { name: decodeName(c), country: q['filter[country]'] }));
  });
  // An addition: always a list (empty when no partner has that site), so a client can tell "no
  // partner" from a server without this endpoint (404).
  r.get('/site/corporate-partners/by-site/:host', optionalAuth, conditional, async (c) => {
    const q = parseQuery(c, ByNameQuery);
    const host = normalizeHost(c.req.param('host') ?? '');
    if (!host) throw badRequest('host must be a domain name such as shop.example.nl.');
    const results = await brandsBySite(c.var.db, host, q['filter[country]']);
    return c.json({ results, metadata: { total: results.length, limit: BY_SITE_LIMIT, offset: 0 } });
  });
  r.get('/site/corporate-partners/:category', optionalAuth, (c) => cachedList(c, null));

  // ----- user -----
  r.get('/categories', requireUser, conditional, listCategories);
  r.get('/corporate-partners/category/:category', requireUser, (c) => cachedList(c, userId(c)));
  r.get('/corporate-partners/favorites', requireUser, conditional, async (c) => {
    const q = parseQuery(c, ListQuery);
    const uid = userId(c);
    return c.body(await listBrandsJson(c.var.db, { ...listFilter(q), favoritesOnly: true }, q.limit, q.offset, null, uid), 200, { 'Content-Type': JSON_TYPE });
  });
  r.get('/corporate-partners/by-name/:name', requireUser, conditional, async (c) => {
    const q = parseQuery(c, ByNameQuery);
    return c.json(await getBrand(c.var.db, userId(c), { name: decodeName(c), country: q['filter[country]'] }));
  });
  r.get('/corporate-partners/:id', requireUser, conditional, async (c) => {
    return c.json(await getBrand(c.var.db, userId(c), { id: pathId(c, 'id', 'Brand') }));
  });
  r.post('/corporate-partners/:id/favorite', requireUser, countsOutboxWrite('favorite'), async (c) => {
    const id = pathId(c, 'id', 'Brand');
    const uid = userId(c);
    const { rows } = await c.var.db.query('SELECT 1 FROM brands WHERE id = $1', [id]);
    if (rows.length === 0) throw notFound('Brand');
    await c.var.db.query('INSERT INTO favorites (user_id, brand_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [uid, id]);
    favoritesChanged(c.var.db, uid);
    return c.json(await getBrand(c.var.db, uid, { id }));
  });
  r.delete('/corporate-partners/:id/favorite', requireUser, countsOutboxWrite('favorite'), async (c) => {
    const id = pathId(c, 'id', 'Brand');
    const uid = userId(c);
    await c.var.db.query('DELETE FROM favorites WHERE user_id = $1 AND brand_id = $2', [uid, id]);
    favoritesChanged(c.var.db, uid);
    return c.json(await getBrand(c.var.db, uid, { id }));
  });
  return r;
}
