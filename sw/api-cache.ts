/**
 * Network-first for the API GETs the app needs offline, with a copy in IndexedDB.
 *
 * - Which: catalogue (site/*, categories, corporate-partners/* lists, brands and favorites),
 *   wallet/me, user-saving, contribution, project, application-users/targets and /me,
 *   user-loyalty-transactions, interests. Everything else (payments, fondo, tracking, tokens)
 *   goes straight to the network.
 * - Per user: public catalogue answers (/site/*) are stored under 'public'; everything else
 *   under the user the page announced (postMessage SET_USER). With no announced user nothing
 *   user-scoped is stored or served. PURGE_USER deletes that user's copies (logout, deletion).
 * - The network gets ~3 s; then (or on a network error / 5xx) the stored copy answers, with
 *   X-SW-Cached-At (ISO time it was fetched), and the page is told (SERVED_FROM_CACHE). With no copy
 *   the request keeps waiting for the network (a slow answer beats no answer).
 * - A 401/403/404/422 from the network is passed on as is (the page refreshes the token, etc.).
 * - Revalidation: a copy's ETag goes out as If-None-Match, and a 304 (no body) is answered from the
 *   copy. The worker has to send it itself: the API answers `no-store`, so the browser's HTTP cache
 *   holds nothing and never adds If-None-Match on its own (not for our fetch, not for Workbox's).
 */
import { createStore, del, delMany, entries, get, keys, set, type UseStore } from 'idb-keyval';
import { CACHED_AT_HEADER } from '../src/offline/served-from-cache';
import { STORAGE_KEYS } from '../src/offline/storage-keys';

export { CACHED_AT_HEADER };
export const NETWORK_TIMEOUT_MS = 3000;

const API_PREFIX = /^\/api\/v1(?:\.0)?\//;
const CACHED_PATHS: RegExp[] = [
  /^site\/(corporate-partners|categories|countries)(\/|$)/,
  /^categories$/,
  /^corporate-partners\/(category\/[^/]+|favorites|by-name\/[^/]+|\d+)$/,
  /^wallet\/me$/,
  /^user-saving$/,
  /^contribution$/,
  /^project(\/\d+)?$/,
  /^application-users\/(targets|me)$/,
  /^user-loyalty-transactions$/,
  /^interests$/,
];

export interface StoredResponse {
  cachedAt: number;
  status: number;
  contentType: string | null;
  body: string;
  /** The server's ETag (absent in copies saved before revalidation, and from servers without it). */
  etag?: string | null;
}

let store: UseStore | null = null;
function db(): UseStore {
  if (!store) store = createStore(STORAGE_KEYS.swApiDb, STORAGE_KEYS.swApiStore);
  return store;
}
export function resetApiCacheHandle(): void {
  store = null;
}

const USER_META_KEY = 'meta:user';
let currentUser: number | null | undefined; // undefined: not read from storage yet
/** Access token → user, as the page reports them (SET_USER carries the token it uses). */
const tokenOwners = new Map<string, number>();
/** Answers that arrived before the page said whose token it was (first sign-in): kept briefly. */
interface Buffered {
  token: string;
  id: string;
  value: StoredResponse;
}
let buffered: Buffered[] = [];
const BUFFER_MAX = 60;
const BUFFER_MS = 60_000;

export async function getCurrentUser(): Promise<number | null> {
  if (currentUser === undefined) {
    try {
      currentUser = (await get<number>(USER_META_KEY, db())) ?? null;
    } catch {
      currentUser = null;
    }
  }
  return currentUser;
}

function bearer(auth: string | null | undefined): string | null {
  const m = /^Bearer\s+(.+)$/i.exec(auth ?? '');
  return m ? m[1] : null;
}

/** Whose data a request carries: the owner of its token when known, else the signed-in user. */
export async function userForAuth(auth: string | null | undefined): Promise<number | null> {
  const token = bearer(auth);
  if (token && tokenOwners.has(token)) return tokenOwners.get(token)!;
  return getCurrentUser();
}

/** The page tells the worker who is signed in and with which access token (null: signed out). */
export async function setCurrentUser(userId: number | null, token?: string | null): Promise<void> {
  currentUser = userId;
  if (userId == null) {
    tokenOwners.clear();
    buffered = [];
  } else if (token) {
    tokenOwners.set(token, userId);
    const mine = buffered.filter((b) => b.token === token);
    buffered = buffered.filter((b) => b.token !== token);
    for (const b of mine) {
      try {
        await set(`u${userId}|${b.id}`, b.value, db());
      } catch {
        /* storage failure: skip */
      }
    }
  }
  try {
    if (userId == null) await del(USER_META_KEY, db());
    else await set(USER_META_KEY, userId, db());
  } catch {
    /* storage unavailable: memory only */
  }
}

