/** Generated media under /media: brand logos and photos, project images, uploaded photos. */
import { describe, expect, test } from 'vitest';
import type { Brand, Project } from '../../server/contract/types.ts';
import { useServer } from './support/harness.ts';
import { expectError } from './support/shapes.ts';

const t = useServer();

describe('/media', () => {
  test('brand logo and photo URLs from the API answer SVG with long cache headers', async () => {
    const list = (await t.anon.get('/site/corporate-partners/all', { query: { limit: 30 } })).body.results as Brand[];
    const b = list.find((x) => x.logo && x.photo)!;
    for (const url of [b.logo!.url, b.photo!.url]) {
      const r = await t.anon.get(url);
      expect(r.status, url).toBe(200);
      expect(r.headers.get('content-type')).toContain('image/svg+xml');
      expect(r.headers.get('cache-control')).toMatch(/max-age=\d{4,}/);
      expect(r.text).toMatch(/^<svg[\s>]/);
      expect(r.text).not.toMatch(/<script/i);
    }
  });

  test('project images answer SVG', async () => {
    const projects = (await t.api(await t.userToken()).get('/project')).body.results as Project[];
    const p = projects.find((x) => x.background_image)!;
    const r = await t.anon.get(p.background_image!.url);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('image/svg+xml');
  });

  test('photos and project pictures print no text (the app shows the name beside them); logos keep their initials', async () => {
    const list = (await t.anon.get('/site/corporate-partners/all', { query: { limit: 30 } })).body.results as Brand[];
    const b = list.find((x) => x.logo && x.photo)!;
    const photo = await t.anon.get(b.photo!.url);
    expect(photo.text).not.toMatch(/<text[\s>]/);
    expect(photo.text).toContain(`aria-label="${b.name.replace(/&/g, '&amp;').replace(/'/g, '&#39;')}"`);
    expect((await t.anon.get(b.logo!.url)).text).toMatch(/<text[\s>]/);
    const projects = (await t.api(await t.userToken()).get('/project')).body.results as Project[];
    const p = projects.find((x) => x.background_image)!;
    expect((await t.anon.get(p.background_image!.url)).text).not.toMatch(/<text[\s>]/);
  });

  test('names with markup-significant characters are escaped: the SVG stays well-formed', async () => {
    const b = (await t.anon.get(`/site/corporate-partners/by-name/${encodeURIComponent('Bloem & Bijoux')}`)).body as Brand;
    const r = await t.anon.get(b.photo?.url ?? b.logo!.url);
    expect(r.text).toContain('Bloem &amp; Bijoux');
    expect(r.text).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
    const j = (await t.anon.get(`/site/corporate-partners/by-name/${encodeURIComponent("Jan's Fietsen")}`)).body as Brand;
    const svg = await t.anon.get(j.photo?.url ?? j.logo!.url);
    expect(svg.text).not.toContain("Jan's");
  });

  test('an SVG opened directly may not run anything (its own strict CSP)', async () => {
    const r = await t.anon.get('/media/brands/1/logo.svg');
    expect(r.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test.each([
    '/media/brands/999999/logo.svg',
    '/media/brands/1/other.svg',
    '/media/brands/abc/logo.svg',
    '/media/projects/999999.svg',
    '/media/projects/..%2F..%2Fetc%2Fpasswd',
    '/media/uploads/1-notarealkey',
    '/media/nothing-here',
  ])('%s → 404 JSON', async (path) => {
    expectError(await t.anon.get(path), 404, 'not_found');
  });
});
