/** Brands (corporate partners): lists by category and all, search, country filter, by id, by name, site variants. */
import { describe, expect, test } from 'vitest';
import type { Brand, Paged } from '../../server/contract/types.ts';
import { useServer } from './support/harness.ts';
import { brandShape, expectClientError, expectError, expectOk, paged } from './support/shapes.ts';
import type { Client } from './support/client.ts';

const t = useServer();
const brands = paged(brandShape);

let userApi: Client;
let visitorApi: Client;
const user = async () => (userApi ??= t.api(await t.userToken()));
const visitor = async () => (visitorApi ??= t.api(await t.visitorToken()));

async function allBrands(c: Client, path: string, query: Record<string, string | number> = {}): Promise<Brand[]> {
  const out: Brand[] = [];
  for (let offset = 0; ; offset += 200) {
    const r = await c.get<Paged<Brand>>(path, { query: { ...query, limit: 200, offset } });
    expect(r.status, r.text).toBe(200);
    out.push(...r.body.results);
    if (r.body.results.length < 200) return out;
  }
}

const byName = (a: Brand, b: Brand) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);

describe('GET /corporate-partners/category/all (user)', () => {
  test('a page of 12 by default, ordered by name, with total', async () => {
    const list = expectOk(await (await user()).get('/corporate-partners/category/all'), 200, brands);
    expect(list.results).toHaveLength(12);
    expect(list.metadata).toMatchObject({ limit: 12, offset: 0 });
    expect(list.metadata.total).toBeGreaterThanOrEqual(120);
    const names = list.results.map((b) => b.name);
    expect(names).toEqual([...list.results].sort(byName).map((b) => b.name));
  });

  test('the catalogue: 120+ brands, both commission types, both gift-card types, primary partners, hide flags, secondary categories', async () => {
    const all = await allBrands(await user(), '/corporate-partners/category/all');
    expect(all.length).toBeGreaterThanOrEqual(120);
    expect(new Set(all.map((b) => b.id)).size).toBe(all.length);
    expect(new Set(all.map((b) => b.commission_type))).toEqual(new Set(['percentage', 'fixed']));
    expect(new Set(all.map((b) => b.giftcard_type))).toEqual(new Set(['percentage', 'fixed']));
    expect(all.some((b) => b.is_primary)).toBe(true);
    expect(all.some((b) => b.hide_logo) && all.some((b) => b.hide_name) && all.some((b) => b.hide_background_image)).toBe(true);
    expect(all.some((b) => b.secondary_categories.length > 0)).toBe(true);
    expect(new Set(all.map((b) => b.category?.id)).size).toBeGreaterThanOrEqual(10);
  });

  test('paging is stable: consecutive pages do not overlap and cover the list', async () => {
    const c = await user();
    const p1 = await c.get('/corporate-partners/category/all', { query: { limit: 50, offset: 0 } });
    const p2 = await c.get('/corporate-partners/category/all', { query: { limit: 50, offset: 50 } });
    const ids1 = p1.body.results.map((b: Brand) => b.id);
    const ids2 = p2.body.results.map((b: Brand) => b.id);
    expect(ids1.filter((id: number) => ids2.includes(id))).toEqual([]);
    const past = expectOk(await c.get('/corporate-partners/category/all', { query: { offset: 100000 } }), 200, brands);
    expect(past.results).toEqual([]);
    expect(past.metadata.total).toBe(p1.body.metadata.total);
  });

  test('limit above 200 is capped at 200', async () => {
    const r = expectOk(await (await user()).get('/corporate-partners/category/all', { query: { limit: 5000 } }), 200, brands);
    expect(r.results.length).toBeLessThanOrEqual(200);
    expect(r.metadata.limit).toBe(200);
  });

  test('is_favorite reflects the signed-in user', async () => {
    const all = await allBrands(await user(), '/corporate-partners/category/all');
    expect(all.filter((b) => b.is_favorite).length).toBeGreaterThan(0);
  });
});

