import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import {
  CACHED_AT_HEADER,
  cachedApiPath,
  networkFirst,
  pruneStored,
  purgeUser,
  resetApiCacheHandle,
  setCurrentUser,
} from './api-cache';

const BASE = 'http://app.test';
const req = (path: string, token = 'tok-a') =>
  new Request(`${BASE}${path}`, { headers: { Authorization: `Bearer ${token}` } });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const offline = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};

async function run(path: string, fetchImpl: (r: Request) => Promise<Response>, token?: string, timeoutMs?: number) {
  const url = new URL(`${BASE}${path}`);
  const apiPath = cachedApiPath(url, 'GET');
  if (!apiPath) throw new Error(`not cached: ${path}`);
  return networkFirst(req(path, token), apiPath, undefined, fetchImpl, timeoutMs);
}

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  resetApiCacheHandle();
  await setCurrentUser(null);
});

describe('which requests are kept', () => {
  it('catalogue, wallet, savings, targets … but not payments or tokens', () => {
    const yes = [
      '/api/v1.0/site/corporate-partners/all?limit=8',
      '/api/v1/site/categories',
      '/api/v1.0/corporate-partners/category/3',
      '/api/v1.0/corporate-partners/favorites',
      '/api/v1.0/corporate-partners/12',
      '/api/v1.0/wallet/me',
      '/api/v1.0/user-saving?filter[year]=2026',
      '/api/v1.0/contribution',
      '/api/v1.0/project',
      '/api/v1.0/application-users/targets',
    ];
    const no = ['/api/v1.0/payment-intent/order-is-ready/3', '/oauth/v2/token', '/api/v1.0/loyalty/fondo/journey/start', '/media/x.png'];
    for (const p of yes) expect(cachedApiPath(new URL(BASE + p), 'GET'), p).not.toBeNull();
    for (const p of no) expect(cachedApiPath(new URL(BASE + p), 'GET'), p).toBeNull();
    expect(cachedApiPath(new URL(BASE + '/api/v1.0/wallet/me'), 'POST')).toBeNull();
  });
});

