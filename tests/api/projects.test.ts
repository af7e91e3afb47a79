/** Projects (reward targets / impact projects): GET /project (filter[name]) and GET /project/{id}. */
import { describe, expect, test } from 'vitest';
import type { Project } from '../../server/contract/types.ts';
import { useServer } from './support/harness.ts';
import { expectError, expectOk, paged, projectShape } from './support/shapes.ts';

const t = useServer();

describe('GET /project', () => {
  test('12+ projects of several types, social and not, one REWILDING in m2', async () => {
    const list = expectOk(await t.api(await t.userToken()).get('/project', { query: { limit: 200, offset: 0 } }), 200, paged(projectShape));
    expect(list.results.length).toBeGreaterThanOrEqual(12);
    expect(list.metadata.total).toBe(list.results.length);
    expect(new Set(list.results.map((p) => p.type?.name ?? 'none')).size).toBeGreaterThanOrEqual(3);
    expect(list.results.some((p) => p.social)).toBe(true);
    expect(list.results.some((p) => !p.social)).toBe(true);
    expect(list.results.some((p) => p.type === null)).toBe(true);
    const rewilding = list.results.find((p) => p.name === 'REWILDING');
    expect(rewilding?.unit).toBe('m2');
  });

  test('filter[name] is case- and accent-insensitive; no match is an empty page', async () => {
    const c = t.api(await t.userToken());
    const r = expectOk(await c.get('/project', { query: { 'filter[name]': 'rewíld' } }), 200, paged(projectShape));
    expect(r.results.map((p) => p.name)).toEqual(['REWILDING']);
    const none = expectOk(await c.get('/project', { query: { 'filter[name]': "%' OR 1=1 --" } }), 200, paged(projectShape));
    expect(none.results).toEqual([]);
    expect(none.metadata.total).toBe(0);
  });

  test('paging', async () => {
    const c = t.api(await t.userToken());
    const all = (await c.get('/project', { query: { limit: 200 } })).body.results as Project[];
    const page = expectOk(await c.get('/project', { query: { limit: 5, offset: 5 } }), 200, paged(projectShape));
    expect(page.results.map((p) => p.id)).toEqual(all.slice(5, 10).map((p) => p.id));
    expectError(await c.get('/project', { query: { limit: 'all' } }), 400);
  });

  test('no token → 401; visitor → 403', async () => {
    expectError(await t.anon.get('/project'), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).get('/project'), 403, 'forbidden');
  });
});

describe('GET /project/{id}', () => {
  test('one project with unit data; user_total_units_amount is per user', async () => {
    const demo = expectOk(await t.api(await t.userToken()).get('/project/1'), 200, projectShape);
    expect(demo).toMatchObject({ id: 1, name: 'REWILDING', unit: 'm2' });
    expect(demo.description).toContain('<p>');
    const fresh = await t.signUp();
    const mine = expectOk(await fresh.api.get('/project/1', { prefix: '/api/v1' }), 200, projectShape);
    expect(mine.user_total_units_amount).toBe(0);
    expect(demo.user_total_units_amount).toBeGreaterThan(0);
  });

  test('unknown or malformed id → 404 not_found', async () => {
    const c = t.api(await t.userToken());
    expectError(await c.get('/project/999999'), 404, 'not_found');
    expectError(await c.get('/project/abc'), 404, 'not_found');
    expectError(await c.get('/project/0x1'), 404, 'not_found');
  });
});
