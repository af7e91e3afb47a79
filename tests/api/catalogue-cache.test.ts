/**
 * The catalogue's in-memory parts (server/catalogue/cache.ts, server/auth/tokens.ts) never serve
 * stale or foreign data: the list index answers exactly like the SQL; a follow/unfollow is visible at
 * once to that user and never to another; a revoked token is refused at once even right after it was
 * accepted (and cached); variants of a page (country, name, category, language) are not mixed.
 */
import { describe, expect, test } from 'vitest';
import type { Brand, Paged } from '../../server/contract/types.ts';
import { catalogueIndex, invalidateCatalogue } from '../../server/catalogue/cache.ts';
import { listPageSql } from '../../server/catalogue/brands.ts';
import type { ListFilter } from '../../server/catalogue/list-filter.ts';
import { filterIndex } from '../../server/catalogue/list-index.ts';
import { DEMO2, useServer } from './support/harness.ts';
import { brandShape, expectError, expectOk, paged } from './support/shapes.ts';

const t = useServer();

const flags = (p: Paged<Brand>) => Object.fromEntries(p.results.map((b) => [b.id, b.is_favorite]));

describe('list index ≡ SQL', () => {
  test('same ids, order, paging and total as the SQL for every filter combination', async () => {
    const db = t.server.db;
    const { rows: cats } = await db.query<{ id: number }>('SELECT id FROM categories ORDER BY id');
    const { rows: countries } = await db.query<{ c: string }>('SELECT DISTINCT country_alpha3 AS c FROM brands ORDER BY 1');
    const { rows: hidden } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM brands WHERE hide_name OR hide_logo');
    expect(hidden[0].n).toBeGreaterThan(0); // hidden names/logos are in the data and searched like the rest
    const entries = await catalogueIndex(db);
    expect(entries.length).toBeGreaterThan(100);
    // English and Dutch names (both are in search_key), accents, LIKE metacharacters, no match.
    const names = [undefined, 'ar', 'a', 'e ', 'Groene', 'hoek', 'ZONNIGE', 'pootjes', 'Little', 'cafe', 'Café', '%', '_', '\\', ' | ', 'zzzz'];
    const categoryIds = [undefined, ...cats.map((r) => r.id)];
    const countryCodes = [undefined, ...countries.map((r) => r.c), 'XXX'];
    const pages: [number, number][] = [
      [12, 0],
      [5, 3],
      [200, 0],
      [10, 100000],
    ];
    let compared = 0;
    for (const name of names) {
      for (const categoryId of categoryIds) {
        for (const country of [undefined, countryCodes[1], 'NLD', 'XXX']) {
          for (const primary of [undefined, true, false]) {
            const f: ListFilter = { name, categoryId, country, primary };
            const [limit, offset] = pages[compared % pages.length];
            const sql = await listPageSql(db, null, f, limit, offset);
            const mem = filterIndex(entries, f, limit, offset);
            expect(mem, JSON.stringify({ f, limit, offset })).toEqual(sql);
            compared++;
          }
        }
      }
    }
    // Every country on its own too.
    for (const country of countryCodes) {
      const f: ListFilter = { country };
      expect(filterIndex(entries, f, 200, 0)).toEqual(await listPageSql(db, null, f, 200, 0));
    }
    expect(compared).toBeGreaterThan(500);
  }, 120_000);

  test('a Dutch name finds its brand over HTTP, with the SQL total', async () => {
    const v = t.api(await t.visitorToken());
    const r = expectOk(await v.get('/site/corporate-partners/all', { query: { 'filter[name]': 'Groene Hoek' } }), 200, paged(brandShape));
    expect(r.results.map((b) => b.name)).toContain('Green Corner');
    const sql = await listPageSql(t.server.db, null, { name: 'Groene Hoek' }, 12, 0);
    expect(r.results.map((b) => b.id)).toEqual(sql.ids);
    expect(r.metadata.total).toBe(sql.total);
  });

  test('after a catalogue write (seeding) the index and cached pages are rebuilt', async () => {
    const db = t.server.db;
    const v = t.api(await t.visitorToken());
    const before = (await v.get('/site/corporate-partners/all', { query: { 'filter[name]': 'Cache Probe' } })).body as Paged<Brand>;
    expect(before.metadata.total).toBe(0);
    await db.query(
      `INSERT INTO brands (id, name, name_nld, search_key, description, description_nld, site, affiliate_percent, commission_type,
                           commission_currency, giftcard_percent, giftcard_type, is_primary, category_id, country_alpha3, country_name)
       SELECT 900001, 'Cache Probe', 'Cache Probe', 'cache probe', '', '', 'probe.example', 1, commission_type, commission_currency,
              1, giftcard_type, false, category_id, country_alpha3, country_name FROM brands WHERE id = 1`,
    );
    invalidateCatalogue(db); // what seeding does after adding brands
    const after = (await v.get('/site/corporate-partners/all', { query: { 'filter[name]': 'Cache Probe' } })).body as Paged<Brand>;
    expect(after.results.map((b) => b.id)).toEqual([900001]);
    await db.query('DELETE FROM brands WHERE id = 900001');
    invalidateCatalogue(db);
  });
});

