// BeforeLoad guards shared by route definitions (first-load rules: docs/product.md#navigation).
import { redirect } from '@tanstack/react-router';
import { isLang, type Lang } from '../lib/i18n';
import { parsePath, withLang } from '../lib/paths';
import { rememberIntentOfPath } from '../lib/pending-intent';
import { forgetReturnTo, saveReturnTo } from '../lib/return-to';
import { isSignedIn } from '../lib/session';

type Ctx = { params: unknown; preload?: boolean; location?: { pathname: string; searchStr?: string } };

function langOf(ctx: Ctx): Lang {
  const l = (ctx.params as { lang?: string } | undefined)?.lang;
  return isLang(l) ? l : 'en';
}

/**
 * Signed-in screens: a visitor is sent to the Start screen (language kept); after signing in they come
 * back. Each redirect starts a sign-in of its own: the Menu (where signing in leads anyway) forgets a
 * way back remembered earlier. A preload (a hovered link) is no visit: it remembers nothing.
 */
export function requireSignedIn(ctx: Ctx): void {
  if (isSignedIn()) return;
  if (ctx.location && !ctx.preload) {
    const rest = parsePath(ctx.location.pathname).rest;
    if (rest === '/menu') forgetReturnTo();
    else saveReturnTo(rest + (ctx.location.searchStr ?? ''));
    // A screen that is an action (a reward target's detail) is offered again after signing in.
    rememberIntentOfPath(rest);
  }
  throw redirect({ href: withLang('/start', langOf(ctx)), replace: true });
}

/** Visitor-only screens (start, sign in, sign up): a signed-in user gets the Menu screen. */
export function requireVisitor(ctx: Ctx): void {
  if (isSignedIn()) throw redirect({ href: withLang('/menu', langOf(ctx)), replace: true });
}