describe('filter[name]: case- and accent-insensitive substring search', () => {
  test.each([
    ['cafe', 'Café Zonneveld'],
    ['CAFÉ', 'Café Zonneveld'],
    ['zonneVELD', 'Café Zonneveld'],
    ['creme', 'Crème de la Duin'],
    ['eenhoorn', 'Éénhoorn Speelgoed'],
    ['bloem & bij', 'Bloem & Bijoux'],
    ["jan's", "Jan's Fietsen"],
    ['smorrebrod', 'Smørrebrød Huis'],
    ['SMØRREBRØD', 'Smørrebrød Huis'],
  ])('%s finds %s', async (q, expected) => {
    const r = expectOk(await (await user()).get('/corporate-partners/category/all', { query: { 'filter[name]': q, limit: 200 } }), 200, brands);
    expect(r.results.map((b) => b.name)).toContain(expected);
    for (const b of r.results) {
      const key = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/ø/g, 'o');
      expect(key(b.name)).toContain(key(q));
    }
    expect(r.metadata.total).toBe(r.results.length);
  });

  test('LIKE wildcards and SQL are matched literally: no brand names contain them', async () => {
    for (const q of ['%', '_', "' OR '1'='1", "x'; DROP TABLE brands; --", '\\']) {
      const r = expectOk(await (await user()).get('/corporate-partners/category/all', { query: { 'filter[name]': q } }), 200, brands);
      expect(r.results, q).toEqual([]);
      expect(r.metadata.total).toBe(0);
    }
    expect((await (await user()).get('/corporate-partners/category/all')).body.metadata.total).toBeGreaterThanOrEqual(120);
  });

  test('an empty or blank filter means no filter; an over-long one is a 400', async () => {
    const c = await user();
    const all = await c.get('/corporate-partners/category/all');
    const blank = await c.get('/corporate-partners/category/all', { query: { 'filter[name]': '   ' } });
    expect(blank.body.metadata.total).toBe(all.body.metadata.total);
    expectError(await c.get('/corporate-partners/category/all', { query: { 'filter[name]': 'x'.repeat(5000) } }), 400);
  });

  test('the site variant searches the same way', async () => {
    const r = expectOk(await (await visitor()).get('/site/corporate-partners/all', { query: { 'filter[name]': 'CAFE' } }), 200, brands);
    expect(r.results.map((b) => b.name)).toContain('Café Zonneveld');
  });
});

describe('suggestions: near matches when a name matches nothing', () => {
  test.each([
    ['zoneveld', 'Café Zonneveld'],
    ['zonevelt', 'Café Zonneveld'],
    ['smorebrod', 'Smørrebrød Huis'],
  ])('%s → no results, %s suggested (user and site, Dutch mode too)', async (q, expected) => {
    for (const [c, path, country] of [
      [await user(), '/corporate-partners/category/all', undefined],
      [await visitor(), '/site/corporate-partners/all', undefined],
      [await visitor(), '/site/corporate-partners/all', 'NLD'],
    ] as const) {
      const r = await c.get<Paged<Brand> & { suggestions?: Brand[] }>(path, { query: { 'filter[name]': q, ...(country ? { 'filter[country]': country } : {}) } });
      expect(r.status).toBe(200);
      expect(r.body.results).toEqual([]);
      expect(r.body.metadata.total).toBe(0);
      expect(r.body.suggestions?.[0]?.name, `${path} ${q}`).toBe(expected);
      expect(r.body.suggestions!.length).toBeLessThanOrEqual(3);
      expect(brandShape.parse(r.body.suggestions![0])).toBeTruthy();
    }
  });

  test('none when something matches, for short texts, far texts and later pages', async () => {
    const c = await user();
    const get = async (query: Record<string, string | number>) =>
      (await c.get<Paged<Brand> & { suggestions?: Brand[] }>('/corporate-partners/category/all', { query })).body;
    expect((await get({ 'filter[name]': 'zonneveld' })).suggestions).toBeUndefined();
    expect((await get({ 'filter[name]': 'zon' })).suggestions).toBeUndefined();
    expect((await get({ 'filter[name]': 'zzq' })).suggestions).toBeUndefined();
    expect((await get({ 'filter[name]': 'qqqqqqqqq' })).suggestions).toBeUndefined();
    expect((await get({ 'filter[name]': 'zoneveld', offset: 12 })).suggestions).toBeUndefined();
  });
});

describe('filter[country]', () => {
  test('NLD keeps only Dutch brands; the catalogue also has others', async () => {
    const c = await user();
    const all = await allBrands(c, '/corporate-partners/category/all');
    const nld = await allBrands(c, '/corporate-partners/category/all', { 'filter[country]': 'NLD' });
    expect(nld.length).toBeGreaterThan(0);
    expect(nld.length).toBeLessThan(all.length);
    expect(nld.every((b) => b.country.alpha3 === 'NLD')).toBe(true);
    expect(nld.length).toBe(all.filter((b) => b.country.alpha3 === 'NLD').length);
  });

  test('combined with a category and a name; lower case is accepted', async () => {
    const r = expectOk(
      await (await visitor()).get('/site/corporate-partners/all', { query: { 'filter[country]': 'nld', 'filter[name]': 'groenhuis', limit: 200 } }),
      200,
      brands,
    );
    expect(r.results.length).toBeGreaterThan(0);
    expect(r.results.every((b) => b.country.alpha3 === 'NLD')).toBe(true);
  });

  test('not an alpha-3 code → 400', async () => {
    for (const q of ['NL', 'NEDERLAND', "N'L"]) {
      expectError(await (await user()).get('/corporate-partners/category/all', { query: { 'filter[country]': q } }), 400);
    }
  });
});