describe('network first with the IndexedDB copy', () => {
  it('answers from the network and falls back to the stamped copy when offline', async () => {
    await setCurrentUser(4, 'tok-a');
    const first = await run('/api/v1.0/wallet/me', async () => json([{ id: 1 }]));
    expect(await first.json()).toEqual([{ id: 1 }]);
    expect(first.headers.get(CACHED_AT_HEADER)).toBeNull();
    const copy = await run('/api/v1.0/wallet/me', offline);
    expect(await copy.json()).toEqual([{ id: 1 }]);
    expect(Date.parse(copy.headers.get(CACHED_AT_HEADER)!)).toBeGreaterThan(Date.now() - 10_000);
  });

  it('uses the copy when the network is slower than the timeout', async () => {
    await setCurrentUser(4, 'tok-a');
    await run('/api/v1.0/user-saving?filter[year]=2026', async () => json({ total: 1 }));
    const slow = () => new Promise<Response>((r) => setTimeout(() => r(json({ total: 2 })), 200));
    const res = await run('/api/v1.0/user-saving?filter[year]=2026', slow, 'tok-a', 20);
    expect(await res.json()).toEqual({ total: 1 });
    expect(res.headers.get(CACHED_AT_HEADER)).not.toBeNull();
  });

  it('after the copy answered a slow network, a late answer that differs is saved and the page told; the same one is not', async () => {
    await setCurrentUser(4, 'tok-a');
    const path = '/api/v1.0/wallet/me';
    const apiPath = cachedApiPath(new URL(`${BASE}${path}`), 'GET')!;
    await run(path, async () => json([{ id: 1, amount: 2250 }]));
    const slow = (body: unknown) => () => new Promise<Response>((r) => setTimeout(() => r(json(body)), 60));
    const told: string[] = [];
    const onFresh = (info: { path: string }) => void told.push(info.path);
    const copy = await networkFirst(req(path), apiPath, { onFresh }, slow([{ id: 1, amount: 1250 }]), 10);
    expect(await copy.json()).toEqual([{ id: 1, amount: 2250 }]);
    await vi.waitFor(() => expect(told).toEqual(['/wallet/me']));
    // The copy is the late answer now; a late answer equal to it tells nobody.
    const again = await networkFirst(req(path), apiPath, { onFresh }, slow([{ id: 1, amount: 1250 }]), 10);
    expect(await again.json()).toEqual([{ id: 1, amount: 1250 }]);
    await new Promise((r) => setTimeout(r, 120));
    expect(told).toEqual(['/wallet/me']);
  });

  it('an earlier read answered after a later one never replaces the later answer (a spend synced between them)', async () => {
    await setCurrentUser(4, 'tok-a');
    const path = '/api/v1.0/wallet/me';
    const apiPath = cachedApiPath(new URL(`${BASE}${path}`), 'GET')!;
    const after = (ms: number, body: unknown) => () => new Promise<Response>((r) => setTimeout(() => r(json(body)), ms));
    // Read 1 left before the spend reached the server and is answered last; read 2 (after it) first.
    const before = networkFirst(req(path), apiPath, undefined, after(80, [{ id: 1, amount: 3000 }]), 1000);
    const later = networkFirst(req(path), apiPath, undefined, after(10, [{ id: 1, amount: 2250 }]), 1000);
    expect(await (await later).json()).toEqual([{ id: 1, amount: 2250 }]);
    expect(await (await before).json()).toEqual([{ id: 1, amount: 3000 }]); // its own caller still gets it
    expect(await (await run(path, offline)).json()).toEqual([{ id: 1, amount: 2250 }]);
    // And a 304 to the earlier read's tag does not put its older copy back either.
    const tagged = (body: unknown, etag: string) => new Response(JSON.stringify(body), { status: 200, headers: { ETag: etag } });
    await run(path, async () => tagged([{ id: 1, amount: 2250 }], '"v1"'));
    const stale304 = networkFirst(req(path), apiPath, undefined, () => new Promise((r) => setTimeout(() => r(new Response(null, { status: 304 })), 80)), 1000);
    await run(path, async () => tagged([{ id: 1, amount: 1000 }], '"v2"'));
    await stale304;
    expect(await (await run(path, offline)).json()).toEqual([{ id: 1, amount: 1000 }]);
  });

  it('tells the page why the copy answered: a slow network, a failed request, a server error', async () => {
    await setCurrentUser(4, 'tok-a');
    const path = '/api/v1.0/wallet/me';
    const apiPath = cachedApiPath(new URL(`${BASE}${path}`), 'GET')!;
    await run(path, async () => json([{ id: 1 }]));
    const reasons: string[] = [];
    const onFallback = (info: { reason: string }) => void reasons.push(info.reason);
    const slow = () => new Promise<Response>((r) => setTimeout(() => r(json([{ id: 1 }])), 60));
    await networkFirst(req(path), apiPath, { onFallback }, slow, 10);
    await networkFirst(req(path), apiPath, { onFallback }, () => Promise.reject(new TypeError('Failed to fetch')));
    await networkFirst(req(path), apiPath, { onFallback }, async () => json({ error: 'x' }, 503));
    expect(reasons).toEqual(['timeout', 'error', 'server']);
  });

  it('passes a 401 on (the page refreshes the token) and falls back on a 5xx', async () => {
    await setCurrentUser(4, 'tok-a');
    await run('/api/v1.0/wallet/me', async () => json([{ id: 1 }]));
    expect((await run('/api/v1.0/wallet/me', async () => json({ error: 'unauthorized' }, 401))).status).toBe(401);
    const res = await run('/api/v1.0/wallet/me', async () => json({ error: 'x' }, 503));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 1 }]);
  });

  it('keeps copies per user: another user never gets them, and purge removes them', async () => {
    await setCurrentUser(4, 'tok-a');
    await run('/api/v1.0/wallet/me', async () => json([{ id: 1 }]));
    await setCurrentUser(5, 'tok-b');
    await expect(run('/api/v1.0/wallet/me', offline, 'tok-b')).rejects.toThrow();
    // user 4's token still maps to user 4
    expect(await (await run('/api/v1.0/wallet/me', offline, 'tok-a')).json()).toEqual([{ id: 1 }]);
    await purgeUser(4);
    await setCurrentUser(4, 'tok-a');
    await expect(run('/api/v1.0/wallet/me', offline, 'tok-a')).rejects.toThrow();
  });

  it('files an answer fetched before the page named the user once it does (first sign-in)', async () => {
    const res = await run('/api/v1.0/corporate-partners/favorites?limit=200', async () => json({ results: [1] }), 'tok-new');
    expect(res.status).toBe(200);
    await setCurrentUser(7, 'tok-new');
    const copy = await run('/api/v1.0/corporate-partners/favorites?limit=200', offline, 'tok-new');
    expect(await copy.json()).toEqual({ results: [1] });
  });

  it('files an answer whose body was still being read when the page named the user (race)', async () => {
    const path = '/api/v1.0/corporate-partners/favorites?limit=200&offset=0';
    let ctrl!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (ctrl = c) });
    const answer = run(path, async () => new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }), 'tok-race');
    await new Promise((r) => setTimeout(r, 50)); // the worker is now reading the body, owner unknown
    await setCurrentUser(7, 'tok-race'); // SET_USER arrives and flushes what was held aside so far
    ctrl.enqueue(new TextEncoder().encode(JSON.stringify({ results: [2] })));
    ctrl.close();
    await answer;
    const copy = await run(path, offline, 'tok-race');
    expect(await copy.json()).toEqual({ results: [2] });
  });

  it('public catalogue answers are shared and need no user', async () => {
    await run('/api/v1.0/site/categories', async () => json({ results: ['c'] }));
    const copy = await run('/api/v1/site/categories', offline);
    expect(await copy.json()).toEqual({ results: ['c'] });
  });
});

