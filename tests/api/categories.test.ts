/** Categories: GET /site/categories (public) and GET /categories (user). */
import { describe, expect, test } from 'vitest';
import { useServer } from './support/harness.ts';
import { categoryShape, expectClientError, expectError, expectOk, paged } from './support/shapes.ts';

const t = useServer();

describe('GET /site/categories', () => {
  test('public: at least 10 categories with Dutch names, ordered by sort_order (missing last)', async () => {
    const list = expectOk(await t.anon.get('/site/categories'), 200, paged(categoryShape));
    expect(list.results.length).toBeGreaterThanOrEqual(10);
    expect(list.metadata.total).toBe(list.results.length);
    const orders = list.results.map((c) => c.sort_order ?? 999);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(list.results.some((c) => c.name !== c.name_nld)).toBe(true);
    expect(list.results.some((c) => c.sort_order === null)).toBe(true);
    expect(new Set(list.results.map((c) => c.id)).size).toBe(list.results.length);
  });

  test('visitor token, Accept-Language en, under /api/v1', async () => {
    const v = t.api(await t.visitorToken());
    const r = await v.get('/site/categories', { prefix: '/api/v1', headers: { 'Accept-Language': 'en' } });
    expectOk(r, 200, paged(categoryShape));
  });

  test('paging: limit and offset', async () => {
    const all = await t.anon.get('/site/categories');
    const page = expectOk(await t.anon.get('/site/categories', { query: { limit: 3, offset: 2 } }), 200, paged(categoryShape));
    expect(page.results).toEqual(all.body.results.slice(2, 5));
    expect(page.metadata).toMatchObject({ total: all.body.metadata.total, limit: 3, offset: 2 });
  });

  test.each([
    ['limit=abc', { limit: 'abc' }],
    ['offset=-1', { offset: '-1' }],
    ['limit=1e3', { limit: '1e3' }],
  ])('a bad query (%s) → 400 in the error shape', async (_l, query) => {
    expectError(await t.anon.get('/site/categories', { query }), 400);
  });
});

describe('GET /categories (user)', () => {
  test('a user sees the same categories as the public call', async () => {
    const user = expectOk(await t.api(await t.userToken()).get('/categories'), 200, paged(categoryShape));
    const pub = await t.anon.get('/site/categories');
    expect(user.results).toEqual(pub.body.results);
  });

  test('no token → 401, visitor → 403', async () => {
    expectError(await t.anon.get('/categories'), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).get('/categories'), 403, 'forbidden');
  });

  test('strange query values are a 4xx, never a 500', async () => {
    const u = t.api(await t.userToken());
    for (const q of [{ limit: "1; DROP TABLE categories" }, { offset: '99999999999999999999' }]) {
      expectClientError(await u.get('/categories', { query: q }));
    }
    expect((await t.anon.get('/site/categories')).body.results.length).toBeGreaterThanOrEqual(10);
  });
});
