// The one HTTP client: shared token refresh, typed errors, the global 5xx flag (docs/product.md#session).
// - Bearer token from the session, Accept-Language from the active language.
// - auth:'visitor' uses a client_credentials token, cached until shortly before it expires.
// - auth:'public' (the contract's public /site GETs) goes without a token, so a visitor's first screen
//   does not wait a round trip for one; a server that wants a token anyway answers 401 once, and from
//   then on these calls carry the visitor token.
// - 401 on a user call: ONE shared refresh however many requests failed at once (and across tabs,
//   through a Web Lock plus re-reading the stored tokens, because refresh tokens rotate), then each
//   request is retried once. A refused refresh logs out (start screen); a refresh that fails for lack
//   of network does not (offline starts keep the session).
// - 204 / No Content / empty body → null. 5xx → the global error flag is raised then reset.
// - Errors are ApiRequestError with kind validation_error | network_error | unknown_error.
import type { ApiError, TokenRequest, TokenResponse } from '@contract/types';
import { API_BASE, OAUTH_SCOPE, TOKEN_URL } from './config';
import { raiseGlobalError } from './global-error';
import { getLang, type Lang } from './i18n';
import { getSession, logout, setTokens, type SessionTokens } from './session';
import { noteCopyTime } from '../offline/copy-age';
import { CACHED_AT_HEADER } from '../offline/served-from-cache';
import { withWebLock } from '../offline/web-lock';

export type AuthMode = 'user' | 'visitor' | 'public' | 'none';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  auth?: AuthMode;
  signal?: AbortSignal;
  /** The language to ask for (Accept-Language) when the answer is cached per language; default the active one. */
  lang?: Lang;
  /** 'blob': a successful answer's body as is (a download), not parsed. */
  as?: 'json' | 'blob';
}

export type ApiErrorKind = 'validation_error' | 'network_error' | 'unknown_error';

export class ApiRequestError extends Error {
  kind: ApiErrorKind;
  status: number;
  body: ApiError | null;
  /** A 429's Retry-After in seconds, when the server gave one (how long to wait, for the message). */
  retryAfter?: number;
  constructor(kind: ApiErrorKind, status: number, body: ApiError | null, message?: string) {
    super(message ?? body?.error_description ?? `${kind} (${status})`);
    this.name = 'ApiRequestError';
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
  /** The first violation message for a field (or any field when omitted). */
  violation(field?: string): string | undefined {
    const list = this.body?.violations ?? [];
    return (field ? list.find((v) => v.property_path === field) : list[0])?.message;
  }
}

/** The error for a refused answer (status ≥ 400) whose body has been read. */
function refusal(res: Response, data: unknown): ApiRequestError {
  // Some servers answer a duplicate sign-up with 500/internal_server_error; keep it typed.
  const e = new ApiRequestError(res.status >= 500 ? 'unknown_error' : kindForStatus(res.status), res.status, asApiError(data));
  const wait = Number(res.headers.get('Retry-After'));
  if (res.status === 429 && Number.isFinite(wait) && wait > 0) e.retryAfter = wait;
  return e;
}

function kindForStatus(status: number): ApiErrorKind {
  return status === 400 || status === 409 || status === 422 ? 'validation_error' : 'unknown_error';
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const base = path.startsWith('http') ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return base;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    qs.append(k, String(v));
  }
  const s = qs.toString();
  return s ? `${base}${base.includes('?') ? '&' : '?'}${s}` : base;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.statusText === 'No Content') return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function asApiError(body: unknown): ApiError | null {
  if (body && typeof body === 'object' && 'error' in body) return body as ApiError;
  if (body && typeof body === 'object' && 'violations' in body) {
    return { error: 'validation_error', error_description: '', ...(body as object) } as ApiError;
  }
  return null;
}

async function doFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiRequestError('network_error', 0, null, (e as Error)?.message || 'network_error');
  }
}

// ---------- tokens ----------

export function tokensFromResponse(res: TokenResponse): SessionTokens {
  return {
    access_token: res.access_token,
    refresh_token: res.refresh_token ?? null,
    expires_at: Date.now() + (res.expires_in ?? 900) * 1000,
  };
}

/** POST the token endpoint. Failures throw ApiRequestError whose body carries error_description. */
export async function requestToken(body: TokenRequest): Promise<TokenResponse> {
  const res = await doFetch(TOKEN_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': getLang() },
    body: JSON.stringify({ scope: OAUTH_SCOPE, ...body }),
  });
  const data = await readBody(res);
  if (!res.ok) {
    if (res.status >= 500) raiseGlobalError();
    throw refusal(res, data);
  }
  return data as TokenResponse;
}

