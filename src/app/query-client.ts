// The app's QueryClient (reaches routes through router context). Retries only what can succeed on
// retry: network failures and 5xx, never 4xx. gcTime is long so a persisted cache (src/offline) can
// restore it for offline starts. Queries are offline-first from the start (src/offline/query-persist.ts
// sets the same): the boot prefetch runs before the saved cache is restored, and offline it must
// still ask once, so the service worker can answer from its copies.
import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/http';
import { copyAgeCache } from '../offline/copy-age';

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    // Answers from the service worker's copies are dated as the copy (src/offline/copy-age.ts).
    queryCache: copyAgeCache(),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 1000 * 60 * 60 * 24,
        refetchOnWindowFocus: false,
        networkMode: 'offlineFirst',
        retry: (count, error) => {
          if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
          return count < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
