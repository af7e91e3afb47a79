/** GET /user-loyalty-transactions?limit&offset: the user's points history, newest first. */
import { describe, expect, test } from 'vitest';
import type { Transaction } from '../../server/contract/types.ts';
import { DEMO2, useServer } from './support/harness.ts';
import { expectError, expectOk, paged, transactionShape } from './support/shapes.ts';

const t = useServer();
const TYPES = ['signup', 'first_purchase_card_linking', 'referral', 'contribution', 'first_purchase_affiliate', 'card_linking', 'share', 'donation', 'purchase', 'refund'];

async function all(token: string): Promise<Transaction[]> {
  const r = await t.api(token).get('/user-loyalty-transactions', { query: { limit: 1000, offset: 0 } });
  return expectOk(r, 200, paged(transactionShape)).results as Transaction[];
}

describe('GET /user-loyalty-transactions', () => {
  test('default page of 10, newest first, with the total', async () => {
    const r = expectOk(await t.api(await t.userToken()).get('/user-loyalty-transactions'), 200, paged(transactionShape));
    expect(r.results).toHaveLength(10);
    expect(r.metadata).toMatchObject({ limit: 10, offset: 0 });
    expect(r.metadata.total).toBeGreaterThan(50);
    const dates = r.results.map((x) => Date.parse(x.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  test('two years of history with every transaction type and every external state', async () => {
    const txs = await all(await t.userToken());
    const names = new Set(txs.map((x) => x.type.name));
    for (const type of TYPES) expect(names, type).toContain(type);
    const states = new Set(txs.map((x) => x.external_transaction?.state.name).filter(Boolean));
    expect(states).toEqual(new Set(['Cleared', 'Pending', 'Declined']));
    const span = Date.parse(txs[0].date) - Date.parse(txs[txs.length - 1].date);
    expect(span).toBeGreaterThan(600 * 86_400_000);
  });

  test('the user is on debit_account when earning and on credit_account when spending; donations name the project and units', async () => {
    const token = await t.userToken();
    const me = (await t.api(token).get('/application-users/me')).body;
    for (const x of await all(token)) {
      const mineDebit = x.debit_account.user?.id === me.id;
      const mineCredit = x.credit_account.user?.id === me.id;
      expect(mineDebit || mineCredit, `transaction ${x.id} belongs to the user`).toBe(true);
      if (x.type.name === 'donation') {
        expect(mineCredit).toBe(true);
        expect(x.debit_account.project).not.toBeNull();
        expect(x.units).toBeGreaterThan(0);
      }
      if (x.type.name === 'purchase') {
        expect(mineDebit).toBe(true);
        expect(x.external_transaction?.corporate_partner?.name).toEqual(expect.any(String));
      }
    }
  });

  test('pages do not overlap and add up to the total; offset past the end keeps the total', async () => {
    const c = t.api(await t.userToken());
    const a = (await c.get('/user-loyalty-transactions', { query: { limit: 25, offset: 0 } })).body;
    const b = (await c.get('/user-loyalty-transactions', { query: { limit: 25, offset: 25 } })).body;
    const ids = new Set(a.results.map((x: Transaction) => x.id));
    expect(b.results.some((x: Transaction) => ids.has(x.id))).toBe(false);
    const past = expectOk(await c.get('/user-loyalty-transactions', { query: { offset: 100000 } }), 200, paged(transactionShape));
    expect(past.results).toEqual([]);
    expect(past.metadata.total).toBe(a.metadata.total);
    const capped = await c.get('/user-loyalty-transactions', { query: { limit: 100000 } });
    expect(capped.body.metadata.limit).toBeLessThanOrEqual(1000);
  });

  test('a new user sees only the sign-up bonus; another user\'s history never shows up', async () => {
    const u = await t.signUp();
    const mine = await all(u.token);
    expect(mine.map((x) => x.type.name)).toEqual(['signup']);
    const demo2 = await all(await t.userToken(DEMO2.email, DEMO2.password));
    const mineIds = new Set(mine.map((x) => x.id));
    expect(demo2.some((x) => mineIds.has(x.id))).toBe(false);
  });

  test.each([{ limit: 'x' }, { offset: '-3' }, { limit: '1; DROP TABLE loyalty_transactions' }])('bad paging %j → 400', async (query) => {
    expectError(await t.api(await t.userToken()).get('/user-loyalty-transactions', { query }), 400);
  });

  test('no token → 401; visitor → 403', async () => {
    expectError(await t.anon.get('/user-loyalty-transactions'), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).get('/user-loyalty-transactions', { prefix: '/api/v1' }), 403, 'forbidden');
  });
});
