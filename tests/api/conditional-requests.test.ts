/**
 * Conditional requests on the catalogue (what the service worker revalidates its copies with): every
 * catalogue GET carries a strong ETag; the same tag back gives 304 with no body; a change that alters
 * the body (following a brand) gives 200 and a new tag; one user's tag never hides another user's
 * different answer; malformed or huge If-None-Match headers are ignored (200), never a 500.
 */
import { describe, expect, test } from 'vitest';
import type { Brand, Paged } from '../../server/contract/types.ts';
import { useServer } from './support/harness.ts';
import type { Client, Res } from './support/client.ts';

const t = useServer();

const STRONG = /^"[^"]+"$/;

/** Every catalogue GET (user paths need a user token; /site paths answer a visitor too). */
async function endpoints(): Promise<{ site: string[]; user: string[] }> {
  const v = t.api(await t.visitorToken());
  const brand = (await v.get('/site/corporate-partners/by-id/7')).body as Brand;
  return {
    site: [
      '/site/corporate-partners/all?limit=12',
      '/site/corporate-partners/all?limit=12&filter%5Bname%5D=ar',
      '/site/corporate-partners/2?limit=12',
      '/site/categories',
      '/site/countries',
      '/site/corporate-partners/by-id/7',
      `/site/corporate-partners/by-name/${encodeURIComponent(brand.name)}`,
      `/site/corporate-partners/by-site/${encodeURIComponent(brand.site)}`,
    ],
    user: [
      '/corporate-partners/category/all?limit=12',
      '/categories',
      '/corporate-partners/favorites',
      '/corporate-partners/7',
      `/corporate-partners/by-name/${encodeURIComponent(brand.name)}`,
    ],
  };
}

async function revalidates(api: Client, path: string): Promise<Res> {
  const first = await api.get(path);
  expect(first.status, path).toBe(200);
  const etag = first.headers.get('etag');
  expect(etag, path).toMatch(STRONG);
  const again = await api.get(path, { headers: { 'if-none-match': etag! } });
  expect(again.status, path).toBe(304);
  expect(again.text, path).toBe('');
  expect(again.headers.get('etag'), path).toBe(etag);
  return first;
}

