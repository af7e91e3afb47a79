/**
 * Account deletion racing the same user's own writes (favorites, targets, pay) over real HTTP with
 * real concurrency (on PostgreSQL several connections): every answer is a 2xx or a 4xx in the error
 * shape, never a 500, and nothing of the account is left behind.
 */
import { describe, expect, test } from 'vitest';
import { useServer, type SignedUp } from './support/harness.ts';
import type { Res } from './support/client.ts';
import { loadUser } from '../../server/routes/users.ts';

const t = useServer();

const USER_TABLES: [table: string, column: string][] = [
  ['users', 'id'],
  ['favorites', 'user_id'],
  ['user_targets', 'user_id'],
  ['orders', 'user_id'],
  ['wallet_items', 'user_id'],
  ['loyalty_accounts', 'user_id'],
  ['loyalty_transactions', 'user_id'],
  ['access_tokens', 'user_id'],
  ['refresh_tokens', 'user_id'],
  ['files', 'user_id'],
  ['fondo_journeys', 'user_id'],
];

function writes(u: SignedUp): Promise<Res>[] {
  const out: Promise<Res>[] = [];
  for (let brand = 1; brand <= 8; brand++) out.push(u.api.post(`/corporate-partners/${brand}/favorite`));
  out.push(u.api.post('/application-users/targets', { target_id: 3 }));
  out.push(u.api.post('/application-users/targets', { target_id: 4 }));
  for (let i = 0; i < 4; i++) out.push(u.api.post('/corporate-partners/5/pay', { amount: 10 + i }));
  out.push(u.api.put('/application-users/me/interests', { user_interests: [1, 2], edit_version: u.user.edit_version }));
  return out;
}

describe('DELETE /application-users/me while the same user writes', () => {
  test('no 500 in any round, every refusal is in the error shape, and the account is gone entirely', async () => {
    for (let round = 0; round < 8; round++) {
      const u = await t.signUp();
      const before = writes(u);
      // The deletion lands among the writes: some were answered, some are in flight, some follow.
      await new Promise((r) => setTimeout(r, round * 3));
      const deletion = u.api.delete('/application-users/me');
      const after = writes(u);
      const answers = await Promise.all([...before, deletion, ...after]);
      for (const r of answers) {
        expect(r.status, `round ${round}: ${r.status} ${r.text}`).toBeLessThan(500);
        if (r.status >= 400) {
          expect(r.body?.error, r.text).toEqual(expect.any(String));
          expect([401, 404, 409]).toContain(r.status);
        }
      }
      expect((await deletion).status).toBe(204);
      for (const [table, column] of USER_TABLES) {
        const { rows } = await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [u.user.id]);
        expect(rows[0].n, `round ${round}: ${table}`).toBe(0);
      }
    }
  });
});

// The race's narrowest window, made certain: a write's answer reads the user back after its
// transaction, and the account was deleted in between. That is the caller's own account gone (401
// "The account no longer exists.", as the token's next request gets), not a 404 the contract does not list.
test('a user read back after the account was deleted answers 401 in the error shape', async () => {
  const u = await t.signUp();
  expect((await u.api.delete('/application-users/me')).status).toBe(204);
  await expect(loadUser(t.server.db, t.server.config, u.user.id)).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
});
