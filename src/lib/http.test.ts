import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, request, resetHttpForTests } from './http';
import { getSession, resetSessionForTests } from './session';
import { clearStoredSession, saveStoredTokens, saveStoredUser } from '../offline/session-storage';
import { raiseGlobalError, onGlobalError, isGlobalErrorRaised } from './global-error';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
}

let handler: Handler;
const calls: { url: string; init: RequestInit }[] = [];

beforeEach(async () => {
  await new Promise((r) => setTimeout(r, 10)); // let the previous test's async token writes land
  await clearStoredSession();
  calls.length = 0;
  resetHttpForTests();
  resetSessionForTests({ tokens: { access_token: 'old', refresh_token: 'r1', expires_at: Date.now() + 60_000 } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return handler(url, init);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const auth = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

describe('request', () => {
  it('sends the bearer token and Accept-Language, and reads JSON', async () => {
    handler = () => json(200, { ok: true });
    await expect(request('/wallet/me', { query: { limit: 12, 'filter[name]': 'a b', skip: undefined } })).resolves.toEqual({ ok: true });
    expect(calls[0]!.url).toBe('/api/v1.0/wallet/me?limit=12&filter%5Bname%5D=a+b');
    expect(auth(calls[0]!.init)).toBe('Bearer old');
    expect((calls[0]!.init.headers as Record<string, string>)['Accept-Language']).toBe('en');
  });

  it('reads 204 / No Content as null', async () => {
    handler = () => new Response(null, { status: 204, statusText: 'No Content' });
    await expect(request('/x', { method: 'DELETE' })).resolves.toBeNull();
  });

  it('ten concurrent 401s → exactly one refresh, each request retried once with the new token', async () => {
    let refreshCalls = 0;
    handler = async (url, init) => {
      if (url.includes('/oauth/v2/token')) {
        refreshCalls++;
        const body = JSON.parse(String(init.body));
        expect(body).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'r1' });
        await new Promise((r) => setTimeout(r, 20));
        return json(200, { access_token: 'new', refresh_token: 'r2', token_type: 'bearer', expires_in: 900, scope: 'ios' });
      }
      return auth(init) === 'Bearer new' ? json(200, { url }) : json(401, { error: 'unauthorized', error_description: 'expired' }, 'Unauthorized');
    };
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => request<{ url: string }>(`/item/${i}`)));
    expect(refreshCalls).toBe(1);
    expect(results.map((r) => r.url)).toEqual(Array.from({ length: 10 }, (_, i) => `/api/v1.0/item/${i}`));
    const apiCalls = calls.filter((c) => !c.url.includes('/oauth'));
    expect(apiCalls).toHaveLength(20); // each request: the failed try + exactly one retry
    expect(getSession().tokens).toMatchObject({ access_token: 'new', refresh_token: 'r2' });
  });

  it('never adopts tokens another tab stored for another person: no request goes with them', async () => {
    resetSessionForTests({ tokens: { access_token: 'old', refresh_token: 'r1', expires_at: Date.now() + 60_000 }, user: { id: 7 } as never });
    await saveStoredTokens({ access_token: 'pieter', refresh_token: 'rp', expires_at: Date.now() + 60_000 });
    await saveStoredUser({ id: 8 });
    handler = (url, init) => (auth(init) === 'Bearer pieter' ? json(200, { as: 'pieter' }) : json(401, { error: 'unauthorized', error_description: 'expired' }, 'Unauthorized'));
    await expect(request('/corporate-partners/3/favorite', { method: 'POST' })).rejects.toBeInstanceOf(ApiRequestError);
    expect(calls.map((c) => auth(c.init))).toEqual(['Bearer old']);
    expect(getSession().tokens?.access_token).toBe('old');
    // The store cleared (signed out in another tab): no refresh with this tab's own token, no logout here.
    calls.length = 0;
    await clearStoredSession();
    await expect(request('/corporate-partners/3/favorite', { method: 'POST' })).rejects.toBeInstanceOf(ApiRequestError);
    expect(calls.map((c) => auth(c.init))).toEqual(['Bearer old']);
    expect(getSession().tokens?.access_token).toBe('old');
    await saveStoredTokens({ access_token: 'pieter', refresh_token: 'rp', expires_at: Date.now() + 60_000 });
    // Nor tokens whose person is not known yet (another tab signed in, its user record not stored).
    calls.length = 0;
    await saveStoredUser(null);
    await expect(request('/corporate-partners/3/favorite', { method: 'POST' })).rejects.toBeInstanceOf(ApiRequestError);
    expect(calls.map((c) => auth(c.init))).toEqual(['Bearer old']);
    expect(getSession().tokens?.access_token).toBe('old');
  });

  it('a refused refresh logs out (tokens cleared, start screen)', async () => {
    handler = (url) =>
      url.includes('/oauth/v2/token') ? json(400, { error: 'invalid_grant', error_description: 'revoked' }) : json(401, { error: 'unauthorized', error_description: '' });
    resetSessionForTests({ screen: 'Menu Screen', tokens: { access_token: 'old', refresh_token: 'r1', expires_at: 0 } });
    await expect(request('/me')).rejects.toBeInstanceOf(ApiRequestError);
    expect(getSession().tokens).toBeNull();
    expect(getSession().screen).toBe('Start Screen');
  });

  it('a refresh that fails for lack of network keeps the session', async () => {
    handler = (url) => {
      if (url.includes('/oauth/v2/token')) throw new TypeError('Failed to fetch');
      return json(401, { error: 'unauthorized', error_description: '' });
    };
    const err = await request('/me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as ApiRequestError).kind).toBe('network_error');
    expect(getSession().tokens?.refresh_token).toBe('r1');
  });

  it('uses one cached visitor token for auth:visitor', async () => {
    let tokenCalls = 0;
    handler = (url, init) => {
      if (url.includes('/oauth/v2/token')) {
        tokenCalls++;
        expect(JSON.parse(String(init.body))).toMatchObject({ grant_type: 'client_credentials', scope: 'ios' });
        return json(200, { access_token: 'visitor', token_type: 'bearer', expires_in: 900, scope: 'ios' });
      }
      return json(200, { who: auth(init) });
    };
    const [a, b] = await Promise.all([request('/site/categories', { auth: 'visitor' }), request('/site/countries', { auth: 'visitor' })]);
    await request('/site/x', { auth: 'visitor' });
    expect(tokenCalls).toBe(1);
    expect(a).toEqual({ who: 'Bearer visitor' });
    expect(b).toEqual({ who: 'Bearer visitor' });
  });

  it('auth:public goes without a token (no token round trip before a visitor\'s first screen)', async () => {
    handler = (_url, init) => json(200, { who: auth(init) ?? 'nobody' });
    const [a, b] = await Promise.all([request('/site/categories', { auth: 'public' }), request('/site/corporate-partners/1', { auth: 'public' })]);
    expect(a).toEqual({ who: 'nobody' });
    expect(b).toEqual({ who: 'nobody' });
    expect(calls.filter((c) => c.url.includes('/oauth'))).toHaveLength(0);
  });

  it('auth:public against a server that wants a token: one 401, then the visitor token on every public call', async () => {
    let tokenCalls = 0;
    handler = (url, init) => {
      if (url.includes('/oauth/v2/token')) {
        tokenCalls++;
        return json(200, { access_token: 'visitor', token_type: 'bearer', expires_in: 900, scope: 'ios' });
      }
      return auth(init) ? json(200, { who: auth(init) }) : json(401, { error: 'unauthorized', error_description: '' });
    };
    expect(await request('/site/categories', { auth: 'public' })).toEqual({ who: 'Bearer visitor' });
    calls.length = 0;
    expect(await request('/site/countries', { auth: 'public' })).toEqual({ who: 'Bearer visitor' });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1.0/site/countries']); // no second 401
    expect(tokenCalls).toBe(1);
  });

  it('with the token at hand, sends in the caller\'s own task (a search started in a keystroke goes out before React renders)', async () => {
    handler = (url) => (url.includes('/oauth/v2/token') ? json(200, { access_token: 'visitor', token_type: 'bearer', expires_in: 900, scope: 'ios' }) : json(200, {}));
    await request('/site/categories', { auth: 'visitor' }); // the visitor token is cached now
    calls.length = 0;
    const visitorCall = request('/site/corporate-partners/all', { auth: 'visitor', query: { 'filter[name]': 'kl' } });
    const userCall = request('/wallet/me');
    // Synchronously: no microtask has run since the calls.
    expect(calls.map((c) => c.url)).toEqual(['/api/v1.0/site/corporate-partners/all?filter%5Bname%5D=kl', '/api/v1.0/wallet/me']);
    await Promise.all([visitorCall, userCall]);
  });

  it('types errors: validation, network, unknown; 5xx raises then resets the global flag', async () => {
    handler = () => json(422, { error: 'validation_error', error_description: 'bad', violations: [{ property_path: 'email', message: 'Incorrect email' }] });
    const v = (await request('/x', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiRequestError;
    expect(v.kind).toBe('validation_error');
    expect(v.status).toBe(422);
    expect(v.violation('email')).toBe('Incorrect email');

    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    const n = (await request('/x').catch((e: unknown) => e)) as ApiRequestError;
    expect(n.kind).toBe('network_error');
    expect(n.status).toBe(0);

    const seen: boolean[] = [];
    const off = onGlobalError((raised) => seen.push(raised));
    handler = () => json(503, { error: 'internal_server_error', error_description: 'down' });
    const u = (await request('/x').catch((e: unknown) => e)) as ApiRequestError;
    off();
    expect(u.kind).toBe('unknown_error');
    expect(u.body?.error).toBe('internal_server_error');
    expect(seen).toEqual([true, false]);
    expect(isGlobalErrorRaised()).toBe(false);
    expect(typeof raiseGlobalError).toBe('function');
  });

  it('sends FormData as multipart (no JSON content type)', async () => {
    handler = () => json(201, { id: 1, url: '/media/1' });
    const form = new FormData();
    form.append('mime', 'not_validate');
    await request('/files', { method: 'POST', body: form });
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(calls[0]!.init.body).toBe(form);
  });
});