describe('ETag and 304 on every catalogue GET', () => {
  test('visitor and user endpoints: strong ETag, 304 with no body for the same tag', async () => {
    const { site, user } = await endpoints();
    const visitor = t.api(await t.visitorToken());
    const u = await t.signUp();
    for (const path of site) {
      await revalidates(visitor, path);
      await revalidates(u.api, path);
    }
    for (const path of user) await revalidates(u.api, path);
    // A tag among others, and a weak form of it, match too (If-None-Match compares weakly).
    const etag = (await visitor.get('/site/categories')).headers.get('etag')!;
    expect((await visitor.get('/site/categories', { headers: { 'if-none-match': `"nope", W/${etag}` } })).status).toBe(304);
  });

  test('gzip and plain JSON have different strong tags; either one revalidates', async () => {
    const token = await t.visitorToken();
    const url = `${t.baseUrl}/api/v1.0/site/corporate-partners/all?limit=24`;
    const get = (headers: Record<string, string>) => fetch(url, { headers: { authorization: `Bearer ${token}`, ...headers } });
    const gz = await get({ 'accept-encoding': 'gzip' });
    const plain = await get({ 'accept-encoding': 'identity' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(await plain.text());
    const gzTag = gz.headers.get('etag')!;
    const plainTag = plain.headers.get('etag')!;
    expect(gzTag).toMatch(STRONG);
    expect(plainTag).toMatch(STRONG);
    expect(gzTag).not.toBe(plainTag);
    for (const tag of [gzTag, plainTag]) {
      const r = await get({ 'accept-encoding': 'gzip', 'if-none-match': tag });
      expect(r.status).toBe(304);
      expect(r.headers.get('etag')).toBe(gzTag); // the tag of what a 200 would have been
      expect(r.headers.get('vary')).toMatch(/accept-encoding/i);
    }
  });

  test('language does not change the answer (both languages are in it), so the tag is the same', async () => {
    const v = t.api(await t.visitorToken());
    for (const path of ['/site/corporate-partners/all?limit=12', '/site/categories', '/site/corporate-partners/by-id/7']) {
      const nl = await v.get(path, { headers: { 'accept-language': 'nl-NL' } });
      const en = await v.get(path, { headers: { 'accept-language': 'en' } });
      expect(nl.text).toBe(en.text);
      expect(nl.headers.get('etag')).toBe(en.headers.get('etag'));
    }
  });

  test('another query never matches: a tag of one page gives 200 on another', async () => {
    const v = t.api(await t.visitorToken());
    const etag = (await v.get('/site/corporate-partners/all?limit=12')).headers.get('etag')!;
    for (const path of ['/site/corporate-partners/all?limit=12&offset=12', '/site/corporate-partners/all?limit=12&filter%5Bcountry%5D=SWE', '/site/corporate-partners/2?limit=12']) {
      const r = await v.get(path, { headers: { 'if-none-match': etag } });
      expect(r.status, path).toBe(200);
      expect(r.headers.get('etag'), path).not.toBe(etag);
    }
  });
});

describe('a change that alters the answer gives 200 and a new tag', () => {
  test('following and unfollowing a brand: list page, favorites, the brand itself', async () => {
    const u = await t.signUp();
    const v = t.api(await t.visitorToken());
    const list = await u.api.get('/corporate-partners/category/all?limit=12');
    const id = (list.body as Paged<Brand>).results[2].id;
    const paths = ['/corporate-partners/category/all?limit=12', '/corporate-partners/favorites', `/corporate-partners/${id}`];
    const before = new Map<string, string>();
    for (const p of paths) before.set(p, (await revalidates(u.api, p)).headers.get('etag')!);
    const siteTag = (await v.get('/site/corporate-partners/all?limit=12')).headers.get('etag')!;

    expect((await u.api.post(`/corporate-partners/${id}/favorite`)).status).toBe(200);
    const followed = new Map<string, string>();
    for (const p of paths) {
      const r = await u.api.get(p, { headers: { 'if-none-match': before.get(p)! } });
      expect(r.status, p).toBe(200);
      expect(r.headers.get('etag'), p).toMatch(STRONG);
      expect(r.headers.get('etag'), p).not.toBe(before.get(p));
      followed.set(p, r.headers.get('etag')!);
    }
    expect(((await u.api.get(paths[0])).body as Paged<Brand>).results.find((b) => b.id === id)?.is_favorite).toBe(true);
    expect(((await u.api.get(paths[1])).body as Paged<Brand>).results.map((b) => b.id)).toEqual([id]);
    // The visitor page carries no flags: still the same answer.
    expect((await v.get('/site/corporate-partners/all?limit=12', { headers: { 'if-none-match': siteTag } })).status).toBe(304);

    expect((await u.api.delete(`/corporate-partners/${id}/favorite`)).status).toBe(200);
    for (const p of paths) {
      const r = await u.api.get(p, { headers: { 'if-none-match': followed.get(p)! } });
      expect(r.status, p).toBe(200);
      // Back to the same body: back to the same tag.
      expect(r.headers.get('etag'), p).toBe(before.get(p));
    }
  });

  test("one user's tag never gives another user a 304 over a different answer", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const path = '/corporate-partners/category/all?limit=12';
    const id = ((await a.api.get(path)).body as Paged<Brand>).results[0].id;
    await a.api.post(`/corporate-partners/${id}/favorite`);
    for (const p of [path, `/corporate-partners/${id}`, '/corporate-partners/favorites']) {
      const tagA = (await a.api.get(p)).headers.get('etag')!;
      const asB = await b.api.get(p, { headers: { 'if-none-match': tagA } });
      expect(asB.status, p).toBe(200);
      expect(asB.headers.get('etag'), p).not.toBe(tagA);
      expect(asB.text, p).not.toContain('"is_favorite":true');
    }
    // The same answer (neither follows anything on this page of the visitor list) is the same tag.
    const tagSite = (await a.api.get('/site/corporate-partners/all?limit=12')).headers.get('etag')!;
    expect((await b.api.get('/site/corporate-partners/all?limit=12', { headers: { 'if-none-match': tagSite } })).status).toBe(304);
  });
});

describe('bad If-None-Match headers are ignored', () => {
  const bad = [
    '',
    'garbage',
    '"',
    '""',
    'W/',
    'W/"',
    ',,,, ,',
    '"unterminated',
    'W/W/"x"',
    '"a" "b"',
    '\u00ff\u00fe"x"',
    `"${'x'.repeat(8000)}"`,
    Array.from({ length: 1500 }, (_, i) => `"t${i}"`).join(', '),
  ];

  test('normal 200 with the body for every malformed or huge value, list pages and the rest', async () => {
    const v = t.api(await t.visitorToken());
    const u = await t.signUp();
    const cases: [Client, string][] = [
      [v, '/site/corporate-partners/all?limit=12'],
      [v, '/site/categories'],
      [u.api, '/corporate-partners/category/all?limit=12'],
      [u.api, '/corporate-partners/7'],
    ];
    for (const [api, path] of cases) {
      const plain = await api.get(path);
      for (const value of bad) {
        const r = await api.get(path, { headers: { 'if-none-match': value } });
        expect(r.status, `${path} ${value.slice(0, 20)}`).toBe(200);
        expect(r.text).toBe(plain.text);
      }
    }
  });

  test('under concurrency too; past the server\'s header limit it is 431, never 500', async () => {
    const v = t.api(await t.visitorToken());
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        v.get(i % 2 ? '/site/corporate-partners/all?limit=12' : '/site/categories', { headers: { 'if-none-match': bad[i % bad.length] } }).then((r) => r.status),
      ),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const huge = await v.get('/site/categories', { headers: { 'if-none-match': `"${'y'.repeat(40_000)}"` } });
    expect(huge.status).toBe(431);
  });
});
