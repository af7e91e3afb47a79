/** GET /contribution: donations per project (minor units), largest first. */
import { describe, expect, test } from 'vitest';
import { DEMO2, useServer } from './support/harness.ts';
import { contributionShape, expectError, expectOk } from './support/shapes.ts';

const t = useServer();

describe('GET /contribution', () => {
  test('the demo user: projects with amounts, sorted by amount then name, with badge images', async () => {
    const c = expectOk(await t.api(await t.userToken()).get('/contribution'), 200, contributionShape);
    expect(c.currency).toBe('EUR');
    expect(c.results.length).toBeGreaterThanOrEqual(2);
    for (const r of c.results) expect(r.amount).toBeGreaterThan(0);
    const sorted = [...c.results].sort((a, b) => b.amount - a.amount || a.project_name.localeCompare(b.project_name));
    expect(c.results.map((r) => r.project_id)).toEqual(sorted.map((r) => r.project_id));
    const withBadge = c.results.find((r) => r.badge_url);
    expect(withBadge).toBeDefined();
    const img = await t.anon.get(withBadge!.badge_url!);
    expect(img.status).toBe(200);
  });

  test('matches the sum of donation transactions per project', async () => {
    const api = t.api(await t.userToken());
    const c = (await api.get('/contribution')).body;
    const tx = (await api.get('/user-loyalty-transactions', { query: { limit: 1000, offset: 0 } })).body.results;
    const sums = new Map<number, number>();
    for (const x of tx) {
      if (x.type.name !== 'donation') continue;
      const pid = x.debit_account.project?.id ?? x.credit_account.project?.id;
      sums.set(pid, (sums.get(pid) ?? 0) + x.credit_amount.amount);
    }
    expect(new Map(c.results.map((r: { project_id: number; amount: number }) => [r.project_id, r.amount]))).toEqual(sums);
  });

  test('a new user has none; after a donation, that project appears; under /api/v1 too', async () => {
    const u = await t.signUp();
    expect(expectOk(await u.api.get('/contribution'), 200, contributionShape).results).toEqual([]);
    await u.api.post('/project/3/donate', { amount: 200 });
    await u.api.post('/project/3/donate', { amount: 100 });
    const c = expectOk(await u.api.get('/contribution', { prefix: '/api/v1' }), 200, contributionShape);
    expect(c.results).toEqual([expect.objectContaining({ project_id: 3, project_name: 'School Meals', amount: 300 })]);
  });

  test('another demo user\'s donations are not mixed in', async () => {
    const u = await t.signUp();
    await t.api(await t.userToken(DEMO2.email, DEMO2.password)).post('/project/2/donate', { amount: 500 });
    expect((await u.api.get('/contribution')).body.results).toEqual([]);
  });

  test('no token → 401; visitor → 403', async () => {
    expectError(await t.anon.get('/contribution'), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).get('/contribution'), 403, 'forbidden');
  });
});
