/**
 * GET /openapi.json (the document) and GET /docs/api (Scalar's reference page rendering it). The
 * page's script is Scalar's standalone bundle from node_modules, served here, so the page works
 * offline and under the app's CSP (no CDN, no inline script; fonts are the system's).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { openApiDocument } from './document.ts';

const gzip = promisify(gzipCallback);

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>SocialPay API reference</title>
<link rel="icon" href="/favicon.svg">
</head>
<body>
<div id="app"></div>
<script src="/docs/api/scalar.js"></script>
<script src="/docs/api/init.js"></script>
</body>
</html>
`;

const INIT = `Scalar.createApiReference('#app', { url: '/openapi.json', withDefaultFonts: false, hideClientButton: true, telemetry: false, agent: { disabled: true } });\n`;

interface Bundle { raw: Buffer; gz: Buffer }
let bundle: Promise<Bundle> | null = null;

/** Scalar's standalone bundle, read and compressed once (off the event loop) on first use. */
function scalarBundle(): Promise<Bundle> {
  bundle ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
    const raw = await readFile(join(dirname(entry), 'browser', 'standalone.js'));
    return { raw, gz: await gzip(raw) };
  })();
  return bundle;
}

export function openApiRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/openapi.json', (c) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Access-Control-Allow-Origin', '*');
    return c.json(openApiDocument());
  });
  r.get('/docs/api', (c) => c.html(PAGE, 200, { 'Cache-Control': 'no-cache' }));
  r.get('/docs/api/init.js', (c) => c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }));
  r.get('/docs/api/scalar.js', async (c) => {
    const { raw, gz } = await scalarBundle();
    const headers: Record<string, string> = { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400', Vary: 'Accept-Encoding' };
    if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) return c.body(new Uint8Array(gz), 200, { ...headers, 'Content-Encoding': 'gzip' });
    return c.body(new Uint8Array(raw), 200, headers);
  });
  return r;
}
