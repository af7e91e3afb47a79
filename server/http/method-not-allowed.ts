/**
 * A known path asked with a method it has no route for answers 405 with `Allow` (RFC 9110), not 404:
 * an integrator who GETs the partner endpoint learns the path is right and the method is not.
 */
import type { Context } from 'hono';
import { METHOD_NAME_ALL } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** The methods routed for a path, read from the app's own route table once every route is registered. */
export function routedMethods(app: { routes: readonly { method: string; path: string }[] }): (path: string) => string[] {
  let router: TrieRouter<string> | null = null;
  return (path) => {
    if (!router) {
      router = new TrieRouter<string>();
      // Middleware (method ALL) and catch-alls (the app's static files) say nothing about a path's methods.
      for (const r of app.routes) if (r.method !== METHOD_NAME_ALL && !r.path.endsWith('*')) router.add(METHOD_NAME_ALL, r.path, r.method);
    }
    const methods = new Set(router.match(METHOD_NAME_ALL, path)[0].map(([method]) => method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}

/** 405 in the contract's error shape when the path has routes for other methods, else null. */
export function methodNotAllowed(c: Context, allowed: string[]): Response | null {
  if (allowed.length === 0 || allowed.includes(c.req.method)) return null;
  c.header('Allow', allowed.join(', '));
  return c.json({ error: 'method_not_allowed', error_description: `Use ${allowed.join(' or ')} here.` }, 405);
}
