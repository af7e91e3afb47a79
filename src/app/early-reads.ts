/**
 * The boot's IndexedDB reads (the stored session, the saved query cache of whoever used the app last),
 * started by this module's evaluation. main.tsx imports it right after the stylesheets, so they run
 * while the rest of the entry (React, the router, i18next, the route tree) is still being evaluated
 * instead of after it: on an offline start the session read was the longest wait before the render.
 */
import { preloadSavedQueryCache } from '../offline/saved-cache-read';
import { preloadStoredSession } from '../offline/session-storage';

preloadStoredSession();
preloadSavedQueryCache();
