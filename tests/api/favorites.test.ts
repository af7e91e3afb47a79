/** Favorites: GET /corporate-partners/favorites, POST/DELETE /corporate-partners/{id}/favorite. */
import { describe, expect, test } from 'vitest';
import type { Brand } from '../../server/contract/types.ts';
import { DEMO2, useServer } from './support/harness.ts';
import { brandShape, expectClientError, expectError, expectOk, paged } from './support/shapes.ts';

const t = useServer();

describe('GET /corporate-partners/favorites', () => {
  test('the demo user has favorites, all flagged is_favorite', async () => {
    const list = expectOk(await t.api(await t.userToken()).get('/corporate-partners/favorites', { query: { limit: 200, offset: 0 } }), 200, paged(brandShape));
    expect(list.results.length).toBeGreaterThan(0);
    expect(list.metadata.total).toBe(list.results.length);
    expect(list.results.every((b) => b.is_favorite)).toBe(true);
  });

  test('a new user has none', async () => {
    const u = await t.signUp();
    const list = expectOk(await u.api.get('/corporate-partners/favorites'), 200, paged(brandShape));
    expect(list).toMatchObject({ results: [], metadata: { total: 0 } });
  });

  test('no token → 401; visitor → 403', async () => {
    expectError(await t.anon.get('/corporate-partners/favorites'), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).get('/corporate-partners/favorites'), 403, 'forbidden');
  });
});

describe('POST/DELETE /corporate-partners/{id}/favorite', () => {
  test('favorite: 200 with the brand flagged; idempotent; shows in the list once', async () => {
    const u = await t.signUp();
    const a = expectOk(await u.api.post('/corporate-partners/7/favorite'), 200, brandShape);
    expect(a).toMatchObject({ id: 7, is_favorite: true });
    const b = expectOk(await u.api.post('/corporate-partners/7/favorite'), 200, brandShape);
    expect(b.is_favorite).toBe(true);
    const list = await u.api.get('/corporate-partners/favorites');
    expect(list.body.results.map((x: Brand) => x.id)).toEqual([7]);
    expect(list.body.metadata.total).toBe(1);
    expect((await u.api.get('/corporate-partners/7')).body.is_favorite).toBe(true);
  });

  test('unfavorite: 200 with the flag off; idempotent (also when never a favorite)', async () => {
    const u = await t.signUp();
    await u.api.post('/corporate-partners/8/favorite');
    const off = expectOk(await u.api.delete('/corporate-partners/8/favorite'), 200, brandShape);
    expect(off).toMatchObject({ id: 8, is_favorite: false });
    expectOk(await u.api.delete('/corporate-partners/8/favorite'), 200, brandShape);
    expectOk(await u.api.delete('/corporate-partners/9/favorite', undefined, { prefix: '/api/v1' }), 200, brandShape);
    expect((await u.api.get('/corporate-partners/favorites')).body.metadata.total).toBe(0);
  });

  test('an unknown brand → 404 not_found and nothing is stored', async () => {
    const u = await t.signUp();
    expectError(await u.api.post('/corporate-partners/999999/favorite'), 404, 'not_found');
    expectError(await u.api.post('/corporate-partners/abc/favorite'), 404, 'not_found');
    expectError(await u.api.delete('/corporate-partners/999999/favorite'), 404, 'not_found');
    expect((await u.api.get('/corporate-partners/favorites')).body.metadata.total).toBe(0);
  });

  test('a body is ignored; malformed JSON does not break it', async () => {
    const u = await t.signUp();
    const r = await u.api.post('/corporate-partners/10/favorite', undefined, { raw: '{oops', contentType: 'application/json' });
    if (r.status >= 400) expectClientError(r);
    else expect(r.status).toBe(200);
  });

  test('one user\'s favorites are invisible to and unchangeable by another', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await a.api.post('/corporate-partners/11/favorite');
    expect((await b.api.get('/corporate-partners/favorites')).body.metadata.total).toBe(0);
    expect((await b.api.get('/corporate-partners/11')).body.is_favorite).toBe(false);
    // b un-favoriting the same brand changes only b.
    await b.api.delete('/corporate-partners/11/favorite');
    expect((await a.api.get('/corporate-partners/favorites')).body.results.map((x: Brand) => x.id)).toEqual([11]);
    // A demo user's list does not change when another demo user favorites.
    const d2 = t.api(await t.userToken(DEMO2.email, DEMO2.password));
    const demo = t.api(await t.userToken());
    const before = (await demo.get('/corporate-partners/favorites', { query: { limit: 200 } })).body.metadata.total;
    await d2.post('/corporate-partners/100/favorite');
    expect((await demo.get('/corporate-partners/favorites', { query: { limit: 200 } })).body.metadata.total).toBe(before);
  });

  test('no token → 401; visitor → 403; nothing stored', async () => {
    expectError(await t.anon.post('/corporate-partners/1/favorite'), 401, 'unauthorized');
    const v = t.api(await t.visitorToken());
    expectError(await v.post('/corporate-partners/1/favorite'), 403, 'forbidden');
    expectError(await v.delete('/corporate-partners/1/favorite'), 403, 'forbidden');
  });
});