describe('bounded storage', () => {
  it('does not keep name searches', () => {
    expect(cachedApiPath(new URL(`${BASE}/api/v1.0/corporate-partners/category/all?filter[name]=abc`), 'GET')).toBeNull();
    expect(cachedApiPath(new URL(`${BASE}/api/v1.0/site/corporate-partners/all?filter%5Bname%5D=abc`), 'GET')).toBeNull();
  });

  it('prunes the least recently fetched answers beyond the cap', async () => {
    await setCurrentUser(4, 'tok-a');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 5; i += 1) {
        vi.setSystemTime(1_700_000_000_000 + i * 1000);
        await run(`/api/v1.0/project/${i + 1}`, async () => json({ id: i + 1 }));
      }
    } finally {
      vi.useRealTimers();
    }
    await pruneStored(3);
    await expect(run('/api/v1.0/project/1', offline)).rejects.toThrow();
    await expect(run('/api/v1.0/project/2', offline)).rejects.toThrow();
    expect(await (await run('/api/v1.0/project/5', offline)).json()).toEqual({ id: 5 });
  });
});

describe('revalidation with the copy’s ETag', () => {
  const tagged = (body: unknown, etag: string) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ETag: etag } });
  const notModified = (etag: string) => new Response(null, { status: 304, headers: { ETag: etag } });

  it('sends If-None-Match and answers a 304 from the copy as a fresh 200, renewing its time', async () => {
    await setCurrentUser(4, 'tok-a');
    const path = '/api/v1.0/corporate-partners/category/all?limit=12';
    const sent: (string | null)[] = [];
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(1_700_000_000_000);
      await run(path, async (r) => (sent.push(r.headers.get('If-None-Match')), tagged({ results: [1] }, '"v1"')));
      vi.setSystemTime(1_700_000_060_000);
      const res = await run(path, async (r) => (sent.push(r.headers.get('If-None-Match')), notModified('"v1"')));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ results: [1] });
      expect(res.headers.get(CACHED_AT_HEADER)).toBeNull(); // current, not "last updated"
    } finally {
      vi.useRealTimers();
    }
    expect(sent).toEqual([null, '"v1"']);
    const copy = await run(path, offline);
    expect(copy.headers.get(CACHED_AT_HEADER)).toBe(new Date(1_700_000_060_000).toISOString());
  });

  it('a changed answer (200, new tag) replaces the copy and its tag', async () => {
    await setCurrentUser(4, 'tok-a');
    const path = '/api/v1.0/corporate-partners/favorites';
    const sent: (string | null)[] = [];
    const answer = (body: unknown, etag: string) => async (r: Request) => (sent.push(r.headers.get('If-None-Match')), tagged(body, etag));
    await run(path, answer({ results: [] }, '"a"'));
    expect(await (await run(path, answer({ results: [7] }, '"b"'))).json()).toEqual({ results: [7] });
    await run(path, async (r) => (sent.push(r.headers.get('If-None-Match')), notModified('"b"')));
    expect(sent).toEqual([null, '"a"', '"b"']);
    expect(await (await run(path, offline)).json()).toEqual({ results: [7] });
  });

  it('never sends one user’s tag for another user, nor a tag the server did not give', async () => {
    const path = '/api/v1.0/corporate-partners/category/all?limit=12';
    const sent: (string | null)[] = [];
    await setCurrentUser(4, 'tok-a');
    await run(path, async () => tagged({ results: ['a'] }, '"a4"'), 'tok-a');
    await setCurrentUser(5, 'tok-b');
    await run(path, async (r) => (sent.push(r.headers.get('If-None-Match')), json({ results: ['b'] })), 'tok-b');
    await run(path, async (r) => (sent.push(r.headers.get('If-None-Match')), json({ results: ['b'] })), 'tok-b');
    expect(sent).toEqual([null, null]);
  });
});