let visitor: { token: string; expiresAt: number } | null = null;
/** Set once this server has refused a public call without a token (see auth:'public'). */
let publicNeedsToken = false;
let visitorPromise: Promise<string> | null = null;

/** The cached visitor token while it has more than 30 s left, else null. */
function freshVisitorToken(): string | null {
  return visitor && visitor.expiresAt > Date.now() + 30_000 ? visitor.token : null;
}

async function visitorToken(): Promise<string> {
  const fresh = freshVisitorToken();
  if (fresh) return fresh;
  if (!visitorPromise) {
    visitorPromise = requestToken({ grant_type: 'client_credentials' })
      .then((r) => {
        visitor = { token: r.access_token, expiresAt: Date.now() + (r.expires_in ?? 900) * 1000 };
        return r.access_token;
      })
      .finally(() => {
        visitorPromise = null;
      });
  }
  return visitorPromise;
}

let refreshPromise: Promise<string> | null = null;

/**
 * Returns a fresh access token after `failedToken` was refused. Concurrent callers share one refresh.
 * Throws when the session cannot be refreshed.
 */
export function refreshAccessToken(failedToken: string | null): Promise<string> {
  const current = getSession().tokens;
  if (current?.access_token && current.access_token !== failedToken) return Promise.resolve(current.access_token);
  if (!refreshPromise) {
    refreshPromise = withWebLock('socialpay-token-refresh', async () => {
      // Another tab may have rotated the tokens already: adopt them instead of reusing a spent refresh token
      // (never another person's: session-tabs.ts).
      const stored = await import('./session-tabs').then((m) => m.storedTokensOfThisTab());
      if (stored?.access_token && stored.access_token !== failedToken && stored.refresh_token) {
        setTokens(stored);
        return stored.access_token;
      }
      const refreshToken = stored?.refresh_token ?? getSession().tokens?.refresh_token;
      if (!refreshToken) throw new ApiRequestError('unknown_error', 401, null, 'unauthorized');
      try {
        const res = await requestToken({ grant_type: 'refresh_token', refresh_token: refreshToken });
        const tokens = tokensFromResponse(res);
        if (!tokens.refresh_token) tokens.refresh_token = refreshToken;
        setTokens(tokens);
        return tokens.access_token;
      } catch (e) {
        if (e instanceof ApiRequestError && e.kind !== 'network_error') await logout('refresh_failed');
        throw e;
      }
    }).finally(() => {
      refreshPromise = null;
    });
  }
  return refreshPromise;
}

// ---------- requests ----------

/**
 * The token for a request, without waiting when it is at hand (every call but a visitor's first or
 * one after expiry): the request then goes out in the caller's own task. A search started in a
 * keystroke's event is sent before React renders the new text, not a few microtasks later, after it.
 */
function tokenFor(auth: AuthMode): string | null | Promise<string | null> {
  if (auth === 'none' || (auth === 'public' && !publicNeedsToken)) return null;
  if (auth === 'visitor' || auth === 'public') return freshVisitorToken() ?? visitorToken();
  return getSession().tokens?.access_token ?? null;
}

let onWrite: ((path: string) => void) | null = null;

/** Told of every change the server accepted from this tab (the other tabs then fetch again: other-tabs.ts). */
export function watchWrites(fn: (path: string) => void): void {
  onWrite = fn;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, auth = 'user', signal, lang } = options;
  const url = buildUrl(path, query);
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;

  const send = async (token: string | null): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': lang ?? getLang() };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    return doFetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal,
    });
  };

  const at = tokenFor(auth);
  let token = at instanceof Promise ? await at : at;
  let res = await send(token);

  if (res.status === 401) {
    if (auth === 'user' && getSession().tokens?.refresh_token) {
      token = await refreshAccessToken(token);
      res = await send(token);
    } else if (auth === 'visitor' || auth === 'public') {
      if (auth === 'public' && !token) publicNeedsToken = true;
      visitor = null;
      res = await send(await visitorToken());
    }
  }

  if (options.as === 'blob' && res.ok) return (await res.blob()) as T;
  const data = await readBody(res);
  if (!res.ok) {
    if (res.status >= 500) raiseGlobalError();
    throw refusal(res, data);
  }
  noteCopyTime(data, res.headers.get(CACHED_AT_HEADER));
  if (method !== 'GET') onWrite?.(path);
  return data as T;
}

/** Test helper. */
export function resetHttpForTests(): void {
  visitor = null;
  visitorPromise = null;
  refreshPromise = null;
  publicNeedsToken = false;
}