describe('user pages: favorite flags', () => {
  test('follow/unfollow is visible at once in the cached list, to that user only', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const path = '/corporate-partners/category/all';
    const query = { limit: 12 };
    const first = expectOk(await a.api.get(path, { query }), 200, paged(brandShape));
    const id = first.results[3].id;
    expect(flags(first)[id]).toBe(false);
    expect(flags((await b.api.get(path, { query })).body)[id]).toBe(false); // B's page is cached too

    await a.api.post(`/corporate-partners/${id}/favorite`);
    expect(flags((await a.api.get(path, { query })).body)[id]).toBe(true);
    expect(flags((await b.api.get(path, { query })).body)[id]).toBe(false);

    await a.api.delete(`/corporate-partners/${id}/favorite`);
    expect(flags((await a.api.get(path, { query })).body)[id]).toBe(false);

    await b.api.post(`/corporate-partners/${id}/favorite`);
    expect(flags((await b.api.get(path, { query })).body)[id]).toBe(true);
    expect(flags((await a.api.get(path, { query })).body)[id]).toBe(false);
    // The visitor page (same for everyone) never carries a user's flag.
    const site = (await t.api(await t.visitorToken()).get('/site/corporate-partners/all', { query })).body as Paged<Brand>;
    expect(site.results.every((x) => x.is_favorite === false)).toBe(true);
    const siteAsB = (await b.api.get('/site/corporate-partners/all', { query })).body as Paged<Brand>;
    expect(siteAsB.results.every((x) => x.is_favorite === false)).toBe(true);
  });

  test('two users with different favorites on the same page, interleaved', async () => {
    const demo2 = t.api(await t.userToken(DEMO2.email, DEMO2.password));
    const u = await t.signUp();
    const path = '/corporate-partners/category/all';
    const query = { limit: 200 };
    for (let i = 0; i < 3; i++) {
      const mine = (await u.api.get(path, { query })).body as Paged<Brand>;
      const theirs = (await demo2.get(path, { query })).body as Paged<Brand>;
      expect(mine.results.some((x) => x.is_favorite)).toBe(false);
      const favs = (await demo2.get('/corporate-partners/favorites', { query: { limit: 200 } })).body as Paged<Brand>;
      const expected = new Set(favs.results.map((x) => x.id));
      expect(theirs.results.filter((x) => x.is_favorite).map((x) => x.id).sort()).toEqual(
        theirs.results.filter((x) => expected.has(x.id)).map((x) => x.id).sort(),
      );
    }
  });

  test('an ETag from before a follow does not give 304 after it', async () => {
    const u = await t.signUp();
    const path = '/corporate-partners/category/all';
    const r1 = await u.api.get(path, { query: { limit: 12 } });
    const etag = r1.headers.get('etag');
    expect(etag).toBeTruthy();
    const same = await u.api.get(path, { query: { limit: 12 }, headers: { 'if-none-match': etag! } });
    expect(same.status).toBe(304);
    await u.api.post(`/corporate-partners/${(r1.body as Paged<Brand>).results[0].id}/favorite`);
    const changed = await u.api.get(path, { query: { limit: 12 }, headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect((changed.body as Paged<Brand>).results[0].is_favorite).toBe(true);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});

describe('variants are not mixed', () => {
  test('country, name and category filters each get their own answer, identical on a repeat', async () => {
    const v = t.api(await t.visitorToken());
    const get = async (query: Record<string, string | number>, path = '/site/corporate-partners/all') =>
      expectOk(await v.get(path, { query }), 200, paged(brandShape));
    for (let round = 0; round < 2; round++) {
      const all = await get({ limit: 50 });
      const nld = await get({ limit: 50, 'filter[country]': 'NLD' });
      const swe = await get({ limit: 50, 'filter[country]': 'swe' });
      const ar = await get({ limit: 50, 'filter[name]': 'ar' });
      const cat = await get({ limit: 50 }, '/site/corporate-partners/2');
      expect(nld.results.every((b) => b.country.alpha3 === 'NLD')).toBe(true);
      expect(swe.results.length).toBeGreaterThan(0);
      expect(swe.results.every((b) => b.country.alpha3 === 'SWE')).toBe(true);
      expect(nld.metadata.total + swe.metadata.total).toBeLessThanOrEqual(all.metadata.total);
      expect(ar.results.every((b) => `${b.name} ${b.name_nld}`.toLowerCase().includes('ar'))).toBe(true);
      expect(cat.results.every((b) => b.category?.id === 2 || b.secondary_categories.some((c) => c.id === 2))).toBe(true);
    }
  });

  test('the answer carries both languages: Accept-Language does not change it, in either order', async () => {
    const v = t.api(await t.visitorToken());
    const q = { limit: 200 };
    const nl1 = await v.get('/site/corporate-partners/all', { query: q, headers: { 'accept-language': 'nl-NL' } });
    const en1 = await v.get('/site/corporate-partners/all', { query: q, headers: { 'accept-language': 'en' } });
    expect(nl1.text).toBe(en1.text);
    const bilingual = (nl1.body as Paged<Brand>).results.find((b) => b.id === 46);
    expect(bilingual).toMatchObject({ name: 'Green Corner', name_nld: 'Groene Hoek' });
  });

  test('gzip and identity carry the same JSON; 304 for a matching If-None-Match', async () => {
    const v = await t.visitorToken();
    const url = `${t.baseUrl}/api/v1.0/site/corporate-partners/all?limit=12`;
    const gz = await fetch(url, { headers: { authorization: `Bearer ${v}`, 'accept-encoding': 'gzip' } });
    const plain = await fetch(url, { headers: { authorization: `Bearer ${v}`, 'accept-encoding': 'identity' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await gz.text()).toBe(await plain.text());
    expect(gz.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(gz.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(gz.headers.get('cache-control')).toBe('no-store');
    const etag = gz.headers.get('etag')!;
    const r304 = await fetch(url, { headers: { authorization: `Bearer ${v}`, 'if-none-match': `"other", ${etag}` } });
    expect(r304.status).toBe(304);
    expect(await r304.text()).toBe('');
  });

  test('an invalid query is still 400 and an invalid token still 401 when the page is cached', async () => {
    const v = t.api(await t.visitorToken());
    await v.get('/site/corporate-partners/all', { query: { limit: 12 } });
    expectError(await v.get('/site/corporate-partners/all', { query: { limit: 'x' } }), 400, 'invalid_request');
    expectError(await t.api('x'.repeat(43)).get('/site/corporate-partners/all', { query: { limit: 12 } }), 401, 'unauthorized');
    expectError(await t.anon.get('/corporate-partners/category/all', { query: { limit: 12 } }), 401, 'unauthorized');
  });
});

describe('access tokens are refused at once after revocation, even when just accepted', () => {
  const path = '/corporate-partners/category/all';

  test('logout with the access token', async () => {
    const a = await t.login(DEMO2.email, DEMO2.password);
    const api = t.api(a.access_token);
    expect((await api.get(path, { query: { limit: 12 } })).status).toBe(200);
    expect((await api.get(path, { query: { limit: 12 } })).status).toBe(200);
    expect((await t.anon.post('/oauth/v2/revoke', { token: a.access_token })).status).toBe(200);
    expectError(await api.get(path, { query: { limit: 12 } }), 401, 'unauthorized');
    expectError(await api.get('/wallet/me'), 401, 'unauthorized');
  });

  test('logout with the refresh token revokes the session’s access tokens', async () => {
    const a = await t.login(DEMO2.email, DEMO2.password);
    const api = t.api(a.access_token);
    expect((await api.get('/wallet/me')).status).toBe(200);
    expect((await t.anon.post('/oauth/v2/revoke', { token: a.refresh_token })).status).toBe(200);
    expectError(await api.get('/wallet/me'), 401, 'unauthorized');
  });

  test('reuse of a refresh token revokes the family, including access tokens in use', async () => {
    const a = await t.login(DEMO2.email, DEMO2.password);
    const b = (await t.token({ grant_type: 'refresh_token', refresh_token: a.refresh_token })).body;
    const apiA = t.api(a.access_token);
    const apiB = t.api(b.access_token);
    expect((await apiA.get(path, { query: { limit: 12 } })).status).toBe(200);
    expect((await apiB.get(path, { query: { limit: 12 } })).status).toBe(200);
    expectError(await t.token({ grant_type: 'refresh_token', refresh_token: a.refresh_token }), 400, 'invalid_grant');
    expectError(await apiA.get(path, { query: { limit: 12 } }), 401, 'unauthorized');
    expectError(await apiB.get(path, { query: { limit: 12 } }), 401, 'unauthorized');
  });

  test('account deletion', async () => {
    const u = await t.signUp();
    expect((await u.api.get(path, { query: { limit: 12 } })).status).toBe(200);
    expect((await u.api.delete('/application-users/me')).status).toBe(204);
    expectError(await u.api.get(path, { query: { limit: 12 } }), 401, 'unauthorized');
    expectError(await u.api.get('/application-users/me'), 401, 'unauthorized');
  });

  test('a visitor token revoked while in use', async () => {
    const v = (await t.token({ grant_type: 'client_credentials' })).body.access_token;
    const api = t.api(v);
    expect((await api.get('/site/corporate-partners/all', { query: { limit: 12 } })).status).toBe(200);
    await t.anon.post('/oauth/v2/revoke', { token: v });
    expectError(await api.get('/site/corporate-partners/all', { query: { limit: 12 } }), 401, 'unauthorized');
  });
});
