/** GET /loyalty/fondo/journey/start and the sandbox fund-signup page it points at. */
import { describe, expect, test } from 'vitest';
import { useServer } from './support/harness.ts';
import { expectError, expectOk } from './support/shapes.ts';
import { z } from 'zod';

const t = useServer();
const journeyShape = z.object({ url: z.string().url() });

describe('GET /loyalty/fondo/journey/start', () => {
  test('the URL of the sandbox fund-signup page on this server, new every time', async () => {
    const u = await t.signUp();
    const a = expectOk(await u.api.get('/loyalty/fondo/journey/start'), 200, journeyShape);
    const b = expectOk(await u.api.get('/loyalty/fondo/journey/start', { prefix: '/api/v1' }), 200, journeyShape);
    expect(a.url).not.toBe(b.url);
    const url = new URL(a.url);
    expect(url.origin).toBe(t.baseUrl);
    expect(url.pathname).toBe('/sandbox/fondo');
  });

  test('the page can be framed by the app (same origin only) and finishes on /journey/success', async () => {
    const u = await t.signUp();
    const { url } = (await u.api.get('/loyalty/fondo/journey/start')).body;
    const page = await t.anon.get(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(page.text).not.toMatch(/<script/i);
    const action = /<form[^>]*action="([^"]+)"/.exec(page.text)?.[1];
    const token = /name="token" value="([^"]+)"/.exec(page.text)?.[1];
    expect(action).toBeDefined();
    expect(token).toBeDefined();
    const done = await t.anon.post(action!, undefined, {
      raw: new URLSearchParams({ token: token!, name: 'Anna de Wit' }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${t.baseUrl}/#/journey/success`);
  });

  test('a journey started in Dutch shows a Dutch page and finishes on the Dutch success screen', async () => {
    const u = await t.signUp();
    const { url } = (await u.api.get('/loyalty/fondo/journey/start', { headers: { 'Accept-Language': 'nl' } })).body;
    const page = await t.anon.get(url);
    expect(page.text).toContain('<html lang="nl">');
    expect(page.text).toContain('Open je beleggingsrekening');
    expect(page.text).toContain('>Aanmelden</button>');
    const token = /name="token" value="([^"]+)"/.exec(page.text)?.[1];
    const done = await t.anon.post('/sandbox/fondo/done', undefined, {
      raw: new URLSearchParams({ token: token!, name: 'Anna de Wit' }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(done.headers.get('location')).toBe(`${t.baseUrl}/#/nl/journey/success`);
  });

  test('an unknown token is refused (404), for the page and for finishing', async () => {
    expect((await t.anon.get('/sandbox/fondo', { query: { token: 'made-up-token-123456' } })).status).toBe(404);
    expect((await t.anon.get('/sandbox/fondo')).status).toBe(404);
    const r = await t.anon.post('/sandbox/fondo/done', undefined, {
      raw: new URLSearchParams({ token: 'made-up-token-123456' }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(r.status).toBe(404);
    expect(r.headers.get('location')).toBeNull();
  });

  test('the fund document speaks the language the app asks for, else the browser\'s', async () => {
    const nl = await t.anon.get('/sandbox/fondo/document?lang=nl');
    expect(nl.status).toBe(200);
    expect(nl.text).toContain('<html lang="nl">');
    expect(nl.text).toContain('<h2>Risico</h2>');
    const en = await t.anon.get('/sandbox/fondo/document?lang=en', { headers: { 'Accept-Language': 'nl-NL' } });
    expect(en.text).toContain('<h2>Risk</h2>');
    const browser = await t.anon.get('/sandbox/fondo/document?lang=<script>', { headers: { 'Accept-Language': 'nl-NL,nl;q=0.9' } });
    expect(browser.status).toBe(200);
    expect(browser.text).toContain('<html lang="nl">');
    expect(browser.text).not.toContain('<script>');
  });

  test('other pages may not be framed at all', async () => {
    const r = await t.anon.get('/sandbox/pay/unknown-token-123456');
    expect(r.headers.get('x-frame-options')).toBe('DENY');
  });

  test('no token → 401; visitor → 403', async () => {
    expectError(await t.anon.get('/loyalty/fondo/journey/start'), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).get('/loyalty/fondo/journey/start'), 403, 'forbidden');
  });
});
