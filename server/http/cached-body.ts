/**
 * Ready-made answers (JSON, its gzip and a weak ETag) and sending them: 304 for a matching
 * If-None-Match, gzip when accepted, else the JSON.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { CachedBody } from '../catalogue/cache.ts';
import type { AppEnv } from './env.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
const GZIP_MIN_BYTES = 1024;

export function cachedBody(json: string): CachedBody {
  const gz = Buffer.byteLength(json) >= GZIP_MIN_BYTES ? new Uint8Array(gzipSync(json, { level: 6 })) : null;
  const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
  return {
    json,
    gz,
    etag,
    headers: { 'Content-Type': JSON_TYPE, ETag: etag, Vary: 'Accept-Encoding' },
    gzHeaders: { 'Content-Type': JSON_TYPE, 'Content-Encoding': 'gzip', ETag: etag, Vary: 'Accept-Encoding' },
  };
}

function etagMatches(header: string, etag: string): boolean {
  if (header === etag) return true;
  const weak = etag.slice(2);
  for (const part of header.split(',')) {
    const t = part.trim();
    if (t === '*' || t === etag || t === weak || t.slice(2) === weak) return true;
  }
  return false;
}

const GZIP = /\bgzip\b/;

/** Sends a cached answer: 304 for a matching If-None-Match, gzip when accepted, else the JSON. */
export function sendBody(c: Context<AppEnv>, e: CachedBody): Response {
  const inm = c.req.header('if-none-match');
  if (inm !== undefined && etagMatches(inm, e.etag)) {
    return new Response(null, { status: 304, headers: { ETag: e.etag, Vary: 'Accept-Encoding' } });
  }
  if (e.gz !== null && GZIP.test(c.req.header('accept-encoding') ?? '')) return new Response(e.gz as Uint8Array<ArrayBuffer>, { status: 200, headers: e.gzHeaders });
  return new Response(e.json, { status: 200, headers: e.headers });
}

/** Path and query of the request (the origin does not change the answer). */
export function pathAndQuery(c: Context<AppEnv>): string {
  const url = c.req.url;
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}
