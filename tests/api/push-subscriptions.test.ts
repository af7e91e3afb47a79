/**
 * PUT /application-users/me/push-subscription as a production server takes it (no PUSH_ALLOW_LOOPBACK):
 * only the browsers' push services (and the hosts PUSH_HOSTS adds), https on the default port, because
 * the server later posts to the endpoint (an internal address would be a server-side request forgery);
 * one device subscribing twice at once (a double tap, two tabs) is one subscription, never a 500 (on
 * PostgreSQL the two requests really run at once: DATABASE_URL); an endpoint belongs to the account
 * that subscribed it last.
 */
import { describe, expect, test } from 'vitest';
import { randomUUID, createECDH, randomBytes } from 'node:crypto';
import type { NotificationSettings } from '../../server/contract/types.ts';
import { loadConfig } from '../../server/config.ts';
import { useServer } from './support/harness.ts';
import type { Client } from './support/client.ts';
import { expectError, violationPaths } from './support/shapes.ts';

const t = useServer({ env: { PUSH_HOSTS: 'push.example.org' } });

function keys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}
const PUT = '/application-users/me/push-subscription';
const subscribed = async (api: Client) => (await api.get<NotificationSettings>('/application-users/me/notification-settings')).body.subscribed;

describe('which endpoints are taken', () => {
  test('the browsers’ push services and PUSH_HOSTS are; loopback, internal names and addresses, other ports are 422', async () => {
    const u = await t.signUp();
    const k = keys();
    for (const endpoint of [
      'https://localhost/x',
      'https://localhost./x',
      'https://LOCALHOST./x',
      'http://127.0.0.1:8080/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://0x7f000001/x',
      'https://2130706433/x',
      'https://10.0.0.1./x',
      'https://100.64.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://localtest.me/x',
      'https://127.0.0.1.nip.io/x',
      'https://foo.local:22/x',
      'https://push.example.com/x',
      // A push service's host, but not over https on its default port, with credentials, or only as a look-alike.
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://fcm.googleapis.com./fcm/send/x',
      'https://push.example.org:444/x',
      'https://notpush.example.org/x',
    ]) {
      const r = expectError(await u.api.put(PUT, { endpoint, keys: k }), 422, 'validation_error');
      expect(violationPaths(r), endpoint).toEqual(['endpoint']);
    }
    expect(await subscribed(u.api)).toBe(false);

    // What Chrome, Firefox, Safari and Edge hand out, and a self-hosted service named in PUSH_HOSTS (with its subdomains).
    for (const endpoint of [
      `https://fcm.googleapis.com/fcm/send/${randomUUID()}:APA91b`,
      `https://updates.push.services.mozilla.com/wpush/v2/${randomUUID()}`,
      `https://web.push.apple.com/QD${randomUUID()}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${randomUUID()}`,
      `https://fcm.googleapis.com:443/fcm/send/${randomUUID()}`,
      `https://push.example.org/${randomUUID()}`,
      `https://eu.push.example.org/${randomUUID()}`,
    ]) {
      const r = await u.api.put(PUT, { endpoint, keys: k });
      expect(r.status, `${endpoint}: ${r.text}`).toBe(204);
    }
    expect(await subscribed(u.api)).toBe(true);
  });

  test('PUSH_HOSTS must be host names: anything else stops the start', () => {
    expect(loadConfig({ PUSH_HOSTS: ' push.example.org , Push.Example.net ' }).pushHosts).toEqual(['push.example.org', 'push.example.net']);
    expect(loadConfig({}).pushHosts).toEqual([]);
    for (const bad of ['10.0.0.1', 'localhost', 'https://push.example.org', 'push.example.org:8443', 'a..b', '*', 'push.example.org,']) {
      expect(() => loadConfig({ PUSH_HOSTS: bad }), bad).toThrow('PUSH_HOSTS');
    }
  });
});

describe('one device, one subscription', () => {
  test('the same subscription sent twice at once, ten times, and new endpoints at once: every answer 204, one row', async () => {
    const u = await t.signUp();
    const k = keys();
    const results: number[] = [];
    for (let i = 0; i < 10; i++) {
      const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
      results.push(...(await Promise.all([0, 1].map(async () => (await u.api.put(PUT, { endpoint, keys: k })).status))));
    }
    // The browser renewed its subscription in two tabs: two endpoints at once, the last one written stays.
    results.push(...(await Promise.all([0, 1, 2].map(async () => (await u.api.put(PUT, { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, keys: keys() })).status))));
    expect(results).toEqual(Array(results.length).fill(204));
    const rows = await t.server.db.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [u.user.id]);
    expect(rows.rows).toHaveLength(1);
    expect(await subscribed(u.api)).toBe(true);
  });

  test('an endpoint is the browser’s: another account subscribing it on that browser takes it over, at once too', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const endpoint = `https://updates.push.services.mozilla.com/wpush/v2/${randomUUID()}`;
    const k = keys();
    expect((await a.api.put(PUT, { endpoint, keys: k })).status).toBe(204);
    expect((await b.api.put(PUT, { endpoint, keys: k })).status).toBe(204);
    // A's messages no longer reach a browser now signed in as B.
    expect(await subscribed(a.api)).toBe(false);
    expect(await subscribed(b.api)).toBe(true);
    // Both at once: both answered, one of them owns it.
    const again = `https://updates.push.services.mozilla.com/wpush/v2/${randomUUID()}`;
    const statuses = await Promise.all([a, b, a, b].map(async (x) => (await x.api.put(PUT, { endpoint: again, keys: k })).status));
    expect(statuses).toEqual([204, 204, 204, 204]);
    expect([await subscribed(a.api), await subscribed(b.api)].filter(Boolean)).toHaveLength(1);
  });

  test('at most ten devices per account: the eleventh subscription ends the oldest one', async () => {
    const u = await t.signUp();
    const devices = [u.api];
    for (let i = 0; i < 10; i++) devices.push(t.api((await t.login(u.email, u.password)).access_token));
    for (const d of devices) expect((await d.put(PUT, { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, keys: keys() })).status).toBe(204);
    const states = await Promise.all(devices.map((d) => subscribed(d)));
    expect(states).toEqual([false, ...Array(10).fill(true)]);
    // The oldest device subscribing again is the newest: the next oldest makes way.
    expect((await devices[0].put(PUT, { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, keys: keys() })).status).toBe(204);
    expect(await Promise.all(devices.map((d) => subscribed(d)))).toEqual([true, false, ...Array(9).fill(true)]);
  });
});
