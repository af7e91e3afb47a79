/** Signed-in devices: GET /application-users/me/devices, DELETE …/devices/{id}, POST …/devices/sign-out-others. */
import { describe, expect, test } from 'vitest';
import type { SignedInDevice } from '../../server/contract/types.ts';
import { useServer } from './support/harness.ts';
import { expectError } from './support/shapes.ts';

const t = useServer();

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';

async function signInAs(email: string, password: string, ua: string) {
  const r = await t.token({ grant_type: 'password', username: email, password }, { headers: { 'User-Agent': ua } });
  expect(r.status).toBe(200);
  return r.body;
}

describe('signed-in devices', () => {
  test('lists each sign-in with its browser, system, times and "this device"', async () => {
    const u = await t.signUp();
    const phone = await signInAs(u.email, u.password, PHONE);
    const laptop = await signInAs(u.email, u.password, LAPTOP);
    const r = await t.api(laptop.access_token).get<{ results: SignedInDevice[] }>('/application-users/me/devices');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const list = r.body.results;
    expect(list).toHaveLength(3); // signUp's own sign-in, the phone, the laptop
    const current = list.filter((d) => d.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ browser: 'Edge', os: 'Windows' });
    expect(list.find((d) => d.os === 'iOS')).toMatchObject({ browser: 'Safari', current: false });
    for (const d of list) {
      expect(d.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Date.parse(d.first_seen)).toBeLessThanOrEqual(Date.parse(d.last_seen));
    }
    // A refresh keeps the device (same id), moves its last seen and keeps it "this device".
    const before = list.find((d) => d.os === 'iOS')!;
    const refreshed = await t.token({ grant_type: 'refresh_token', refresh_token: phone.refresh_token });
    expect(refreshed.status).toBe(200);
    const after = (await t.api(refreshed.body.access_token).get<{ results: SignedInDevice[] }>('/application-users/me/devices')).body.results;
    expect(after).toHaveLength(3);
    const phoneNow = after.find((d) => d.id === before.id)!;
    expect(phoneNow.current).toBe(true);
    expect(Date.parse(phoneNow.last_seen)).toBeGreaterThanOrEqual(Date.parse(before.last_seen));
    // Another user's devices are not listed.
    const other = await t.signUp();
    expect((await other.api.get('/application-users/me/devices')).body.results).toHaveLength(1);
  });

  test('signing a device out refuses its refresh token and its access token at once', async () => {
    const u = await t.signUp();
    const phone = await signInAs(u.email, u.password, PHONE);
    const phoneApi = t.api(phone.access_token);
    expect((await phoneApi.get('/application-users/me')).status).toBe(200); // its token is now known in memory
    const list = (await u.api.get<{ results: SignedInDevice[] }>('/application-users/me/devices')).body.results;
    const id = list.find((d) => d.os === 'iOS')!.id;
    expect((await u.api.delete(`/application-users/me/devices/${id}`)).status).toBe(204);
    expectError(await phoneApi.get('/application-users/me'), 401, 'unauthorized');
    const refresh = await t.token({ grant_type: 'refresh_token', refresh_token: phone.refresh_token });
    expectError(refresh, 400, 'invalid_grant');
    // The caller stays signed in; the device is gone from the list; a second sign-out is 404.
    const left = (await u.api.get<{ results: SignedInDevice[] }>('/application-users/me/devices')).body.results;
    expect(left.map((d) => d.current)).toEqual([true]);
    expectError(await u.api.delete(`/application-users/me/devices/${id}`), 404, 'not_found');
  });

  test('"sign out everywhere else" keeps only the caller', async () => {
    const u = await t.signUp();
    const a = await signInAs(u.email, u.password, PHONE);
    const b = await signInAs(u.email, u.password, LAPTOP);
    expect((await u.api.post('/application-users/me/devices/sign-out-others')).status).toBe(204);
    for (const s of [a, b]) {
      expectError(await t.api(s.access_token).get('/application-users/me'), 401, 'unauthorized');
      expectError(await t.token({ grant_type: 'refresh_token', refresh_token: s.refresh_token }), 400, 'invalid_grant');
    }
    expect((await u.api.get('/application-users/me')).status).toBe(200);
    expect((await t.token({ grant_type: 'refresh_token', refresh_token: u.refresh })).status).toBe(200);
  });

  test("another user's device, a malformed id, no token, a visitor: refused, nothing signed out", async () => {
    const u = await t.signUp();
    const other = await t.signUp();
    const theirs = (await other.api.get<{ results: SignedInDevice[] }>('/application-users/me/devices')).body.results[0].id;
    expectError(await u.api.delete(`/application-users/me/devices/${theirs}`), 404, 'not_found');
    expectError(await u.api.delete('/application-users/me/devices/not-an-id'), 404, 'not_found');
    expect((await other.api.get('/application-users/me')).status).toBe(200);
    expectError(await t.anon.get('/application-users/me/devices'), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).post('/application-users/me/devices/sign-out-others'), 403, 'forbidden');
  });
});
