// The server and the service worker send real paths (/nl/wallet) to the app's screens using APP_PATHS
// (server/contract/app-paths.ts): it must be exactly the route tree's paths, or a screen added here
// would answer 404 to a typed path, and a screen removed would be redirected to nothing.
import { describe, expect, it } from 'vitest';
import type { AnyRoute } from '@tanstack/react-router';
import { APP_PATHS, appPathRedirect, isAppPath, parseAppPath } from '@contract/app-paths';
import { routeTree } from './routes';

/** The path of every route that has one, joined with its parents' (the language segment and the
 *  pathless screen layout add nothing). Read from the routes' options: fullPath exists only once a
 *  router has been built. */
function treePaths(route: AnyRoute, parent = '', out = new Set<string>()): Set<string> {
  const children = (route.children ?? []) as AnyRoute[] | Record<string, AnyRoute>;
  for (const child of Array.isArray(children) ? children : Object.values(children)) {
    const own = (child.options as { path?: string }).path;
    const path = own === undefined || own === '{-$lang}' ? parent : `${parent}/${own.replace(/^\/|\/$/g, '')}`;
    if (own !== undefined && own !== '{-$lang}') out.add(path.replace(/\/$/, '') || '/');
    treePaths(child, path, out);
  }
  return out;
}

describe('APP_PATHS', () => {
  it('is the route tree: every route with a path, and nothing else', () => {
    expect([...APP_PATHS].sort()).toEqual([...treePaths(routeTree as unknown as AnyRoute)].sort());
  });

  it('matches parameters as one segment each', () => {
    expect(isAppPath('/wallet/12')).toBe(true);
    expect(isAppPath('/wallet/12/13')).toBe(false);
    expect(isAppPath('/wallet/')).toBe(false);
    expect(isAppPath('//wallet')).toBe(false);
    expect(isAppPath('/project/3/thanks')).toBe(true);
  });

  it('sends a real path to its hash route in its language, never off the site', () => {
    expect(appPathRedirect('/nl/wallet', '')).toBe('/#/nl/wallet');
    expect(appPathRedirect('/en/wallet', '?a=1')).toBe('/#/wallet?a=1');
    expect(appPathRedirect('/nl', '')).toBe('/#/nl');
    expect(appPathRedirect('/', '')).toBeNull();
    expect(appPathRedirect('/share-target', '?url=x')).toBeNull();
    expect(appPathRedirect('/nl/share-target', '?url=x')).toBeNull();
    expect(appPathRedirect('/nope', '')).toBeNull();
    expect(appPathRedirect('//evil.example/wallet', '')).toBeNull();
    for (const p of ['/nl/wallet', '/se/en/menu', '/invite/ABCDE', '/nl/']) expect(appPathRedirect(p, '')).toMatch(/^\/#\//);
    expect(parseAppPath('/NL/wallet')).toEqual({ lang: 'nl', se: false, rest: '/wallet' });
  });
});
