import { createHashHistory, createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { parsePath } from '../lib/paths';
import { routeTree } from './routes';
import { ErrorScreen } from './error-screen';
import { NotFoundRedirect } from './not-found';
import { CenteredSpinner } from '../ui/spinner';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    history: createHashHistory(),
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: NotFoundRedirect,
    defaultPendingComponent: () => <CenteredSpinner />,
    defaultPendingMs: 300,
    // SPEC §2: a leading 'se' segment is stripped ('#/se/nl/wallet' is '#/nl/wallet').
    rewrite: {
      input: ({ url }) => {
        const parsed = parsePath(url.pathname);
        if (!parsed.se) return undefined;
        url.pathname = parsed.lang && parsed.lang !== 'en' ? `/${parsed.lang}${parsed.rest === '/' ? '' : parsed.rest}` : parsed.rest;
        return url;
      },
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
