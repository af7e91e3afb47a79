/** Serving the built app: files, SPA fallback for client routes, caching, no escaping the dist dir. */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { afterAll, describe, expect, test } from 'vitest';
import { useServer } from './support/harness.ts';
import { expectError } from './support/shapes.ts';

// A small stand-in for dist/ so the test does not depend on a build.
const root = mkdtempSync(join(tmpdir(), 'socialpay-dist-'));
const dist = join(root, 'dist');
mkdirSync(dist);
// Its inline script stands for the build's early start (vite.config.ts): the page's CSP allows it by hash.
const EARLY = '(function(){globalThis.__early=1})();';
const INDEX = `<!doctype html><html><head><title>SocialPay</title><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div><script>${EARLY}</script>${'<!-- padding -->'.repeat(200)}</body></html>`;
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), INDEX);
writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("app");'.repeat(100));
writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"SocialPay"}');
writeFileSync(join(dist, 'manifest.nl.webmanifest'), '{"name":"SocialPay","lang":"nl"}');
const NOT_FOUND = { en: '<!doctype html><html lang="en"><title>Page not found</title></html>', nl: '<!doctype html><html lang="nl"><title>Pagina niet gevonden</title></html>' };
writeFileSync(join(dist, 'not-found.html'), NOT_FOUND.en);
writeFileSync(join(dist, 'not-found.nl.html'), NOT_FOUND.nl);
// A large text asset: compressing it at gzip level 9 takes a noticeable while (deterministic filler).
let seed = 7;
const filler = Array.from({ length: 300_000 }, () => ((seed = (seed * 48271) % 2147483647) % 1e9).toString(36)).join(';');
writeFileSync(join(dist, 'assets', 'big-def456.js'), filler);
// A file next to dist/ that no request may reach.
writeFileSync(join(root, 'socialpay-secret.txt'), 'secret');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const t = useServer({ env: { DIST_DIR: dist } });
// Absolute URLs: app paths must not get the API prefix.
const get = (path: string) => t.anon.get(t.baseUrl + path);

