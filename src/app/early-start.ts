/**
 * The boot's first steps, which wait for nothing of the app: the IndexedDB reads of the stored session
 * and of the saved query cache, and an installed start's saved picture of the screen (saved-screen.ts).
 *
 * index.html runs them from a small script of their own (src/early.ts, built apart by vite.config.ts's
 * earlyStart plugin) that runs as soon as it has downloaded, while the entry (~150 KB gzip) is still
 * downloading and being compiled; they used to start only when the entry was evaluated. The script
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

/** The early script: starts the steps and leaves them for the entry, unless the entry ran first. */
export function offerEarlyStart(): void {
  const g = globalThis as Handoff;
  if (!g[HANDOFF]) g[HANDOFF] = startEarly();
}

/** The entry: what the early script started, else the steps started now; a late early script then does nothing. */
export function claimEarlyStart(): EarlyStart {
  const g = globalThis as Handoff;
  const offered = g[HANDOFF];
  g[HANDOFF] = 'claimed';
  return offered && offered !== 'claimed' ? offered : startEarly();
}
