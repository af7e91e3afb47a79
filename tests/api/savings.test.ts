/** GET /user-saving?filter[year]=YYYY: savings summary in minor units. */
import { describe, expect, test } from 'vitest';
import type { User } from '../../server/contract/types.ts';
import { useServer } from './support/harness.ts';
import { MONTHS, expectError, expectOk, savingsShape } from './support/shapes.ts';

const t = useServer();
const thisYear = new Date().getUTCFullYear();

describe('GET /user-saving', () => {
  test('the demo user: last year is complete, twelve months that add up', async () => {
    const s = expectOk(await t.api(await t.userToken()).get('/user-saving', { query: { 'filter[year]': thisYear - 1 } }), 200, savingsShape);
    expect(s.year).toBe(thisYear - 1);
    expect(s.currency).toBe('EUR');
    const sum = MONTHS.reduce((acc, m) => acc + s.monthly[m], 0);
    expect(s.year_to_date).toBe(sum);
    expect(sum).toBeGreaterThan(0);
    expect(Math.abs(s.monthly_average - sum / 12)).toBeLessThanOrEqual(1);
    expect(s.total).toBeGreaterThanOrEqual(sum);
  });

  test('default year is the current one; current_month is part of year_to_date', async () => {
    const c = t.api(await t.userToken());
    const s = expectOk(await c.get('/user-saving', { prefix: '/api/v1' }), 200, savingsShape);
    expect(s.year).toBe(thisYear);
    expect(s.current_month).toBe(s.monthly[MONTHS[new Date().getUTCMonth()]]);
    expect(s.year_to_date).toBeGreaterThanOrEqual(s.current_month);
    const explicit = await c.get('/user-saving', { query: { 'filter[year]': thisYear } });
    expect(explicit.body).toEqual(s);
  });

  test('a year without activity is all zeros but total stays the lifetime total', async () => {
    const c = t.api(await t.userToken());
    const now = (await c.get('/user-saving')).body;
    const old = expectOk(await c.get('/user-saving', { query: { 'filter[year]': 2001 } }), 200, savingsShape);
    expect(old.year_to_date).toBe(0);
    expect(Object.values(old.monthly).every((v) => v === 0)).toBe(true);
    expect(old.total).toBe(now.total);
  });

  test('a new user only has the sign-up bonus, and donating does not reduce savings', async () => {
    const u = await t.signUp();
    const s = expectOk(await u.api.get('/user-saving'), 200, savingsShape);
    expect(s.total).toBe(s.year_to_date);
    expect(s.current_month).toBe(s.year_to_date);
    // The average counts the months the account existed: its one month, not the year so far.
    expect(s.monthly_average).toBe(s.year_to_date);
    // A year before the account: nothing, and no average to divide.
    expect((await u.api.get('/user-saving', { query: { 'filter[year]': thisYear - 1 } })).body).toMatchObject({ year_to_date: 0, monthly_average: 0 });
    await u.api.post('/project/3/donate', { amount: 100 });
    expect((await u.api.get('/user-saving')).body).toEqual(s);
  });

  test('a return (type refund) takes its reward out of savings and points earned; a declined one does not', async () => {
    const u = await t.signUp();
    const before = expectOk(await u.api.get('/user-saving'), 200, savingsShape);
    const earnedBefore = (await u.api.get<User>('/application-users/me')).body.loyalty_account.detailed.points_earned;
    const refund = (state: string) =>
      t.server.db.query(
        `INSERT INTO loyalty_transactions (user_id, type_id, direction, debit_account_id, credit_account_id, amount, ext_state)
         SELECT $1, (SELECT id FROM transaction_types WHERE name = 'refund'), 'out',
                (SELECT id FROM loyalty_accounts WHERE system_key = 'rewards'), (SELECT id FROM loyalty_accounts WHERE user_id = $1), 120, $2`,
        [u.user.id, state],
      );
    await refund('Cleared');
    await refund('Declined');
    const after = expectOk(await u.api.get('/user-saving'), 200, savingsShape);
    expect(after).toMatchObject({ total: before.total - 120, year_to_date: before.year_to_date - 120, current_month: before.current_month - 120 });
    expect(after.monthly[MONTHS[new Date().getUTCMonth()]]).toBe(before.monthly[MONTHS[new Date().getUTCMonth()]] - 120);
    expect((await u.api.get<User>('/application-users/me')).body.loyalty_account.detailed.points_earned).toBe(earnedBefore - 120);
  });

  test('users do not see each other\'s savings', async () => {
    const u = await t.signUp();
    const demo = (await t.api(await t.userToken()).get('/user-saving')).body;
    const mine = (await u.api.get('/user-saving')).body;
    expect(mine.total).not.toBe(demo.total);
  });

  test.each(['abc', '20250', '1800', '2025; DROP TABLE users', '-2025'])('filter[year]=%s → 400', async (year) => {
    expectError(await t.api(await t.userToken()).get('/user-saving', { query: { 'filter[year]': year } }), 400);
  });

  test('no token → 401; visitor → 403', async () => {
    expectError(await t.anon.get('/user-saving'), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).get('/user-saving'), 403, 'forbidden');
  });
});