/** Delete every stored answer of one user (and forget them as the current user). */
export async function purgeUser(userId: number): Promise<void> {
  if ((await getCurrentUser()) === userId) await setCurrentUser(null);
  for (const [token, owner] of [...tokenOwners]) if (owner === userId) tokenOwners.delete(token);
  buffered = [];
  try {
    const prefix = `u${userId}|`;
    const all = await keys<string>(db());
    await delMany(
      all.filter((k) => typeof k === 'string' && k.startsWith(prefix)),
      db(),
    );
  } catch {
    /* nothing to purge */
  }
}

/** The API path after the version prefix, or null when this is not a cached API GET. */
export function cachedApiPath(url: URL, method: string): string | null {
  if (method !== 'GET') return null;
  const m = API_PREFIX.exec(url.pathname);
  if (!m) return null;
  const rest = url.pathname.slice(m[0].length);
  // Name searches are endless and cheap to redo: they are not kept.
  if (url.searchParams.has('filter[name]')) return null;
  return CACHED_PATHS.some((re) => re.test(rest)) ? rest : null;
}

/** The resource id of a request: API path after the version (v1 and v1.0 are one) plus sorted query. */
export function resourceId(url: URL, apiPath: string): string {
  const params = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return `${apiPath}${query ? `?${query}` : ''}`;
}

/** Storage key for a request, or null when its user is not known (yet). */
export async function storageKey(url: URL, apiPath: string, auth?: string | null): Promise<string | null> {
  const id = resourceId(url, apiPath);
  if (apiPath.startsWith('site/')) return `public|${id}`;
  const user = await userForAuth(auth);
  return user == null ? null : `u${user}|${id}`;
}

async function toStored(res: Response, now: number): Promise<StoredResponse> {
  return { cachedAt: now, status: res.status, contentType: res.headers.get('Content-Type'), body: await res.clone().text(), etag: res.headers.get('ETag') };
}

/** Keep an answer whose owner is not known yet; SET_USER with the same token saves it. */
async function bufferResponse(auth: string | null, id: string, res: Response): Promise<void> {
  const token = bearer(auth);
  if (!token) return;
  const now = Date.now();
  let value: StoredResponse;
  try {
    value = await toStored(res, now);
  } catch {
    return; /* unreadable body */
  }
  // SET_USER may have arrived while the body was read: it has already flushed the buffer, so an
  // answer pushed now would never be filed. Decide after the await, with no await before the push.
  const owner = tokenOwners.get(token);
  if (owner != null) {
    try {
      await set(`u${owner}|${id}`, value, db());
    } catch {
      /* storage failure: skip */
    }
    return;
  }
  buffered = buffered.filter((b) => now - b.value.cachedAt < BUFFER_MS && b.id !== id).slice(-(BUFFER_MAX - 1));
  buffered.push({ token, id, value });
}

export const MAX_STORED = 400;
let savesSincePrune = 0;

/**
 * Requests are numbered as they start, and a copy is only replaced by the answer to a later-started
 * request: two reads of one resource can be answered out of order (one started before a change was
 * synced, one after), and the older answer must not become the copy the next offline start shows.
 */
let requestCount = 0;
const savedFrom = new Map<string, number>();
function nextRequestNumber(): number {
  return ++requestCount;
}
/** Claims `key` for the answer to request `seq`; false when a later request's answer is already saved. */
function mayReplace(key: string, seq: number): boolean {
  if ((savedFrom.get(key) ?? 0) > seq) return false;
  savedFrom.set(key, seq);
  return true;
}

export async function saveResponse(key: string, res: Response, now = Date.now(), seq = nextRequestNumber()): Promise<void> {
  try {
    const value = await toStored(res, now);
    if (!mayReplace(key, seq)) return;
    await set(key, value, db());
    savesSincePrune += 1;
    if (savesSincePrune >= 50) {
      savesSincePrune = 0;
      await pruneStored();
    }
  } catch {
    /* quota or storage failure: the network answer still goes through */
  }
}

/** Keep at most MAX_STORED answers: the least recently fetched go first. */
export async function pruneStored(max = MAX_STORED): Promise<void> {
  try {
    const all = (await entries<string, StoredResponse>(db())).filter(([k]) => typeof k === 'string' && !k.startsWith('meta:'));
    if (all.length <= max) return;
    all.sort((a, b) => a[1].cachedAt - b[1].cachedAt);
    await delMany(
      all.slice(0, all.length - max).map(([k]) => k),
      db(),
    );
  } catch {
    /* nothing to prune */
  }
}

export async function loadResponse(key: string): Promise<StoredResponse | null> {
  try {
    return (await get<StoredResponse>(key, db())) ?? null;
  } catch {
    return null;
  }
}

