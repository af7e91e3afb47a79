/** Data written through the API survives a server restart (on-disk PGlite, or PostgreSQL). */
import { describe, expect, test } from 'vitest';
import type { Brand, TargetItem } from '../../server/contract/types.ts';
import { useServer } from './support/harness.ts';
import { expectOk, userShape } from './support/shapes.ts';

const t = useServer({ onDisk: true });

describe('restart', () => {
  test('a new account, its profile, favorites, targets, donation, order and tokens are all there after a restart', async () => {
    expect(t.server.database.where).toMatch(/^(pglite:\/|pg:)/); // a data directory or PostgreSQL, not memory
    const u = await t.signUp({ first_name: 'Persistent' });
    const updated = expectOk(
      await u.api.put('/application-users/me', { first_name: 'Still', last_name: 'Here', email: u.email, country_id: 1, edit_version: u.user.edit_version }),
      200,
      userShape,
    );
    await u.api.post('/corporate-partners/12/favorite');
    await u.api.post('/application-users/targets', { target_id: 3 });
    const donation = await u.api.post('/project/3/donate', { amount: 100 });
    expect(donation.status).toBe(201);
    const order = await u.api.post('/corporate-partners/5/pay', { amount: 30 });
    expect(order.status).toBe(201);
    const balance = (await u.api.get('/application-users/me')).body.loyalty_account.amount.amount;

    await t.server.restart();

    // The access token issued before the restart still works (tokens live in the database).
    const me = expectOk(await u.api.get('/application-users/me'), 200, userShape);
    expect(me).toMatchObject({ id: u.user.id, first_name: 'Still', last_name: 'Here', edit_version: updated.edit_version });
    expect(me.loyalty_account.amount.amount).toBe(balance);
    // So does signing in with the password, and the refresh token.
    await t.login(u.email, u.password);
    expect((await t.token({ grant_type: 'refresh_token', refresh_token: u.refresh })).status).toBe(200);
    const favs = (await u.api.get('/corporate-partners/favorites')).body.results as Brand[];
    expect(favs.map((b) => b.id)).toEqual([12]);
    const targets = (await u.api.get('/application-users/targets')).body.results as TargetItem[];
    expect(targets.map((x) => x.target.id)).toEqual([3]);
    expect((await u.api.get('/contribution')).body.results).toEqual([expect.objectContaining({ project_id: 3, amount: 100 })]);
    const ready = await u.api.get(`/payment-intent/order-is-ready/${order.body.order_id}`);
    expect(ready.status).toBe(202);
    // The sandbox link still works after the restart.
    const page = await t.anon.get(order.body.payment_url);
    expect(page.status).toBe(200);
  });

  test('the demo data is still complete after a restart, and the server does not re-seed or duplicate it', async () => {
    const before = (await t.anon.get('/site/corporate-partners/all')).body.metadata.total;
    await t.server.restart();
    expect((await t.anon.get('/site/corporate-partners/all')).body.metadata.total).toBe(before);
    expect((await t.api(await t.userToken()).get('/wallet/me')).body.length).toBeGreaterThan(0);
  });
});
