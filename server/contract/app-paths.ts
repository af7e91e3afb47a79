/**
 * The app's paths, shared by the app, its service worker and the server. The app routes in the hash
 * ('/#/nl/wallet'); a real path someone types or pastes ('/nl/wallet') is sent to the same screen in the
 * same language by the server (a redirect) and, once installed, by the service worker. A path no screen
 * has is a 404 page in the visitor's language.
 *
 * APP_PATHS is the route tree's paths (src/app/routes.tsx, under the optional language segment) as the
 * tree spells them; src/app/app-paths.test.ts fails when the two differ.
 */

/** Every route of the app, relative to the language prefix; '$name' is a parameter (any one segment). */
export const APP_PATHS = [
  '/',
  '/share',
  '/start',
  '/sign-in',
  '/sign-up',
  '/finish-sign-up',
  '/forgot-password',
  '/invite/$code',
  '/menu',
  '/settings',
  '/inbox',
  '/edit-profile',
  '/delete-account',
  '/devices',
  '/download-data',
  '/privacy',
  '/welcome',
  '/interests',
  '/terms',
  '/faq',
  '/accessibility',
  '/ambassador',
  '/brand/$brandName',
  '/corporate/$brandId',
  '/corporate/$brandId/slider',
  '/favorites',
  '/gift-card',
  '/gift-card/$brandId',
  '/wallet',
  '/wallet/$walletId',
  '/purchases',
  '/purchases/$orderId',
  '/my-impact',
  '/project/$projectId',
  '/project/$projectId/sponsor',
  '/project/$projectId/thanks',
  '/set-target',
  '/set-target/$targetId',
  '/transactions',
  '/transactions/$txId',
  '/trips',
  '/calculator',
  '/investment',
  '/journey/success',
] as const;

/** Real paths the app's start reads itself (src/main.tsx): served the app as they are. */
const BOOT_PATHS = ['/', '/share-target'];

export type AppLang = 'en' | 'nl';

/** The 404 page in each language, built into the app's files (vite.config.ts, from locales' info.json). */
export const NOT_FOUND_PAGES: Record<AppLang, string> = { en: 'not-found.html', nl: 'not-found.nl.html' };

export interface ParsedAppPath {
  lang: AppLang | null;
  /** A leading 'se' segment was stripped. */
  se: boolean;
  /** The path without the prefixes, always starting with '/', no trailing '/'. */
  rest: string;
}

/** Splits the language and 'se' prefixes off a path ('/se/nl/wallet' → { lang:'nl', se:true, rest:'/wallet' }). */
export function parseAppPath(pathname: string): ParsedAppPath {
  const segments = pathname.split('/').filter((s, i) => !(i === 0 && s === ''));
  let lang: AppLang | null = null;
  let se = false;
  for (let i = 0; i < 2 && segments.length > 0; i++) {
    const head = segments[0]!.toLowerCase();
    if (!se && head === 'se') {
      se = true;
      segments.shift();
    } else if (!lang && (head === 'nl' || head === 'en')) {
      lang = head;
      segments.shift();
    } else break;
  }
  const rest = '/' + segments.join('/');
  return { lang, se, rest: rest === '/' ? '/' : rest.replace(/\/$/, '') || '/' };
}

const ROUTES = APP_PATHS.map((p) => p.split('/').filter(Boolean));

/** Whether some route has this (unprefixed) path: literal segments match exactly, '$name' any segment. */
export function isAppPath(rest: string): boolean {
  const segments = rest === '/' ? [] : rest.split('/').slice(1);
  return ROUTES.some((route) => route.length === segments.length && route.every((r, i) => (r.startsWith('$') ? segments[i] !== '' : r === segments[i])));
}

/**
 * Where a real path goes: '/nl/wallet?x=1' → '/#/nl/wallet?x=1', '/en/menu' → '/#/menu' (English has
 * no prefix), '/nl/' → '/#/nl'. Null for the app's own root and boot paths (served as they are) and for
 * paths no screen has. The target is always '/#/…', so it can never lead off the site.
 */
export function appPathRedirect(pathname: string, search: string): string | null {
  const { lang, se, rest } = parseAppPath(pathname);
  // The bare root stays the app's root ('/nl' still becomes '/#/nl').
  if (BOOT_PATHS.includes(rest) && (rest !== '/' || (!lang && !se))) return null;
  if (!isAppPath(rest)) return null;
  const path = lang === 'nl' ? (rest === '/' ? '/nl' : `/nl${rest}`) : rest;
  return `/#${path}${search.length > 1 ? search.slice(0, 4096) : ''}`;
}

/** Whether the server (or the worker) answers this real path with the app itself. */
export function servesApp(pathname: string): boolean {
  return BOOT_PATHS.includes(parseAppPath(pathname).rest) || pathname === '/index.html';
}
