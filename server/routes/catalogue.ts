/**
 * Brands (corporate partners) and categories, for users and (under /site) for visitors.
 * One query per list: a CTE picks the page (with the total via a window count), then category,
 * secondary categories (json_agg) and the favorite flag are joined for those rows only.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/open.ts';
import type { AppEnv } from '../http/env.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { pagingSchema, parseQuery, pathId } from '../http/validate.ts';
import { optionalAuth, requireUser, userId } from '../auth/middleware.ts';
import { likeEscape, searchKey } from '../text.ts';
import { toBrand, toCategory, type BrandRowOut, type CategoryRow } from './serialize.ts';
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

const BRAND_SELECT = `
  b.id, b.name, b.name_nld, b.description, b.description_nld, b.has_photo, b.has_logo,
  b.hide_background_image, b.hide_logo, b.hide_name, b.site, b.affiliate_percent, b.commission_type,
  b.commission_currency, b.affiliate_link, b.giftcard_percent, b.giftcard_type, b.is_primary,
  b.category_id, c.name AS c_name, c.name_nld AS c_name_nld, c.sort_order AS c_sort_order,
  b.country_alpha3, b.country_name, b.rating, b.proof_points,
  (SELECT coalesce(json_agg(json_build_object('id', sc.id, 'name', sc.name, 'name_nld', sc.name_nld, 'sort_order', sc.sort_order)
                   ORDER BY sc.sort_order NULLS LAST, sc.id), '[]'::json)
     FROM brand_secondary_categories s JOIN categories sc ON sc.id = s.category_id
    WHERE s.brand_id = b.id) AS secondary`;

export async function listBrands(
  db: Db,
  uid: number | null,
  f: ListFilter,
  limit: number,
  offset: number,
): Promise<Paged<Brand>> {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (f.categoryId !== undefined) {
    const c = p(f.categoryId);
    where.push(`(b.category_id = ${c} OR EXISTS (SELECT 1 FROM brand_secondary_categories s WHERE s.brand_id = b.id AND s.category_id = ${c}))`);
  }
  if (f.name) {
    const pat = p(`%${likeEscape(searchKey(f.name))}%`);
    where.push(`b.search_key LIKE ${pat}`);
  }
  if (f.country) where.push(`b.country_alpha3 = ${p(f.country)}`);
  if (f.primary !== undefined) where.push(`b.is_primary = ${p(f.primary)}`);
  const uidParam = p(uid ?? 0);
  if (f.favoritesOnly) where.push(`EXISTS (SELECT 1 FROM favorites fo WHERE fo.brand_id = b.id AND fo.user_id = ${uidParam})`);
  const order = 'b.name, b.id';
  const lim = p(limit);
  const off = p(offset);
  const sql = `
    WITH page AS (
      SELECT b.id, b.name, count(*) OVER () AS total
        FROM brands b
       ${where.length ? 'WHERE ' + where.join(' AND ') : ''}
       ORDER BY ${order}
       LIMIT ${lim} OFFSET ${off}
    )
    SELECT ${BRAND_SELECT}, page.total::int AS total,
           EXISTS (SELECT 1 FROM favorites f WHERE f.brand_id = b.id AND f.user_id = ${uidParam}) AS is_favorite
      FROM page
      JOIN brands b ON b.id = page.id
      LEFT JOIN categories c ON c.id = b.category_id
     ORDER BY b.name, b.id`;
  const { rows } = await db.query<BrandRowOut & { total: number }>(sql, params);
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && offset > 0) {
    // ${uidParam} is selected so every parameter is referenced (PostgreSQL needs each one typed).
    const countSql = `SELECT count(*)::int AS n, ${uidParam}::int AS u FROM brands b ${where.length ? 'WHERE ' + where.join(' AND ') : ''}`;
    const countParams = params.slice(0, params.length - 2);
    total = (await db.query<{ n: number }>(countSql, countParams)).rows[0].n;
  }
  return { results: rows.map(toBrand), metadata: { total, limit, offset } };
}

export async function getBrand(db: Db, uid: number | null, by: { id?: number; name?: string; country?: string }): Promise<Brand> {
  const params: unknown[] = [uid ?? 0];
  let where: string;
  let order = 'b.id';
  if (by.id !== undefined) {
    params.push(by.id);
    where = 'b.id = $2';
  } else {
    params.push((by.name ?? '').toLowerCase());
    where = 'lower(b.name) = $2';
    if (by.country) {
      params.push(by.country);
      where += ' AND b.country_alpha3 = $3';
    } else {
      order = `(b.country_alpha3 = 'NLD') DESC, b.id`;
    }
  }
  const { rows } = await db.query<BrandRowOut>(
    `SELECT ${BRAND_SELECT},
            EXISTS (SELECT 1 FROM favorites f WHERE f.brand_id = b.id AND f.user_id = $1) AS is_favorite
       FROM brands b LEFT JOIN categories c ON c.id = b.category_id
      WHERE ${where} ORDER BY ${order} LIMIT 1`,
    params,
  );
  if (rows.length === 0) throw notFound('Brand');
  return toBrand(rows[0]);
}

async function categoryFilter(c: Context<AppEnv>): Promise<number | undefined> {
  const raw = c.req.param('category') ?? '';
  if (raw === 'all') return undefined;
  if (!/^\d{1,9}$/.test(raw)) throw notFound('Category');
  const id = Number(raw);
  const { rows } = await c.var.db.query('SELECT 1 FROM categories WHERE id = $1', [id]);
  if (rows.length === 0) throw notFound('Category');
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
    return c.json(await listBrands(c.var.db, null, { ...listFilter(q), categoryId }, q.limit, q.offset));
  });

  // ----- user -----
  r.get('/categories', requireUser, listCategories);
  r.get('/corporate-partners/category/:category', requireUser, async (c) => {
    const q = parseQuery(c, ListQuery);
    const categoryId = await categoryFilter(c);
    return c.json(await listBrands(c.var.db, userId(c), { ...listFilter(q), categoryId }, q.limit, q.offset));
  });
  r.get('/corporate-partners/favorites', requireUser, async (c) => {
    const q = parseQuery(c, ListQuery);
    return c.json(await listBrands(c.var.db, userId(c), { ...listFilter(q), favoritesOnly: true }, q.limit, q.offset));
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
