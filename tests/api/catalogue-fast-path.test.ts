/**
 * Cached list pages are answered before the app (server/routes/catalogue-fast-path.ts). Such an answer must
 * be the app's answer exactly: the same headers (security headers, no-store, ETag, encoding), the same
 * refusals for a missing, malformed, unknown or visitor token, the caller's own favorite flags, and
 * other methods left to the app. Each check asks a page that is already cached, after a first call.
 */
import { describe, expect, test } from 'vitest';
import type { Brand, Paged } from '../../server/contract/types.ts';
import { useServer } from './support/harness.ts';
import { expectError, expectOk } from './support/shapes.ts';
import type { Res } from './support/client.ts';

const t = useServer();

const SITE = '/site/corporate-partners/all';
const USER = '/corporate-partners/category/all';
const query = { limit: 12 };

/** Every header but the per-response ones (Date, X-Request-Id), as [name, value] pairs in order. */
const headerList = (r: Res) => [...r.headers.entries()].filter(([k]) => k !== 'date' && k !== 'x-request-id');

describe('a cached page is the app’s answer', () => {
  test('the same headers as the first (uncached) answer, gzip or not, and on a 304', async () => {
    const v = t.api(await t.visitorToken());
    const u = await t.signUp();
    for (const [api, path] of [
      [t.anon, SITE],
      [v, SITE],
      [u.api, SITE],
      [u.api, USER],
    ] as const) {
      for (const encoding of ['gzip, deflate, br', 'identity']) {
        const q = { ...query, offset: encoding === 'identity' ? 12 : 0 };
        const headers = { 'accept-encoding': encoding };
        const first = await api.get(path, { query: q, headers });
        const again = await api.get(path, { query: q, headers });
        expect(again.status, path).toBe(200);
        expect(again.text, path).toBe(first.text);
        expect(headerList(again), `${path} ${encoding}`).toEqual(headerList(first));
        expect(again.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
        expect(again.headers.get('cache-control'), path).toBe('no-store');

        const notModified = await api.get(path, { query: q, headers: { ...headers, 'if-none-match': first.headers.get('etag')! } });
        expect(notModified.status, path).toBe(304);
        expect(notModified.text, path).toBe('');
        for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'cache-control', 'etag', 'vary']) {
          expect(notModified.headers.get(name), `304 ${path} ${name}`).toBe(first.headers.get(name));
        }
      }
    }
  });

  test('on a cached user page, no token, a made-up, malformed or visitor token is refused as anywhere', async () => {
    const u = await t.signUp();
    expectOk(await u.api.get(USER, { query }), 200);
    expectOk(await u.api.get(USER, { query }), 200);
    expectError(await t.anon.get(USER, { query }), 401, 'unauthorized');
    expectError(await t.api('x'.repeat(43)).get(USER, { query }), 401, 'unauthorized');
    expectError(await t.anon.get(USER, { query, headers: { authorization: `Basic ${u.token}` } }), 401, 'unauthorized');
    expectError(await t.anon.get(USER, { query, headers: { authorization: `Bearer ${u.token} extra` } }), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).get(USER, { query }), 403, 'forbidden');
    // A visitor page cached for everyone still refuses a bad token.
    expectOk(await t.anon.get(SITE, { query }), 200);
    expectError(await t.api('y'.repeat(43)).get(SITE, { query }), 401, 'unauthorized');
  });

  test('each user gets their own flags from the cache, never the page another user cached', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const id = (expectOk(await a.api.get(USER, { query }), 200) as Paged<Brand>).results[2].id;
    await a.api.post(`/corporate-partners/${id}/favorite`);
    for (let i = 0; i < 3; i++) {
      const mine = (await a.api.get(USER, { query })).body as Paged<Brand>;
      const theirs = (await b.api.get(USER, { query })).body as Paged<Brand>;
      expect(mine.results.find((x) => x.id === id)?.is_favorite).toBe(true);
      expect(theirs.results.find((x) => x.id === id)?.is_favorite).toBe(false);
    }
    // Both prefixes name the same page, each with the caller's flags.
    const old = (await a.api.get(USER, { query, prefix: '/api/v1' })).body as Paged<Brand>;
    expect(old.results.find((x) => x.id === id)?.is_favorite).toBe(true);
    await a.api.delete(`/corporate-partners/${id}/favorite`);
    expect(((await a.api.get(USER, { query, prefix: '/api/v1' })).body as Paged<Brand>).results.find((x) => x.id === id)?.is_favorite).toBe(false);
  });

  test('HEAD and other methods on a cached page are answered by the app', async () => {
    const u = await t.signUp();
    const first = await u.api.get(USER, { query });
    const head = await u.api.request('HEAD', USER, undefined, { query });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(head.headers.get('x-content-type-options')).toBe('nosniff');
    // Not a catalogue route for POST: what the app answers for an unknown route, cached page or not.
    const uncached = await u.api.post(USER, {}, { query: { limit: 13 } });
    const cached = await u.api.post(USER, {}, { query });
    expect(cached.status).toBe(uncached.status);
    expect(cached.body).toEqual(uncached.body);
    expect(cached.status).not.toBe(200);
  });
});
