/**
 * Pure server logic (no database, no HTTP): configuration parsing, image sniffing, search keys,
 * generated SVG escaping and the deterministic catalogue generator.
 */
import { describe, expect, test } from 'vitest';
import { loadConfig, ConfigError } from '../../server/config.ts';
import { sniffImage } from '../../server/routes/files.ts';
import { likeEscape, escapeHtml } from '../../server/text.ts';
import { searchKey } from '../../server/contract/search-text.ts';
import { initials, logoSvg, photoSvg } from '../../server/media/svg.ts';
import { hasNul } from '../../server/http/validate.ts';
import { deviceName } from '../../server/present/user-agent.ts';
import { CATEGORIES, NORMAL_BRAND_COUNT, PROJECTS, brandAt, brandName, secondaryCategoriesAt } from '../../server/seed/catalogue.ts';

describe('loadConfig', () => {
  test('defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      dataDir: '.data/pglite',
      publicUrl: 'http://localhost:8080',
      demoUsers: 1,
      seedBrands: 0,
      accessTokenTtl: 900,
      distDir: 'dist',
    });
  });

  test('PUBLIC_URL follows PORT and loses its trailing slash', () => {
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://app.example/' }).publicUrl).toBe('https://app.example');
  });

  test.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DEMO_USERS: '-1' }, 'DEMO_USERS'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
    [{ ACCESS_TOKEN_TTL: '1' }, 'ACCESS_TOKEN_TTL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ LOG_FORMAT: 'yaml' }, 'LOG_FORMAT'],
  ])('rejects %o with a message naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('sniffImage', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  test('recognises png, jpeg, gif and webp by their magic bytes', () => {
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImage(new TextEncoder().encode('GIF89a....'))).toBe('image/gif');
    expect(sniffImage(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
  });
  test('refuses anything else, svg included', () => {
    expect(sniffImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(sniffImage(bytes())).toBeNull();
  });
});

describe('text helpers', () => {
  test('searchKey lower-cases and strips accents', () => {
    expect(searchKey('Café Zonneveld')).toBe('cafe zonneveld');
    expect(searchKey('ÉÉNHOORN')).toBe('eenhoorn');
  });
  test('migration 009 re-keys stored search keys the way searchKey keys them now', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { sql } = await import('../../server/db/migrations/012_search_key_folding.ts');
    const db = new PGlite();
    const names = ['Smørrebrød Huis', 'Æble Straße', 'Łódź Œuvre Þing', 'Café Zonneveld'];
    // The keys 008 left: lower case, accents stripped, these letters kept.
    const old = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
    await db.exec('CREATE TABLE brands (search_key text); CREATE TABLE projects (search_key text);');
    for (const n of names) await db.query('INSERT INTO brands VALUES ($1)', [old(n)]);
    await db.query('INSERT INTO projects VALUES ($1)', [old('Smørrebrød Huis')]);
    await db.exec(sql);
    const rows = (await db.query<{ search_key: string }>('SELECT search_key FROM brands')).rows.map((r) => r.search_key);
    expect(rows).toEqual(names.map(searchKey));
    expect(rows[0]).toBe('smorrebrod huis');
    expect((await db.query<{ search_key: string }>('SELECT search_key FROM projects')).rows[0].search_key).toBe('smorrebrod huis');
    await db.close();
  });

  test('likeEscape neutralises LIKE wildcards', () => {
    expect(likeEscape('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
  test('escapeHtml', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
  test('hasNul finds NUL characters in nested strings and keys', () => {
    expect(hasNul({ a: ['x', { b: 'y\u0000' }] })).toBe(true);
    expect(hasNul({ 'k\u0000': 1 })).toBe(true);
    expect(hasNul({ a: ['x', 1, null, { b: 'y' }] })).toBe(false);
  });
});

describe('generated SVG', () => {
  test('escapes names and is deterministic', () => {
    const svg = logoSvg(7, '<script>alert(1)</script> & Co');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    expect(logoSvg(7, 'Bloem & Bijoux')).toBe(logoSvg(7, 'Bloem & Bijoux'));
    expect(photoSvg(3, 'A "quoted" name')).not.toContain('"quoted"');
  });
  test('initials', () => {
    expect(initials('Bloem & Bijoux')).toBe('BB');
    expect(initials('Groenhuis')).toBe('GR');
  });
});

describe('demo catalogue generator', () => {
  const brands = Array.from({ length: NORMAL_BRAND_COUNT }, (_, i) => brandAt(i));
  test('is deterministic', () => {
    expect(brandAt(42)).toEqual(brandAt(42));
    expect(brandName(3)).toBe('Café Zonneveld');
  });
  test('covers what the screens need', () => {
    expect(brands.length).toBeGreaterThanOrEqual(120);
    expect(new Set(brands.map((b) => b.category_id)).size).toBeGreaterThanOrEqual(10);
    expect(CATEGORIES.some(([, , , sort]) => sort === null)).toBe(true);
    expect(new Set(brands.map((b) => b.commission_type))).toEqual(new Set(['percentage', 'fixed']));
    expect(new Set(brands.map((b) => b.giftcard_type))).toEqual(new Set(['percentage', 'fixed']));
    expect(brands.filter((b) => b.is_primary).length).toBeGreaterThanOrEqual(3);
    expect(brands.some((b) => b.hide_background_image) && brands.some((b) => b.hide_logo) && brands.some((b) => b.hide_name)).toBe(true);
    expect(new Set(brands.map((b) => b.country_alpha3))).toEqual(new Set(['NLD', 'SWE', 'DEU']));
    expect(brands.some((b) => b.description.length > 400)).toBe(true);
    expect(brands.some((b) => b.affiliate_link === null)).toBe(true);
    expect(brands.some((b) => b.affiliate_link !== null && !/^https?:/.test(b.affiliate_link))).toBe(true);
    expect(new Set(brands.map((b) => b.rating))).toEqual(new Set([null, 'GREEN', 'AMBER', 'GREY']));
    const withSecondary = brands.map((_, i) => secondaryCategoriesAt(i)).filter((s) => s.length > 0);
    expect(withSecondary.length).toBeGreaterThan(10);
    brands.forEach((b, i) => expect(secondaryCategoriesAt(i)).not.toContain(b.category_id));
  });
  test('names are unique per country', () => {
    const keys = brandAtRange(0, 2000).map((b) => `${b.name}|${b.country_alpha3}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
  test('projects include REWILDING in m2 and both social and non-social ones', () => {
    expect(PROJECTS.length).toBeGreaterThanOrEqual(12);
    expect(PROJECTS.find((p) => p.name === 'REWILDING')?.unit).toBe('m2');
    expect(PROJECTS.some((p) => p.social) && PROJECTS.some((p) => !p.social)).toBe(true);
    expect(PROJECTS.some((p) => p.type === null)).toBe(true);
  });
});

function brandAtRange(from: number, to: number) {
  return Array.from({ length: to - from }, (_, i) => brandAt(from + i));
}

describe('deviceName (signed-in devices)', () => {
  test.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome', 'Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 'Edge', 'Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari', 'macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1', 'Chrome', 'iOS'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36', 'Samsung Internet', 'Android'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox', 'Linux'],
    ['Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 'Safari', 'iPadOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0', 'Opera', 'Windows'],
    ['curl/8.5.0', null, null],
  ])('%s', (ua, browser, os) => {
    expect(deviceName(ua)).toEqual({ browser, os });
  });
  test('no user agent', () => expect(deviceName(null)).toEqual({ browser: null, os: null }));
});