describe('filter[primary]', () => {
  test('only primary partners', async () => {
    const r = expectOk(await (await user()).get('/corporate-partners/category/all', { query: { 'filter[primary]': 1, limit: 36 } }), 200, brands);
    expect(r.results.length).toBeGreaterThan(0);
    expect(r.results.every((b) => b.is_primary)).toBe(true);
    const site = expectOk(await t.anon.get('/site/corporate-partners/all', { query: { 'filter[primary]': 'true', limit: 36 } }), 200, brands);
    expect(site.results.map((b) => b.id)).toEqual(r.results.map((b) => b.id));
  });
});

describe('GET /corporate-partners/category/{categoryId}', () => {
  test('brands of that category, including those with it as a secondary category', async () => {
    const c = await user();
    const cats = await c.get('/categories');
    let sawSecondary = false;
    for (const cat of cats.body.results.slice(0, 4)) {
      const list = await allBrands(c, `/corporate-partners/category/${cat.id}`);
      expect(list.length).toBeGreaterThan(0);
      for (const b of list) {
        const inIt = b.category?.id === cat.id || b.secondary_categories.some((s) => s.id === cat.id);
        expect(inIt, `${b.name} in category ${cat.id}`).toBe(true);
        if (b.category?.id !== cat.id) sawSecondary = true;
      }
    }
    expect(sawSecondary).toBe(true);
  });

  test('an unknown or malformed category → 404 not_found', async () => {
    const c = await user();
    expectError(await c.get('/corporate-partners/category/99999'), 404, 'not_found');
    expectError(await c.get('/corporate-partners/category/abc'), 404, 'not_found');
    expectError(await c.get(`/corporate-partners/category/${encodeURIComponent("1 OR 1=1")}`), 404, 'not_found');
  });

  test('no token → 401; visitor → 403 (visitors use /site)', async () => {
    expectError(await t.anon.get('/corporate-partners/category/all'), 401, 'unauthorized');
    expectError(await (await visitor()).get('/corporate-partners/category/all'), 403, 'forbidden');
    expectError(await (await visitor()).get('/corporate-partners/category/1'), 403, 'forbidden');
  });
});

describe('site variants (public)', () => {
  test('/site/corporate-partners/all and /{categoryId} with no token or a visitor token; is_favorite always false', async () => {
    const anon = expectOk(await t.anon.get('/site/corporate-partners/all', { query: { limit: 200 } }), 200, brands);
    const vis = expectOk(await (await visitor()).get('/site/corporate-partners/all', { query: { limit: 200 } }), 200, brands);
    expect(vis.results.map((b) => b.id)).toEqual(anon.results.map((b) => b.id));
    // Even with a user token the public list carries no personal flags.
    const asUser = expectOk(await (await user()).get('/site/corporate-partners/all', { query: { limit: 200 } }), 200, brands);
    expect(asUser.results.every((b) => b.is_favorite === false)).toBe(true);
    const cat = expectOk(await t.anon.get('/site/corporate-partners/2', { query: { limit: 200 } }), 200, brands);
    expect(cat.results.every((b) => b.category?.id === 2 || b.secondary_categories.some((s) => s.id === 2))).toBe(true);
    expectError(await t.anon.get('/site/corporate-partners/424242'), 404, 'not_found');
  });

  test('/site/corporate-partners/by-id/{id} and /by-name/{name}', async () => {
    const one = expectOk(await t.anon.get('/site/corporate-partners/by-id/4'), 200, brandShape);
    expect(one).toMatchObject({ id: 4, name: 'Café Zonneveld', is_favorite: false });
    const named = expectOk(await (await visitor()).get(`/site/corporate-partners/by-name/${encodeURIComponent('café zonneveld')}`), 200, brandShape);
    expect(named.id).toBe(4);
    expectError(await t.anon.get('/site/corporate-partners/by-id/999999'), 404, 'not_found');
    expectError(await t.anon.get('/site/corporate-partners/by-id/abc'), 404, 'not_found');
    expectError(await t.anon.get(`/site/corporate-partners/by-name/${encodeURIComponent('No Such Brand')}`), 404, 'not_found');
  });
});

