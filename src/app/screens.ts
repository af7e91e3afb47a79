// Path → screen name (the session's screen value and the screen-visit tracking name), read from the
// screen routes' staticData in routes.tsx: a path is matched the way the router matches it.
import type { StaticDataRouteOption } from '@tanstack/react-router';
import { screenRoutes } from './routes';

/** Whether an unprefixed path ('/wallet/3') fits a route path ('wallet/$walletId'). */
function fits(routePath: string, segments: string[]): boolean {
  const parts = routePath.split('/');
  return parts.length === segments.length && parts.every((p, i) => p.startsWith('$') || p === segments[i]);
}

/** The staticData of the screen route an unprefixed path opens (search ignored), or null. */
export function screenDataForPath(rest: string): StaticDataRouteOption | null {
  const segments = rest.split('?')[0]!.split('/').filter(Boolean);
  if (segments.length === 0) return null;
  const pathOf = (r: (typeof screenRoutes)[number]): string => ('path' in r.options ? r.options.path : '');
  // As the router ranks them: a static segment beats a $param one.
  const params = (p: string) => p.split('/').filter((s) => s.startsWith('$')).length;
  const best = screenRoutes.filter((r) => fits(pathOf(r), segments)).sort((a, b) => params(pathOf(a)) - params(pathOf(b)))[0];
  return best?.options.staticData ?? null;
}

/** The screen name for an unprefixed path, or null for the root (shop page); an unknown path is its own name. */
export function screenForPath(rest: string): string | null {
  const path = rest.split('?')[0]!.replace(/\/$/, '') || '/';
  if (path === '/') return null;
  return screenDataForPath(path)?.screen ?? path;
}
