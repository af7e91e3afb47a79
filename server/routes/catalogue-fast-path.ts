/**
 * Cached catalogue list pages answered before the Hono app: most catalogue traffic is the same pages
 * again, and routing, the context and the middleware chain cost about as much as the answer itself
 * (tests/bench api, RESULTS.md section 5).
 *
 * Only what the app would answer the same way is answered here; anything else goes on to the app:
 * - GET only, through the Node server (security headers are put on its response, as the app's
 *   middleware does); no body, so the body limits have nothing to check, and rate limits count POSTs;
 * - the two list routes of routes/catalogue.ts, and only an entry already in their response cache
 *   under the key they would use (listPageKey): it was built by that route for that exact path and
 *   query (which had passed validation and the NUL check), and for user pages that user and version
 *   of their favorites;
 * - a token known valid in memory (auth/tokens.ts): visitor pages take none or any token, user pages
 *   a user token. A missing, malformed, unknown, expired or visitor token (on a user page) goes to
 *   the app, which answers 401/403 or asks the database.
 */
import type { ServerResponse } from 'node:http';
import type { Db } from '../db/open.ts';
import { bearerToken } from '../http/auth.ts';
import { rememberedAccessToken, type TokenOwner } from '../auth/tokens.ts';
import { answerWith, pathAndQueryOf } from '../http/cached-body.ts';
import { catalogueCache, listPageKey } from '../catalogue/cache.ts';

const SITE_PAGE = /^\/api\/v1(?:\.0)?\/site\/corporate-partners\/[^/?]+(?:\?|$)/;
const USER_PAGE = /^\/api\/v1(?:\.0)?\/corporate-partners\/category\/[^/?]+(?:\?|$)/;

export type FastPath = (req: Request, env: unknown) => Response | undefined;

export function cachedListPages(db: Db, setSecurityHeaders: (outgoing: ServerResponse, path: string) => void): FastPath {
  const bodies = catalogueCache(db).bodies;
  const answer: FastPath = (req, env) => {
    if (req.method !== 'GET') return undefined;
    const pq = pathAndQueryOf(req.url);
    const site = SITE_PAGE.test(pq);
    if (!site && !USER_PAGE.test(pq)) return undefined;
    const outgoing = (env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (!outgoing || typeof outgoing.setHeader !== 'function' || outgoing.headersSent) return undefined;

    let owner: TokenOwner | undefined;
    const token = bearerToken(req.headers.get('authorization'));
    if (token !== undefined) {
      if (token === null || token.length > 200) return undefined;
      owner = rememberedAccessToken(db, token);
      if (owner === undefined) return undefined;
    }
    let uid: number | null = null;
    if (!site) {
      if (owner?.kind !== 'user' || owner.userId === null) return undefined;
      uid = owner.userId;
    }
    const hit = bodies.get(listPageKey(db, uid, pq));
    if (hit === undefined) return undefined;

    const q = pq.indexOf('?');
    setSecurityHeaders(outgoing, q === -1 ? pq : pq.slice(0, q));
    return answerWith(hit, req.headers.get('accept-encoding'), req.headers.get('if-none-match'));
  };
  // Whatever goes wrong here (a header the parser rejects...), the app answers it as it would.
  return (req, env) => {
    try {
      return answer(req, env);
    } catch {
      return undefined;
    }
  };
}

/** The route pattern of a page answered here (logs and metrics name it as the app's route would). */
export function fastPathRoute(req: Request): string {
  const pq = pathAndQueryOf(req.url);
  const prefix = pq.startsWith('/api/v1.0/') ? '/api/v1.0' : '/api/v1';
  return SITE_PAGE.test(pq) ? `${prefix}/site/corporate-partners/:category` : `${prefix}/corporate-partners/category/:category`;
}
