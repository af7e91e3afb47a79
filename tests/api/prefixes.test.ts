/** Every call answers the same under /api/v1.0 and /api/v1. */
import { describe, expect, test } from 'vitest';
import { PUBLIC_CALLS, USER_CALLS, label } from './support/endpoints.ts';
import { useServer } from './support/harness.ts';

const t = useServer();

// Calls whose answers differ between two requests by design (a fresh journey URL).
const VOLATILE = new Set(['/loyalty/fondo/journey/start']);

describe('/api/v1.0 and /api/v1 are the same API', () => {
  test('every GET answers the same status and body under both prefixes', async () => {
    const c = t.api(await t.userToken());
    for (const e of [...USER_CALLS, ...PUBLIC_CALLS].filter((x) => x.method === 'GET')) {
      const a = await c.get(e.path, { prefix: '/api/v1.0' });
      const b = await c.get(e.path, { prefix: '/api/v1' });
      // The demo user has no order 1: both prefixes must agree that it is not found.
      expect(a.status, label(e)).toBe(e.path.startsWith('/payment-intent/') || e.path === '/orders/1' ? 404 : 200);
      expect(b.status, label(e)).toBe(a.status);
      if (!VOLATILE.has(e.path)) expect(b.body, label(e)).toEqual(a.body);
    }
  });

  test('writes made under /api/v1 are read back under /api/v1.0 and the other way round', async () => {
    const u = await t.signUp();
    const v1 = t.api(u.token, { prefix: '/api/v1' });
    expect((await v1.post('/corporate-partners/30/favorite')).status).toBe(200);
    expect((await u.api.get('/corporate-partners/favorites')).body.metadata.total).toBe(1);
    expect((await u.api.post('/application-users/targets', { target_id: 8 })).status).toBe(201);
    expect((await v1.get('/application-users/targets')).body.metadata.total).toBe(1);
    expect((await v1.put('/application-users/me/interests', { user_interests: [4], edit_version: u.user.edit_version })).status).toBe(200);
    expect((await v1.post('/project/8/donate', { amount: 150 })).status).toBe(201);
    expect((await u.api.get('/contribution')).body.results).toHaveLength(1);
    expect((await v1.post('/tracking/screen-visit', { screen: 'Wallet' })).status).toBe(204);
    expect((await v1.post('/reset-password/x%40example.test')).status).toBe(200);
    const pay = await v1.post('/corporate-partners/5/pay', { amount: 5 });
    expect(pay.status).toBe(201);
    expect((await u.api.get(`/payment-intent/order-is-ready/${pay.body.order_id}`)).status).toBe(202);
    const signUp = await t.anon.post('/application-users', {
      first_name: 'V', last_name: 'One', email: `v1-${Date.now()}@example.test`, password: 'password-123', password_confirmation: 'password-123', country_id: 1,
    }, { prefix: '/api/v1' });
    expect(signUp.status).toBe(201);
  });
});
