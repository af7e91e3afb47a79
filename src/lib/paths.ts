// URL helpers: optional language prefix (nl, en; English has no prefix), a leading 'se'
// prefix that is stripped, brand names in URLs, invite codes, and the path of every screen.
import { useCallback } from 'react';
import { parseAppPath, type ParsedAppPath } from '@contract/app-paths';
import { useLang, type Lang } from './i18n';

/** The route path of every screen (relative to the optional language prefix). */
export const SCREEN_PATHS = {
  shop: '/',
  start: '/start',
  signIn: '/sign-in',
  signUp: '/sign-up',
  finishSignUp: '/finish-sign-up',
  forgotPassword: '/forgot-password',
  selectInterest: '/interests',
  menu: '/menu',
  myImpact: '/my-impact',
  settings: '/settings',
  editProfile: '/edit-profile',
  deleteAccount: '/delete-account',
  termsOfUse: '/terms',
  faq: '/faq',
  accessibility: '/accessibility',
  favorites: '/favorites',
  transactions: '/transactions',
  ambassador: '/ambassador',
  calculator: '/calculator',
  investment: '/investment',
  fondoSuccess: '/journey/success',
  giftCard: '/gift-card',
  setTarget: '/set-target',
  wallet: '/wallet',
} as const;

/** Splits the language and 'se' prefixes off a path ('/se/nl/wallet' → { lang:'nl', se:true, rest:'/wallet' }):
 *  the one parser the app, its service worker and the server share. */
export const parsePath: (pathname: string) => ParsedPath = parseAppPath;
export type ParsedPath = ParsedAppPath;

/** Prefixes a path for a language: '/wallet' → '/nl/wallet' (nl) or '/wallet' (en). Query/hash are kept. */
export function withLang(path: string, lang: Lang): string {
  const m = /^([^?#]*)(.*)$/.exec(path)!;
  const { rest } = parsePath(m[1] || '/');
  const prefixed = lang === 'en' ? rest : rest === '/' ? '/nl' : `/nl${rest}`;
  return prefixed + m[2];
}

/** React hook: maps an unprefixed app path to the current language's path. */
export function useLangPath(): (path: string) => string {
  const lang = useLang();
  return useCallback((path: string) => withLang(path, lang), [lang]);
}

/** Brand name in a URL: spaces become underscores; a country is appended as '__ALPHA3'. */
export function encodeBrandName(name: string, alpha3?: string | null): string {
  const base = name.trim().replace(/ /g, '_');
  return alpha3 ? `${base}__${alpha3.toUpperCase()}` : base;
}

/** Inverse of encodeBrandName: splits the '__ALPHA3' suffix off and turns underscores into spaces. */
export function decodeBrandName(param: string): { name: string; country: string | null } {
  let value = param;
  try {
    value = decodeURIComponent(param);
  } catch {
    /* keep as is */
  }
  const m = /^(.*)__([A-Za-z]{3})$/.exec(value);
  const raw = m ? m[1]! : value;
  return { name: raw.replace(/_/g, ' ').trim(), country: m ? m[2]!.toUpperCase() : null };
}

export const INVITE_CODE_RE = /^[A-Za-z0-9]{5}$/;
export function isInviteCode(code: unknown): code is string {
  return typeof code === 'string' && INVITE_CODE_RE.test(code);
}

/**
 * A real path /invite/{code} (optionally /nl/…) opens the menu: '#/menu' in the path's language. The
 * caller has saved the code, so the address becomes the app's root: the invite path would otherwise
 * stay in the address bar through every later screen (and be shared or bookmarked with it).
 * Returns the URL to go to, or null when the path is not an invite.
 */
export function inviteRedirectTarget(loc: { pathname: string; search: string; hash: string }): string | null {
  const code = inviteCodeFromPathname(loc.pathname);
  if (!code) return null;
  const hash = /^#\/?((nl|en)\/)?menu/.test(loc.hash) ? loc.hash : `#${withLang('/menu', parsePath(loc.pathname).lang ?? 'en')}`;
  return `/${loc.search}${hash}`;
}

/**
 * The share target (the manifest's share_target action, a real path /share-target?url=&text=&title=,
 * optionally /nl/share-target) opens the in-app route '#/share?…' at the root, so the address bar
 * keeps no shared text. The query is cut at 8 kB (a hostile 10 kB string); the route reads it.
 */
export function shareTargetRedirect(loc: { pathname: string; search: string }): string | null {
  const { lang, rest } = parsePath(loc.pathname);
  return rest === '/share-target' ? `/#${withLang('/share', lang ?? 'en')}${loc.search.slice(0, 8192)}` : null;
}

export function inviteCodeFromPathname(pathname: string): string | null {
  const { rest } = parsePath(pathname);
  const m = /^\/invite\/([^/]+)$/.exec(rest);
  return m && isInviteCode(m[1]) ? m[1]! : null;
}

/** Rewrites a hash-route path for another language, keeping the screen and query. */
export function switchLangPath(currentPath: string, lang: Lang): string {
  return withLang(currentPath, lang);
}