describe('single brand (user)', () => {
  test('GET /corporate-partners/{id}: full brand with favorite flag of this user', async () => {
    const b = expectOk(await (await user()).get('/corporate-partners/1'), 200, brandShape);
    expect(b.id).toBe(1);
    expect(b.is_favorite).toBe(true); // a demo favorite
    expect(b.description).toContain('<');
    const other = await t.signUp();
    const same = expectOk(await other.api.get('/corporate-partners/1'), 200, brandShape);
    expect(same.is_favorite).toBe(false);
  });

  test('GET /corporate-partners/by-name/{name}: case-insensitive; two countries share a name → NLD first, filter[country] picks', async () => {
    const c = await user();
    const nl = expectOk(await c.get('/corporate-partners/by-name/groenhuis'), 200, brandShape);
    expect(nl.country.alpha3).toBe('NLD');
    const se = expectOk(await c.get('/corporate-partners/by-name/Groenhuis', { query: { 'filter[country]': 'SWE' } }), 200, brandShape);
    expect(se.country.alpha3).toBe('SWE');
    expect(se.name.toLowerCase()).toBe(nl.name.toLowerCase());
    expect(se.id).not.toBe(nl.id);
    expectError(await c.get('/corporate-partners/by-name/Groenhuis', { query: { 'filter[country]': 'DEU' } }), 404, 'not_found');
  });

  test('names with spaces, accents, ampersands and apostrophes', async () => {
    const c = await user();
    for (const name of ['Crème de la Duin', 'Bloem & Bijoux', "Jan's Fietsen", 'Smørrebrød Huis']) {
      const b = expectOk(await c.get(`/corporate-partners/by-name/${encodeURIComponent(name)}`), 200, brandShape);
      expect(b.name).toBe(name);
    }
  });

  test('not found and malformed ids → 404; injection strings are just names that do not exist', async () => {
    const c = await user();
    expectError(await c.get('/corporate-partners/999999'), 404, 'not_found');
    expectError(await c.get('/corporate-partners/-1'), 404, 'not_found');
    expectError(await c.get('/corporate-partners/1.5'), 404, 'not_found');
    expectError(await c.get('/corporate-partners/99999999999999999999'), 404, 'not_found');
    expectError(await c.get(`/corporate-partners/by-name/${encodeURIComponent("x' OR '1'='1")}`), 404, 'not_found');
    expectError(await c.get(`/corporate-partners/by-name/${encodeURIComponent('<script>alert(1)</script>')}`), 404, 'not_found');
  });

  test('visitor → 403 on user variants', async () => {
    expectError(await (await visitor()).get('/corporate-partners/1'), 403, 'forbidden');
    expectError(await (await visitor()).get('/corporate-partners/by-name/groenhuis'), 403, 'forbidden');
  });

  test('strange query strings are a 4xx, never a 500', async () => {
    const c = await user();
    for (const query of [{ limit: '-5' }, { limit: 'ten' }, { offset: 'x' }, { 'filter[primary]': 'maybe' }]) {
      expectClientError(await c.get('/corporate-partners/category/all', { query }));
    }
  });
});

describe('GET /site/corporate-partners/by-site/{host} (addition: the share target)', () => {
  const bySite = async (host: string, query: Record<string, string> = {}) =>
    expectOk(await t.api().get(`/site/corporate-partners/by-site/${encodeURIComponent(host)}`, { query }), 200, brands);

  test('finds the brand by its site, its www. and any subdomain; public, no token needed', async () => {
    const brand = expectOk(await (await visitor()).get('/site/corporate-partners/by-id/7'), 200, brandShape);
    for (const host of [brand.site, `www.${brand.site}`, `shop.${brand.site}`, `a.b.${brand.site.toUpperCase()}.`]) {
      const list = await bySite(host);
      expect(list.results.map((b) => b.id), host).toContain(brand.id);
      expect(list.results[0]!.site).toBe(brand.site);
      expect(list.results.every((b) => !b.is_favorite)).toBe(true);
    }
  });

  test('a host no partner has is an empty list, not a 404; a parent domain does not match a subdomain site', async () => {
    expect((await bySite('example.com')).results).toEqual([]);
    const brand = expectOk(await (await visitor()).get('/site/corporate-partners/by-id/7'), 200, brandShape);
    expect((await bySite(`not${brand.site}`)).results).toEqual([]);
    expect((await bySite(brand.site.split('.').slice(-1)[0]! + '.com')).results).toEqual([]);
  });

  test('hostile or malformed hosts and queries are a 400 in the error shape', async () => {
    for (const host of ['javascript:alert(1)', '127.0.0.1', 'localhost', `${'a'.repeat(300)}.nl`, "x' OR '1'='1", '<script>.nl', 'example.nl:8080']) {
      expectError(await t.api().get(`/site/corporate-partners/by-site/${encodeURIComponent(host)}`), 400, 'invalid_request');
    }
    expectError(await t.api().get('/site/corporate-partners/by-site/example.nl', { query: { 'filter[country]': 'Netherlands' } }), 400, 'invalid_request');
  });
});
