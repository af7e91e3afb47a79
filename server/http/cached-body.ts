/**
 * Ready-made answers (JSON, its gzip and their strong ETags) and sending them: 304 for a matching
 * If-None-Match, gzip when accepted, else the JSON.
 *
 * Strong ETags name one representation: the gzip answer has its own tag ("<sha1>-gz") beside the
 * JSON's ("<sha1>"). If-None-Match is compared weakly, as HTTP asks, so either tag of the same JSON
 * matches: both name the same content, whatever encoding the client kept.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { etag } from 'hono/etag';
import type { CachedBody } from '../catalogue/cache.ts';
import type { AppEnv } from './env.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
const GZIP_MIN_BYTES = 1024;

export function cachedBody(json: string): CachedBody {
  const gz = Buffer.byteLength(json) >= GZIP_MIN_BYTES ? new Uint8Array(gzipSync(json, { level: 6 })) : null;
  const hash = createHash('sha1').update(json).digest('base64url');
  const etag = `"${hash}"`;
  const gzEtag = `"${hash}-gz"`;
  return {
    json,
    gz,
    hash,
    headers: { 'Content-Type': JSON_TYPE, ETag: etag, Vary: 'Accept-Encoding' },
    gzHeaders: { 'Content-Type': JSON_TYPE, 'Content-Encoding': 'gzip', ETag: gzEtag, Vary: 'Accept-Encoding' },
  };
}

/** Weak comparison of If-None-Match with the entry's tags: "*", or any listed tag, W/ or not. */
function etagMatches(header: string, hash: string): boolean {
  for (const part of header.split(',')) {
    let t = part.trim();
    if (t === '*') return true;
    if (t.startsWith('W/')) t = t.slice(2);
    if (t.length < hash.length + 2 || t.charCodeAt(0) !== 34 || t.charCodeAt(t.length - 1) !== 34) continue;
    const opaque = t.slice(1, -1);
    if (opaque === hash || opaque === `${hash}-gz`) return true;
  }
  return false;
}

const GZIP = /\bgzip\b/;

/** Sends a cached answer: 304 for a matching If-None-Match, gzip when accepted, else the JSON. */
export function sendBody(c: Context<AppEnv>, e: CachedBody): Response {
  return answerWith(e, c.req.header('accept-encoding'), c.req.header('if-none-match'));
}

/** sendBody for a caller that holds the request's headers (routes/catalogue-fast-path.ts). */
export function answerWith(e: CachedBody, acceptEncoding: string | null | undefined, ifNoneMatch: string | null | undefined): Response {
  const gzip = e.gz !== null && GZIP.test(acceptEncoding ?? '');
  const headers = gzip ? e.gzHeaders : e.headers;
  if (ifNoneMatch != null && etagMatches(ifNoneMatch, e.hash)) {
    return new Response(null, { status: 304, headers: { ETag: headers.ETag, Vary: 'Accept-Encoding' } });
  }
  if (gzip) return new Response(e.gz as Uint8Array<ArrayBuffer>, { status: 200, headers });
  return new Response(e.json, { status: 200, headers });
}

/** Strong ETag and 304 for answers built per request (hono hashes the body). Put it after the auth
 *  check, so a bad token stays 401 whatever If-None-Match says. */
export const conditional = etag();

/** Path and query of the request (the origin does not change the answer). */
export function pathAndQuery(c: Context<AppEnv>): string {
  return pathAndQueryOf(c.req.url);
}

export function pathAndQueryOf(url: string): string {
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}
