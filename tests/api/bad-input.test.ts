/**
 * Malformed requests across every call that takes a body: always a 4xx in the contract's error
 * shape, never a 500, and the server keeps working afterwards.
 */
import { describe, expect, test } from 'vitest';
import { useServer } from './support/harness.ts';
import { expectClientError, expectError } from './support/shapes.ts';
import type { Client } from './support/client.ts';

const t = useServer();

const JSON_CALLS: { method: string; path: string; auth: 'user' | 'none' }[] = [
  { method: 'POST', path: '/oauth/v2/token', auth: 'none' },
  { method: 'POST', path: '/application-users', auth: 'none' },
  { method: 'PUT', path: '/application-users/me', auth: 'user' },
  { method: 'PUT', path: '/application-users/me/interests', auth: 'user' },
  { method: 'POST', path: '/application-users/targets', auth: 'user' },
  { method: 'DELETE', path: '/application-users/targets', auth: 'user' },
  { method: 'POST', path: '/corporate-partners/5/pay', auth: 'user' },
  { method: 'POST', path: '/project/1/donate', auth: 'user' },
  { method: 'POST', path: '/tracking/screen-visit', auth: 'none' },
  { method: 'PUT', path: '/application-users/me/push-subscription', auth: 'user' },
  { method: 'PUT', path: '/application-users/me/notification-settings', auth: 'user' },
];

const deep = '['.repeat(5000) + ']'.repeat(5000);
const BAD_BODIES: [string, string][] = [
  ['truncated JSON', '{"a": '],
  ['trailing garbage', '{"a": 1} xyz'],
  ['single quotes', "{'a': 1}"],
  ['a JSON array', '[1, 2, 3]'],
  ['a JSON number', '12'],
  ['a JSON string', '"hello"'],
  ['JSON null', 'null'],
  ['deeply nested', deep],
  ['invalid UTF-8 escapes', '{"a": "\\ud800\\u0000"}'],
  ['prototype pollution', '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}'],
];

let user: Client;
const clientFor = async (auth: 'user' | 'none') => (auth === 'user' ? (user ??= (await t.signUp()).api) : t.anon);

describe.each(JSON_CALLS)('$method $path', ({ method, path, auth }) => {
  test('malformed and non-object bodies → 4xx in the error shape', async () => {
    const c = await clientFor(auth);
    for (const [name, raw] of BAD_BODIES) {
      const r = await c.request(method, path, undefined, { raw, contentType: 'application/json' });
      expect(r.status, `${name}: ${r.status} ${r.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expectClientError(r);
    }
  });

  test('a body over the limit → 413 in the error shape', async () => {
    const c = await clientFor(auth);
    const raw = JSON.stringify({ padding: 'x'.repeat(300 * 1024) });
    expectError(await c.request(method, path, undefined, { raw, contentType: 'application/json' }), 413);
  });

  test('wrong content types and binary junk → never a 5xx', async () => {
    const c = await clientFor(auth);
    for (const [raw, type] of [
      ['a=1&b=2', 'application/x-www-form-urlencoded'],
      ['{"a":1}', 'text/plain'],
      [new Uint8Array([0xff, 0xfe, 0x00, 0x81, 0x9f]), 'application/octet-stream'],
      ['<?xml version="1.0"?><a/>', 'application/xml'],
    ] as const) {
      const r = await c.request(method, path, undefined, { raw: raw as BodyInit, contentType: type });
      expect(r.status, `${type}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
      if (r.status >= 400) expectClientError(r);
    }
  });
});

describe('after all that', () => {
  test('the server still answers and nothing was polluted', async () => {
    expect((await t.anon.get('/health')).body).toEqual({ ok: true });
    const me = await t.api(await t.userToken()).get('/application-users/me');
    expect(me.status).toBe(200);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(me.body.isAdmin).toBeUndefined();
  });
});

describe('odd URLs', () => {
  test.each([
    '/corporate-partners/%00',
    '/corporate-partners/by-name/%E0%A4%A',
    '/site/corporate-partners/by-name/%FF',
    '/project/%27%20OR%201%3D1',
    `/corporate-partners/by-name/${'a'.repeat(3000)}`,
  ])('%s → 4xx, never a 5xx', async (path) => {
    const r = await t.api(await t.userToken()).get(path);
    expect(r.status, r.text.slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(r.status, r.text.slice(0, 200)).toBeLessThan(500);
  });
});
