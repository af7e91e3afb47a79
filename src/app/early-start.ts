/**
 * The boot's first steps, which wait for nothing of the app: the IndexedDB reads of the stored session
 * and of the saved query cache, and an installed start's saved picture of the screen (saved-screen.ts).
 *
 * On an installed start, index.html runs them from a small inline script of their own (src/early.ts,
 * built apart by vite.config.ts's earlyStart plugin) as the document is parsed, while the entry (~150 KB
 * gzip) is still coming from the worker and being compiled; they used to start only when the entry was
 * evaluated. On a first visit the script leaves them to the entry (measured: no gain there). The script
 * offers what it started on a global, and the entry's first import (early-reads.ts) claims it. A script
 * that comes after the entry has claimed (slower to arrive, blocked, or absent as in `vite` dev) does
 * nothing: the entry has started the steps itself. Both bundles hold their own copy of these modules;
 * only the promises cross over.
 */
import { readSavedQueryCache, type EarlyRead } from '../offline/saved-cache-read';
import { loadStoredSession, type StoredTokens } from '../offline/session-storage';
import { startSavedScreen } from './saved-screen';

export interface EarlyStart {
  session: Promise<{ tokens: StoredTokens | null; user: unknown }>;
  savedCache: Promise<EarlyRead>;
  /** Resolves once the saved picture has painted (or at once without one). */
  picture: Promise<void>;
}

const HANDOFF = '__socialpayEarlyStart';
type Handoff = { [HANDOFF]?: EarlyStart | 'claimed' };

export function startEarly(): EarlyStart {
  return { session: loadStoredSession(), savedCache: readSavedQueryCache(), picture: startSavedScreen() };
}

/** The early script: starts the steps and leaves them for the entry, unless the entry ran first. Only
 *  on an installed start (the worker serves the page): on a first visit the entry arrives over the
 *  network long after the document, and there the early reads measured later, not sooner (Lighthouse
 *  LCP +20 to +80 ms, alternated A/Bs). */
export function offerEarlyStart(): void {
  const g = globalThis as Handoff;
  if (!g[HANDOFF] && navigator.serviceWorker?.controller) g[HANDOFF] = startEarly();
}

/** The entry: what the early script started, else the steps started now; a late early script then does nothing. */
export function claimEarlyStart(): EarlyStart {
  const g = globalThis as Handoff;
  const offered = g[HANDOFF];
  g[HANDOFF] = 'claimed';
  return offered && offered !== 'claimed' ? offered : startEarly();
}
