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
 *   X-SW-Cached-At (ISO time it was fetched) so the UI can say "last updated …". With no copy
 *   the request keeps waiting for the network (a slow answer beats no answer).
 * - A 401/403/404/422 from the network is passed on as is (the page refreshes the token, etc.).
 */
import { createStore, del, get, keys, set, delMany, type UseStore } from 'idb-keyval';
import { STORAGE_KEYS } from '../src/offline/storage-keys';

export const NETWORK_TIMEOUT_MS = 3000;
export const CACHED_AT_HEADER = 'X-SW-Cached-At';

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

export async function setCurrentUser(userId: number | null): Promise<void> {
  currentUser = userId;
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
  return CACHED_PATHS.some((re) => re.test(rest)) ? rest : null;
}

/** Storage key for a request, or null when it must not be stored (user data with no known user). */
export async function storageKey(url: URL, apiPath: string): Promise<string | null> {
  const params = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  // /api/v1 and /api/v1.0 are the same resource.
  const id = `${apiPath}${query ? `?${query}` : ''}`;
  if (apiPath.startsWith('site/')) return `public|${id}`;
  const user = await getCurrentUser();
  return user == null ? null : `u${user}|${id}`;
}

export async function saveResponse(key: string, res: Response, now = Date.now()): Promise<void> {
  try {
    const body = await res.clone().text();
    const value: StoredResponse = {
      cachedAt: now,
      status: res.status,
      contentType: res.headers.get('Content-Type'),
      body,
    };
    await set(key, value, db());
  } catch {
    /* quota or storage failure: the network answer still goes through */
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

type Outcome = { kind: 'response'; res: Response } | { kind: 'error'; err: unknown } | { kind: 'timeout' };

/**
 * Network-first with a timeout and the IndexedDB copy as fallback.
 * `onFallback` is told when a stored copy answered (to let the page show "last updated").
 */
export async function networkFirst(
  request: Request,
  apiPath: string,
  onFallback?: (info: { path: string; cachedAt: number }) => void,
  fetchImpl: (r: Request) => Promise<Response> = (r) => fetch(r),
  timeoutMs = NETWORK_TIMEOUT_MS,
): Promise<Response> {
  const url = new URL(request.url);
  const key = await storageKey(url, apiPath);
  const network = fetchImpl(request.clone()).then(
    (res): Outcome => ({ kind: 'response', res }),
    (err): Outcome => ({ kind: 'error', err }),
  );
  if (!key) {
    const out = await network;
    if (out.kind === 'response') return out.res;
    throw out.kind === 'error' ? out.err : new Error('timeout');
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), timeoutMs);
  });
  const first = await Promise.race([network, timeout]);
  clearTimeout(timer);

  const fallback = async (): Promise<Response | null> => {
    const stored = await loadResponse(key);
    if (!stored) return null;
    onFallback?.({ path: `/${apiPath}`, cachedAt: stored.cachedAt });
    return toResponse(stored);
  };

  if (first.kind === 'response') {
    const res = first.res;
    if (res.ok) {
      await saveResponse(key, res);
      return res;
    }
    if (res.status >= 500) return (await fallback()) ?? res;
    return res;
  }
  const copy = await fallback();
  if (copy) {
    // Still let a late network answer refresh the copy for next time.
    if (first.kind === 'timeout') {
      void network.then((out) => {
        if (out.kind === 'response' && out.res.ok) void saveResponse(key, out.res);
      });
    }
    return copy;
  }
  const out = first.kind === 'timeout' ? await network : first;
  if (out.kind === 'response') {
    if (out.res.ok) await saveResponse(key, out.res);
    return out.res;
  }
  throw out.kind === 'error' ? out.err : new Error('timeout');
}
