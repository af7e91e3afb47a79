/**
 * Serves the built app (DIST_DIR): files with the right type and caching (index.html, sw.js and
 * the manifest revalidate; hashed /assets are immutable), gzip for text kept in memory, ETags.
 * A path without a file: a screen's path (/nl/wallet, /invite/ABCDE) is redirected to its hash route
 * in its language, the app's boot paths (/, /share-target) get index.html, and any other path the 404
 * page in the visitor's language (server/contract/app-paths.ts says which is which).
 *
 * Compression runs on libuv's thread pool, once per file version however many requests ask at the
 * same time, and warmStaticCache() does all of dist/ right after start. Compressing on the event
 * loop (gzip level 9 of the 450 KB entry takes tens of ms) blocked every other request while a
 * fresh service worker precached ~100 files, and made the first visitors after a deploy wait.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';
import { requestLang } from './lang.ts';
import { appPathRedirect, NOT_FOUND_PAGES, parseAppPath, servesApp } from '../contract/app-paths.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.xml', '.map', '.ico']);
const REVALIDATE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/manifest.nl.webmanifest', '/registerSW.js', '/version.json']);

interface Cached {
  key: string;
  body: Uint8Array;
  gz: Uint8Array | null;
  /** An HTML page's inline scripts, as CSP hashes: the page's CSP allows them (and only that page's). */
  scripts: string[];
}
const cache = new Map<string, Cached>();
/** Reads and compressions in progress, by file and version: concurrent first requests share one. */
const pending = new Map<string, Promise<Cached>>();
const gzip = promisify(gzipCallback);

async function read(file: string, key: string): Promise<Cached> {
  const body = new Uint8Array(await readFile(file));
  const gz = COMPRESSIBLE.has(extname(file)) && body.length > 1024 ? new Uint8Array(await gzip(body, { level: 9 })) : null;
  return { key, body, gz, scripts: extname(file) === '.html' ? inlineScriptHashes(Buffer.from(body).toString('utf8')) : [] };
}

/** Read with the file, so a new build's page comes with its own scripts' hashes. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `sha256-${createHash('sha256').update(m[1]!).digest('base64')}`);
}

async function load(file: string): Promise<{ entry: Cached; etag: string } | null> {
  let st;
  try {
    st = await stat(file);
  } catch {
    return null;
  }
  if (!st.isFile()) return null;
  const key = `${st.size}-${Math.floor(st.mtimeMs)}`;
  const etag = `W/"${key}"`;
  const hit = cache.get(file);
  if (hit && hit.key === key) return { entry: hit, etag };
  const id = `${file}\0${key}`;
  let reading = pending.get(id);
  if (!reading) {
    reading = read(file, key).finally(() => pending.delete(id));
    pending.set(id, reading);
  }
  const entry = await reading;
  if (entry.body.length < 5 * 1024 * 1024) cache.set(file, entry);
  return { entry, etag };
}

/** Reads and compresses every file of dist/ in the background, one at a time (call after start). */
export async function warmStaticCache(distDir: string): Promise<void> {
  let files;
  try {
    files = await readdir(resolve(distDir), { recursive: true, withFileTypes: true });
  } catch {
    return; // not built yet: requests say so
  }
  for (const d of files) if (d.isFile()) await load(join(d.parentPath, d.name)).catch(() => null);
}

/** `cspAllowing`: the CSP of a page with inline scripts (server/http/security-headers.ts). */
export function staticApp(distDir: string, cspAllowing: (scriptHashes: string[]) => string) {
  const root = resolve(distDir);
  const cspOf = (entry: Cached): Record<string, string> => (entry.scripts.length ? { 'Content-Security-Policy': cspAllowing(entry.scripts) } : {});
  return async (c: Context<AppEnv>) => {
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      return c.text('Not found', 404);
    }
    if (path.includes('\0')) return c.text('Not found', 404);
    if (path === '/' || path === '') path = '/index.html';
    const file = resolve(join(root, path));
    if (file !== root && !file.startsWith(root + sep)) return c.text('Not found', 404);
    const loaded = await load(file);
    if (loaded) return send(c, file, path, loaded, 200, cspOf(loaded.entry));
    // Missing files with an extension are 404.
    if (extname(path) !== '' && !path.endsWith('.html')) return c.text('Not found', 404);
    // A screen's path typed or pasted without the hash: to its hash route, in its language.
    const url = new URL(c.req.url); // as sent: a parameter stays percent-encoded
    const to = appPathRedirect(url.pathname, url.search);
    if (to) return c.redirect(to, 302);
    if (servesApp(path)) {
      const shell = join(root, 'index.html');
      const app = await load(shell);
      if (!app) return c.text('The app is not built yet. Run `npm run build` (npm start does this for you).', 503);
      return send(c, shell, '/index.html', app, 200, cspOf(app.entry));
    }
    // No screen has this path: the 404 page in the path's language, else the browser's.
    const lang = parseAppPath(path).lang ?? requestLang(c);
    const page = join(root, NOT_FOUND_PAGES[lang]);
    const notFound = await load(page);
    if (!notFound) return c.text('Not found', 404);
    return send(c, page, '/index.html', notFound, 404, { 'Content-Language': lang, Vary: 'Accept-Encoding, Accept-Language' });
  };
}

/** Answers a loaded file: type, caching (by the path it is served as), ETag, gzip when asked for. */
function send(
  c: Context<AppEnv>,
  file: string,
  served: string,
  { entry, etag }: { entry: Cached; etag: string },
  status: 200 | 404 = 200,
  extra: Record<string, string> = {},
) {
  const ext = extname(file);
  const headers: Record<string, string> = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    ETag: etag,
    Vary: 'Accept-Encoding',
    'Cache-Control': REVALIDATE.has(served)
      ? 'no-cache'
      : served.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=3600',
    ...extra,
  };
  if (served === '/sw.js') headers['Service-Worker-Allowed'] = '/';
  if (status === 200 && c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  const gzip = entry.gz && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  if (gzip) headers['Content-Encoding'] = 'gzip';
  const body = gzip ? entry.gz! : entry.body;
  headers['Content-Length'] = String(body.length);
  if (c.req.method === 'HEAD') return c.body(null, status, headers);
  return c.body(body as Uint8Array<ArrayBuffer>, status, headers);
}