export function toResponse(stored: StoredResponse): Response {
  const headers = new Headers({ [CACHED_AT_HEADER]: new Date(stored.cachedAt).toISOString() });
  if (stored.contentType) headers.set('Content-Type', stored.contentType);
  return new Response(stored.body, { status: stored.status, headers });
}

export type FallbackReason = 'timeout' | 'error' | 'server';

type Outcome = { kind: 'response'; res: Response } | { kind: 'error'; err: unknown } | { kind: 'timeout' };

/** The request to send: with the copy's ETag as If-None-Match when there is one to revalidate. */
function outgoing(request: Request, stored: StoredResponse | null): Request {
  if (!stored?.etag || stored.status !== 200 || request.headers.has('If-None-Match')) return request.clone();
  const headers = new Headers(request.headers);
  headers.set('If-None-Match', stored.etag);
  return new Request(request, { headers });
}

/** A 304 to our If-None-Match: the copy is current. Its time is renewed; the page gets a plain 200. */
async function revalidated(key: string, stored: StoredResponse, seq: number): Promise<Response> {
  const now = Date.now();
  try {
    if (mayReplace(key, seq)) await set(key, { ...stored, cachedAt: now }, db());
  } catch {
    /* storage failure: the answer still goes through */
  }
  const headers = new Headers();
  if (stored.contentType) headers.set('Content-Type', stored.contentType);
  if (stored.etag) headers.set('ETag', stored.etag);
  return new Response(stored.body, { status: 200, headers });
}

/**
 * Network-first with a timeout and the IndexedDB copy as fallback (hooks: see NetworkFirstHooks).
 */
export interface NetworkFirstHooks {
  /** A stored copy answered, and why: the network was slow (`timeout`: a late answer may follow, see
   *  onFresh), failed outright (`error`) or the server erred (the page asks again for the last two). */
  onFallback?: (info: { path: string; reason: FallbackReason }) => void;
  /** After the copy answered a slow network, the late answer came and differs: the page should ask again. */
  onFresh?: (info: { path: string }) => void;
}

export async function networkFirst(
  request: Request,
  apiPath: string,
  { onFallback, onFresh }: NetworkFirstHooks = {},
  fetchImpl: (r: Request) => Promise<Response> = (r) => fetch(r),
  timeoutMs = NETWORK_TIMEOUT_MS,
): Promise<Response> {
  const url = new URL(request.url);
  const auth = request.headers.get('Authorization');
  const seq = nextRequestNumber();
  const key = await storageKey(url, apiPath, auth);
  const stored = key ? await loadResponse(key) : null;
  const network = fetchImpl(outgoing(request, stored)).then(
    (res): Outcome => ({ kind: 'response', res }),
    (err): Outcome => ({ kind: 'error', err }),
  );
  if (!key) {
    // A signed-in request before the page said whose token it is: pass it on and file the copy
    // under its owner if that is known by the time the answer arrives, else keep it aside.
    const out = await network;
    if (out.kind === 'response') {
      if (out.res.ok) {
        const late = await storageKey(url, apiPath, auth);
        if (late) await saveResponse(late, out.res, Date.now(), seq);
        else await bufferResponse(auth, resourceId(url, apiPath), out.res);
      }
      return out.res;
    }
    throw out.kind === 'error' ? out.err : new Error('timeout');
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), timeoutMs);
  });
  const first = await Promise.race([network, timeout]);
  clearTimeout(timer);

  const fallback = async (reason: FallbackReason): Promise<Response | null> => {
    if (!stored) return null;
    onFallback?.({ path: `/${apiPath}`, reason });
    return toResponse(stored);
  };

  if (first.kind === 'response') {
    const res = first.res;
    if (res.status === 304 && stored) return revalidated(key, stored, seq);
    if (res.ok) {
      await saveResponse(key, res, Date.now(), seq);
      return res;
    }
    if (res.status >= 500) return (await fallback('server')) ?? res;
    return res;
  }
  const copy = await fallback(first.kind);
  if (copy && stored) {
    // Still let a late network answer refresh the copy for next time.
    if (first.kind === 'timeout') {
      void network.then(async (out) => {
        if (out.kind !== 'response') return;
        if (out.res.status === 304) return void revalidated(key, stored, seq);
        if (!out.res.ok) return;
        const changed = (await out.res.clone().text().catch(() => stored.body)) !== stored.body;
        await saveResponse(key, out.res, Date.now(), seq);
        // The page is showing the older copy (a slow network, not an offline one): tell it to ask again.
        if (changed) onFresh?.({ path: `/${apiPath}` });
      });
    }
    return copy;
  }
  const out = first.kind === 'timeout' ? await network : first;
  if (out.kind === 'response') {
    if (out.res.ok) await saveResponse(key, out.res, Date.now(), seq);
    return out.res;
  }
  throw out.kind === 'error' ? out.err : new Error('timeout');
}