describe('static app', () => {
  test('/ serves index.html, revalidated on every load, with the security headers', async () => {
    const r = await get('/');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/html');
    expect(r.text).toBe(INDEX);
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test.each([
    ['/nl/wallet', '/#/nl/wallet'],
    ['/nl/', '/#/nl'],
    ['/nl', '/#/nl'],
    ['/NL/Wallet', null],
    ['/NL/wallet', '/#/nl/wallet'],
    ['/nl/wallet/', '/#/nl/wallet'],
    ['/en/wallet', '/#/wallet'],
    ['/en/', '/#/'],
    ['/wallet', '/#/wallet'],
    ['/nl/wallet?orderId=5&status=cancelled', '/#/nl/wallet?orderId=5&status=cancelled'],
    ['/nl/purchases/7', '/#/nl/purchases/7'],
    ['/nl/project/3/sponsor', '/#/nl/project/3/sponsor'],
    ['/invite/ABCDE', '/#/invite/ABCDE'],
    ['/nl/journey/success', '/#/nl/journey/success'],
    ['/se/nl/set-target', '/#/nl/set-target'],
    ['/brand/Caf%C3%A9_Zonneveld__NLD', '/#/brand/Caf%C3%A9_Zonneveld__NLD'],
  ])('a screen typed without the hash, %s, is sent to its hash route in its language (%s)', async (path, to) => {
    const r = await get(path);
    if (to === null) {
      expect(r.status).toBe(404);
      return;
    }
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe(to);
    const head = await t.anon.request('HEAD', t.baseUrl + path);
    expect([head.status, head.headers.get('location')]).toEqual([302, to]);
  });

  test.each([
    ['/nl/nope', undefined, 'nl'],
    ['/nl/wallet/1/2', 'en', 'nl'],
    ['/nope', undefined, 'en'],
    ['/nope', 'nl-NL,nl;q=0.9,en;q=0.5', 'nl'],
    ['/en/nope', 'nl', 'en'],
    ['/de/wallet', 'de', 'en'],
    ['/walletx', 'nl', 'nl'],
    ['/old-page.html', undefined, 'en'],
    ['//evil.example/wallet', undefined, 'en'],
  ] as const)('a path no screen has, %s (Accept-Language %s), is the 404 page in %s', async (path, acceptLanguage, lang) => {
    const r = await t.anon.get(t.baseUrl + path, { headers: acceptLanguage ? { 'Accept-Language': acceptLanguage } : {} });
    expect(r.status).toBe(404);
    expect(r.headers.get('location')).toBeNull();
    expect(r.headers.get('content-type')).toContain('text/html');
    expect(r.text).toBe(NOT_FOUND[lang]);
    expect(r.headers.get('content-language')).toBe(lang);
    expect(r.headers.get('vary')).toMatch(/Accept-Language/);
    expect(r.headers.get('cache-control')).toBe('no-cache');
  });

  test("the app page's CSP allows its own inline script by hash, and no other page gets that", async () => {
    const hash = `'sha256-${createHash('sha256').update(EARLY).digest('base64')}'`;
    const scriptSrc = (r: Awaited<ReturnType<typeof get>>) => /script-src ([^;]+)/.exec(r.headers.get('content-security-policy') ?? '')?.[1];
    for (const path of ['/', '/index.html', '/share-target?url=x']) {
      const r = await get(path);
      expect(r.headers.get('content-security-policy')?.match(/default-src/g), `${path}: one policy`).toHaveLength(1);
      expect(scriptSrc(r), path).toBe(`'self' ${hash}`);
      expect(r.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
    for (const path of ['/assets/app-abc123.js', '/no-such-page', '/api/v1.0/site/categories']) expect(scriptSrc(await get(path)), path).toBe("'self'");
  });

  test('hashed assets are immutable; sw.js and the manifest revalidate; the worker may control /', async () => {
    const js = await get('/assets/app-abc123.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(js.headers.get('cache-control')).toContain('immutable');
    const sw = await get('/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('service-worker-allowed')).toBe('/');
    for (const path of ['/manifest.webmanifest', '/manifest.nl.webmanifest']) {
      const manifest = await get(path);
      expect(manifest.headers.get('content-type')).toContain('manifest+json');
      expect(manifest.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  test('the share target action is a client route: the app shell, whatever is shared', async () => {
    for (const path of ['/share-target?url=https%3A%2F%2Fshop.example.nl%2F&text=&title=', '/nl/share-target?text=javascript%3Aalert(1)']) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
      expect(r.text).toBe(INDEX);
    }
  });

  test('ETag revalidation answers 304; gzip when asked', async () => {
    const first = await fetch(`${t.baseUrl}/assets/app-abc123.js`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    await first.arrayBuffer();
    const again = await fetch(`${t.baseUrl}/assets/app-abc123.js`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    // undici decodes gzip itself; the header tells it was compressed.
    const gz = await fetch(`${t.baseUrl}/`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(INDEX);
  });

  test('a missing file with an extension is a 404, not the app shell', async () => {
    const r = await get('/assets/missing-123.js');
    expect(r.status).toBe(404);
    expect(r.text).not.toContain('<div id="root">');
  });

  test('paths cannot escape the dist directory (raw request paths, not normalised by a client)', async () => {
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const u = new URL(t.baseUrl);
        const req = request({ host: u.hostname, port: u.port, path, method: 'GET' }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of [
      '/../socialpay-secret.txt',
      '/assets/../../socialpay-secret.txt',
      '/%2e%2e/socialpay-secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsocialpay-secret.txt',
      '/..%2fsocialpay-secret.txt',
      '/..%5csocialpay-secret.txt',
      '/%00/etc/passwd',
    ]) {
      const r = await raw(path);
      expect(r.status, path).toBeLessThan(500);
      expect(r.body, path).not.toContain('secret');
      expect(r.body, path).not.toContain('root:');
    }
  });

  test('API, OAuth, media and sandbox paths never fall back to the app shell', async () => {
    for (const path of ['/api/v1.0/nothing', '/api/v1/nothing', '/oauth/v2/nothing', '/media/nothing', '/sandbox/nothing']) {
      expectError(await t.anon.get(path), 404, 'not_found');
    }
  });

  test('a known path asked with another method is 405 with Allow, in the error shape', async () => {
    const partner = await fetch(`${t.baseUrl}/partner/v1/conversions`);
    expect(partner.status).toBe(405);
    expect(partner.headers.get('allow')).toBe('POST');
    expect(await partner.json()).toMatchObject({ error: 'method_not_allowed' });
    const wallet = await fetch(`${t.baseUrl}/api/v1/wallet/me`, { method: 'DELETE' });
    expect(wallet.status).toBe(405);
    expect(wallet.headers.get('allow')).toBe('GET, HEAD');
    const pay = await fetch(`${t.baseUrl}/api/v1.0/corporate-partners/12/pay`, { method: 'PUT', body: '{}' });
    expect(pay.status).toBe(405);
    expect(pay.headers.get('allow')).toBe('POST');
    // An unknown path stays 404, whatever the method.
    expectError(await t.anon.post('/api/v1/nothing', {}), 404, 'not_found');
  });

  test('HEAD works without a body', async () => {
    const r = await fetch(`${t.baseUrl}/`, { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('');
  });

  test('a file compressed for the first time does not hold up other requests, and concurrent requests share it', async () => {
    const order: string[] = [];
    const big = Promise.all(
      [1, 2, 3].map(() =>
        fetch(`${t.baseUrl}/assets/big-def456.js`, { headers: { 'Accept-Encoding': 'gzip' } }).then(async (r) => {
          order.push('big');
          return { encoding: r.headers.get('content-encoding'), text: await r.text() };
        }),
      ),
    );
    await new Promise((r) => setTimeout(r, 5));
    const health = await fetch(`${t.baseUrl}/api/v1.0/health`);
    order.push('health');
    expect(health.status).toBe(200);
    const answers = await big;
    expect(order[0], 'the health check waited for the compression').toBe('health');
    for (const a of answers) {
      expect(a.encoding).toBe('gzip');
      expect(a.text).toBe(filler);
    }
  });
});

