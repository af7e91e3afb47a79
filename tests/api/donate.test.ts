/** POST /project/{id}/donate: debits points and credits the project in one transaction. */
import { describe, expect, test } from 'vitest';
import { useServer, type SignedUp } from './support/harness.ts';
import { donateShape, expectError, expectOk, projectShape } from './support/shapes.ts';

const t = useServer();

async function balance(u: SignedUp): Promise<number> {
  return (await u.api.get('/application-users/me')).body.loyalty_account.amount.amount;
}
async function txCount(u: SignedUp): Promise<number> {
  return (await u.api.get('/user-loyalty-transactions', { query: { limit: 1 } })).body.metadata.total;
}

describe('POST /project/{id}/donate', () => {
  test('201: balance goes down, units are credited, a donation transaction and a contribution appear', async () => {
    const u = await t.signUp();
    const start = await balance(u);
    expect(start).toBeGreaterThanOrEqual(250);
    const project = expectOk(await u.api.get('/project/1'), 200, projectShape);
    const amount = project.unit_points; // one step
    const r = expectOk(await u.api.post('/project/1/donate', { amount }), 201, donateShape);
    expect(r.balance).toBe(start - amount);
    expect(r.units).toBeCloseTo(project.unit_amount);
    expect(await balance(u)).toBe(start - amount);

    const after = expectOk(await u.api.get('/project/1'), 200, projectShape);
    expect(after.user_total_units_amount).toBeCloseTo(project.user_total_units_amount + project.unit_amount);

    const tx = await u.api.get('/user-loyalty-transactions', { query: { limit: 10 } });
    const donation = tx.body.results.find((x: { id: number }) => x.id === r.transaction_id);
    expect(donation).toMatchObject({
      type: { name: 'donation' },
      credit_account: { user: { id: u.user.id } },
      debit_account: { project: { id: 1, name: 'REWILDING' } },
      credit_amount: { amount },
    });
    const contrib = await u.api.get('/contribution');
    expect(contrib.body.results).toEqual([expect.objectContaining({ project_id: 1, amount })]);
  });

  test('more than the balance → 422 insufficient_points and nothing changes', async () => {
    const u = await t.signUp();
    const start = await balance(u);
    const count = await txCount(u);
    const e = expectError(await u.api.post('/project/3/donate', { amount: start + 1 }), 422, 'insufficient_points');
    expect(e.error_description.length).toBeGreaterThan(0);
    expect(await balance(u)).toBe(start);
    expect(await txCount(u)).toBe(count);
    expect((await u.api.get('/contribution')).body.results).toEqual([]);
    // Spending exactly the balance is fine.
    expectOk(await u.api.post('/project/3/donate', { amount: start }), 201, donateShape);
    expect(await balance(u)).toBe(0);
    expectError(await u.api.post('/project/3/donate', { amount: 1 }), 422, 'insufficient_points');
  });

  test('concurrent donations cannot overspend', async () => {
    const u = await t.signUp();
    const start = await balance(u);
    const half = Math.floor(start / 2) + 1;
    const results = await Promise.all([0, 1, 2].map(() => u.api.post('/project/4/donate', { amount: half })));
    const ok = results.filter((r) => r.status === 201);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expectError(r, 422, 'insufficient_points');
    expect(await balance(u)).toBe(start - half);
  });

  test.each([
    ['zero', { amount: 0 }],
    ['negative', { amount: -100 }],
    ['fractional', { amount: 10.5 }],
    ['a string', { amount: '100' }],
    ['missing', {}],
    ['huge', { amount: 1e12 }],
    ['an array', { amount: [100] }],
  ])('amount %s → 422 on amount; nothing changes', async (_l, body) => {
    const u = await t.signUp();
    const start = await balance(u);
    const e = expectError(await u.api.post('/project/1/donate', body), 422);
    expect(e.violations?.map((v) => v.property_path)).toContain('amount');
    expect(await balance(u)).toBe(start);
  });

  test('malformed JSON → 400; unknown project → 404 with nothing debited', async () => {
    const u = await t.signUp();
    const start = await balance(u);
    expectError(await u.api.post('/project/1/donate', undefined, { raw: '{"amount":', contentType: 'application/json' }), 400);
    expectError(await u.api.post('/project/999999/donate', { amount: 10 }), 404, 'not_found');
    expect(await balance(u)).toBe(start);
  });

  test('no token → 401; visitor → 403', async () => {
    expectError(await t.anon.post('/project/1/donate', { amount: 10 }), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).post('/project/1/donate', { amount: 10 }, { prefix: '/api/v1' }), 403, 'forbidden');
  });
});
