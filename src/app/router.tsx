import { createHashHistory, createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { parsePath } from '../lib/paths';
import { skipClosedLayers } from '../lib/layer-entries';
import { routeTree } from './routes';
import { ErrorScreen } from './error-screen';
import { NotFoundRedirect } from './not-found';
import { CenteredSpinner } from '../ui/spinner';

export function createAppRouter(queryClient: QueryClient) {
  const history = createHashHistory();
  skipClosedLayers(history);
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: NotFoundRedirect,
    defaultPendingComponent: () => <CenteredSpinner />,
    defaultPendingMs: 300,
    // The window's scroll is the shop page's (every other screen scrolls inside its dialog). The router's
    // default scrolled the window to the top after every navigation, so opening and closing a brand lost
    // the visitor's place in the shop; it also forced a page layout inside the first render's commit.
    scrollRestoration: () => false,
    // A leading 'se' segment is stripped ('#/se/nl/wallet' is '#/nl/wallet').
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

/**
 * Start fetching the lazy chunks of the screen the page opened on (e.g. '#/wallet') right away, in
 * parallel with session hydrate and i18n, instead of after the first render has matched the route.
 * Best effort: the router loads whatever is still missing itself.
 */
export function preloadInitialRoute(router: AppRouter): void {
  try {
    const routes = router.routesById as Record<string, Parameters<AppRouter['loadRouteChunk']>[0]>;
    for (const m of router.matchRoutes(router.latestLocation)) {
      const route = routes[m.routeId];
      if (route) void router.loadRouteChunk(route)?.catch(() => undefined);
    }
  } catch {
    /* the router loads the chunks when it renders */
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
