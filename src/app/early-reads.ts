/**
 * The entry's first import after the stylesheets: claims the boot's first steps (the stored session's
 * and the saved query cache's IndexedDB reads, the saved picture of the screen), started by the early
 * script before the entry had even downloaded, or starts them now (early-start.ts). Either way they run
 * while the rest of the entry (React, the router, i18next, the route tree) is still being evaluated:
 * on an offline start the session read was the longest wait before the render.
 */
import { preloadSavedQueryCache } from '../offline/saved-cache-read';
import { preloadStoredSession } from '../offline/session-storage';
import { claimEarlyStart } from './early-start';

const early = claimEarlyStart();
preloadStoredSession(early.session);
preloadSavedQueryCache(early.savedCache);

/** Resolves once the saved picture has painted, or at once without one (main.tsx's boot waits for it). */
export const savedScreenShown: Promise<void> = early.picture;
