/**
 * Access rules across the whole contract, under both prefixes: no token → 401, a visitor token →
 * 403 on user calls, public calls open to all; and one user can neither read nor change another's data.
 */
import { describe, expect, test } from 'vitest';
import { PREFIXES, type Client } from './support/client.ts';
import { PUBLIC_CALLS, USER_CALLS, label, type Endpoint } from './support/endpoints.ts';
import { useServer } from './support/harness.ts';
import { expectError } from './support/shapes.ts';
import { PNG } from './support/images.ts';

const t = useServer();

function call(c: Client, e: Endpoint, prefix: (typeof PREFIXES)[number]) {
  if (e.multipart) {
    const fd = new FormData();
    fd.set('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' }), 'a.png');
    return c.request(e.method, e.path, undefined, { prefix, raw: fd });
  }
  return c.request(e.method, e.path, e.body, { prefix });
}

describe.each(PREFIXES)('under %s', (prefix) => {
  test('every user call without a token → 401 unauthorized, and nothing happens', async () => {
    for (const e of USER_CALLS) expectError(await call(t.anon, e, prefix), 401, 'unauthorized');
  });

  test('every user call with a visitor token → 403 forbidden', async () => {
    const v = t.api(await t.visitorToken());
    for (const e of USER_CALLS) {
      const r = await call(v, e, prefix);
      expect(r.status, label(e)).toBe(403);
      expectError(r, 403, 'forbidden');
    }
  });

  test('every user call with a made-up or malformed token → 401', async () => {
    for (const token of ['x'.repeat(43), 'not a token', '']) {
      const c = t.api(null, { headers: { Authorization: `Bearer ${token}` } });
      for (const e of USER_CALLS.slice(0, 6)) expectError(await call(c, e, prefix), 401, 'unauthorized');
    }
  });

  test('public calls work with no token, a visitor token and a user token', async () => {
    const clients = [t.anon, t.api(await t.visitorToken()), t.api(await t.userToken())];
    for (const c of clients) {
      for (const e of PUBLIC_CALLS) {
        const r = await call(c, e, prefix);
        expect([401, 403], `${label(e)} → ${r.status}`).not.toContain(r.status);
        expect(r.status, `${label(e)}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
        expect(r.status, label(e)).not.toBe(404);
      }
    }
  });
});

describe('a second user can neither read nor change the first user\'s data', () => {
  test('everything B does leaves what A sees exactly as it was', async () => {
    const a = await t.signUp({ first_name: 'Alice' });
    // A builds some state.
    await a.api.post('/corporate-partners/20/favorite');
    await a.api.post('/application-users/targets', { target_id: 4 });
    await a.api.post('/project/4/donate', { amount: 150 });
    const order = (await a.api.post('/corporate-partners/5/pay', { amount: 20 })).body;
    const photoForm = new FormData();
    photoForm.set('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    const photo = (await a.api.post('/files', undefined, { raw: photoForm })).body;

    const gets = ['/application-users/me', '/corporate-partners/favorites', '/application-users/targets', '/wallet/me', '/contribution', '/user-loyalty-transactions', '/user-saving'];
    const snapshot = async () => Promise.all(gets.map(async (p) => (await a.api.get(p)).body));
    const before = await snapshot();

    const b = await t.signUp({ first_name: 'Bob' });
    // B reads: sees only B's data.
    const bMe = (await b.api.get('/application-users/me')).body;
    expect(bMe.id).not.toBe(a.user.id);
    expect(bMe.first_name).toBe('Bob');
    expect((await b.api.get('/corporate-partners/favorites')).body.metadata.total).toBe(0);
    expect((await b.api.get('/application-users/targets')).body.metadata.total).toBe(0);
    expect((await b.api.get('/contribution')).body.results).toEqual([]);
    expectError(await b.api.get(`/payment-intent/order-is-ready/${order.order_id}`), 404, 'not_found');
    // B tries to act on A's things; ids that are A's never reach A's rows.
    await b.api.delete('/corporate-partners/20/favorite');
    await b.api.delete('/application-users/targets', { target_id: 4 });
    await b.api.post('/project/4/donate', { amount: 50 });
    expectError(
      await b.api.put('/application-users/me', { first_name: 'Hacked', last_name: 'x', email: a.email, country_id: 1, edit_version: bMe.edit_version }),
      422,
    );
    expectError(
      await b.api.put('/application-users/me', { first_name: 'Hacked', last_name: 'x', email: b.email, country_id: 1, edit_version: bMe.edit_version, profile_photo_id: photo.id }),
      422,
    );
    // Extra fields naming another user are ignored.
    await b.api.put('/application-users/me', { first_name: 'Bobby', last_name: 'x', email: b.email, country_id: 1, edit_version: bMe.edit_version, id: a.user.id, user_id: a.user.id });
    await b.api.put('/application-users/me/interests', { user_interests: [1, 2], edit_version: bMe.edit_version + 1, user_id: a.user.id });
    expect((await b.api.delete('/application-users/me', { id: a.user.id })).status).toBe(204);

    expect(await snapshot()).toEqual(before);
    expect((await a.api.get('/application-users/me')).body.first_name).toBe('Alice');
  });
});
