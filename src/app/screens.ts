// Path → screen name (the session's screen value and the screen-visit tracking name), read from the
// screen routes' staticData in routes.tsx: a path is matched the way the router matches it.
import type { StaticDataRouteOption } from '@tanstack/react-router';
import { screenRoutes } from './routes';

/** Whether an unprefixed path ('/wallet/3') fits a route path ('wallet/$walletId'). */
function fits(routePath: string, segments: string[]): boolean {
  const parts = routePath.split('/');
  return parts.length === segments.length && parts.every((p, i) => p.startsWith('$') || p === segments[i]);
}

type ScreenRoute = (typeof screenRoutes)[number];

/** The screen route an unprefixed path opens (search ignored), or undefined. */
function screenRouteForPath(rest: string): ScreenRoute | undefined {
  const segments = rest.split('?')[0]!.split('/').filter(Boolean);
  if (segments.length === 0) return undefined;
  const pathOf = (r: ScreenRoute): string => ('path' in r.options ? r.options.path : '');
  // As the router ranks them: a static segment beats a $param one.
  const params = (p: string) => p.split('/').filter((s) => s.startsWith('$')).length;
  return screenRoutes.filter((r) => fits(pathOf(r), segments)).sort((a, b) => params(pathOf(a)) - params(pathOf(b)))[0];
}

/** The staticData of the screen route an unprefixed path opens (search ignored), or null. */
export function screenDataForPath(rest: string): StaticDataRouteOption | null {
  return screenRouteForPath(rest)?.options.staticData ?? null;
}

/**
 * Starts loading the lazy chunk (and namespaces) of the screen a path opens, before the router
 * exists: a start straight onto '#/wallet' fetches the wallet's files while the session and the
 * saved cache are read. preloadInitialRoute (router.tsx) loads whatever else the match needs.
 */
export function preloadScreenForPath(rest: string): void {
  const component = screenRouteForPath(rest)?.options.component as { preload?: () => Promise<unknown> } | undefined;
  void component?.preload?.().catch(() => undefined);
}

/** The screen name for an unprefixed path, or null for the root (shop page); an unknown path is its own name. */
export function screenForPath(rest: string): string | null {
  const path = rest.split('?')[0]!.replace(/\/$/, '') || '/';
  if (path === '/') return null;
  return screenDataForPath(path)?.screen ?? path;
}
