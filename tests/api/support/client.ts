/**
 * A small HTTP client for the tests: every call answers { status, body, headers, text }, and every
 * answer is held to the OpenAPI document (openapi-check.ts): one that does not match fails the call.
 */
import { documentProblems } from './openapi-check.ts';

export const PREFIXES = ['/api/v1.0', '/api/v1'] as const;
export type Prefix = (typeof PREFIXES)[number];

export interface Res<T = any> {
  status: number;
  /** Parsed JSON when the response is JSON, otherwise null. */
  body: T;
  headers: Headers;
  text: string;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface CallOptions {
  query?: Query;
  headers?: Record<string, string>;
  /** API prefix (default /api/v1.0); ignored for /oauth, /media, /sandbox and absolute URLs. */
  prefix?: Prefix;
  /** A raw body (string, FormData, Uint8Array, URLSearchParams) sent as is. */
  raw?: BodyInit;
  contentType?: string;
  redirect?: RequestRedirect;
}

export interface Client {
  get<T = any>(path: string, opts?: CallOptions): Promise<Res<T>>;
  delete<T = any>(path: string, body?: unknown, opts?: CallOptions): Promise<Res<T>>;
  post<T = any>(path: string, body?: unknown, opts?: CallOptions): Promise<Res<T>>;
  put<T = any>(path: string, body?: unknown, opts?: CallOptions): Promise<Res<T>>;
  request<T = any>(method: string, path: string, body?: unknown, opts?: CallOptions): Promise<Res<T>>;
}

export function urlFor(baseUrl: string, path: string, prefix: Prefix = '/api/v1.0', query?: Query): string {
  let full: string;
  if (/^https?:\/\//.test(path)) full = path;
  else if (/^\/(oauth|media|sandbox|partner|operator)(\/|$)/.test(path) || path.startsWith('/api/') || !path.startsWith('/') || path === '/') {
    full = baseUrl + (path.startsWith('/') ? path : `/${path}`);
  } else full = baseUrl + prefix + path;
  if (query) {
    const u = new URL(full);
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) u.searchParams.set(k, String(v));
    full = u.toString();
  }
  return full;
}

export function makeClient(baseUrl: string, token?: string | null, defaults: CallOptions = {}): Client {
  const request = async <T>(method: string, path: string, body?: unknown, opts: CallOptions = {}): Promise<Res<T>> => {
    const o = { ...defaults, ...opts, headers: { ...defaults.headers, ...opts.headers } };
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (o.raw !== undefined) {
      payload = o.raw;
      if (o.contentType) headers['Content-Type'] = o.contentType;
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['Content-Type'] = o.contentType ?? 'application/json';
    }
    const url = urlFor(baseUrl, path, o.prefix, o.query);
    const res = await fetch(url, {
      method,
      headers,
      body: payload,
      redirect: o.redirect ?? 'manual',
    });
    const text = await res.text();
    let parsed: unknown = null;
    if ((res.headers.get('content-type') ?? '').includes('json') && text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
    const answer = { status: res.status, body: parsed as T, headers: res.headers, text };
    const problems = await documentProblems(method, url, answer);
    if (problems.length > 0) throw new Error(`The answer does not match the OpenAPI document:\n${problems.join('\n')}`);
    return answer;
  };
  return {
    request,
    get: (path, opts) => request('GET', path, undefined, opts),
    delete: (path, body, opts) => request('DELETE', path, body, opts),
    post: (path, body, opts) => request('POST', path, body, opts),
    put: (path, body, opts) => request('PUT', path, body, opts),
  };
}
