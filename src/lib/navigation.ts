// The one navigation helper pair (with src/ui/app-link.tsx): screens navigate by unprefixed app path
// ('/wallet', '/my-impact?view=…'); the current language prefix is added here, so a feature never
// needs to know about the {lang} segment. Works with the hash router.
import { useNavigate, useParams, useRouter, useRouterState, type RegisteredRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useLang } from './i18n';
import { withLang } from './paths';

// App paths, type-checked against the registered route tree (src/app/router.tsx): the tree's full paths
// without the optional language segment, a $param segment being any text ('/wallet/${string}').
type Segment<S extends string> = S extends `$${string}` ? string : S;
type Fill<P extends string> = P extends `${infer Head}/${infer Tail}` ? `${Segment<Head>}/${Fill<Tail>}` : Segment<P>;
type Unprefixed<P> = P extends `/{-$lang}${infer Rest}` ? (Rest extends '' | '/' ? '/' : Rest) : P extends `/${string}` ? P : never;
/** An unprefixed app path of a route in the tree ('/wallet', '/project/${string}/sponsor'). */
export type AppPath = Fill<Unprefixed<keyof RegisteredRouter['routesByPath'] & string>>;
/** An app path with a query string already on it. */
export type AppHref = AppPath | `${AppPath}?${string}`;

/** Search parameters; undefined ones are left out. */
export type Search = Record<string, string | number | undefined>;

export interface GoOptions {
  replace?: boolean;
  search?: Search;
}

export function withSearch(path: AppHref, search?: Search): AppHref {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(search ?? {})) if (v !== undefined) qs.set(k, String(v));
  const q = qs.toString();
  return q ? (`${path}?${q}` as AppHref) : path;
}

export function useGo(): (path: AppHref, opts?: GoOptions) => void {
  const navigate = useNavigate();
  const lang = useLang();
  return useCallback(
    (path: AppHref, opts?: GoOptions) => {
      void navigate({ href: withLang(withSearch(path, opts?.search), lang), replace: opts?.replace });
    },
    [navigate, lang],
  );
}

/** The href of an app path in the current language, for <a href> with the hash router. */
export function hashHref(path: AppHref, lang: Parameters<typeof withLang>[1]): string {
  return `#${withLang(path, lang)}`;
}

/** Back within the app; when there is no in-app history (a deep link), go to `fallback` instead. */
export function useBack(fallback: AppHref): () => void {
  const router = useRouter();
  const go = useGo();
  return useCallback(() => {
    if (router.history.canGoBack()) router.history.back();
    else go(fallback, { replace: true });
  }, [router, go, fallback]);
}

/** One search parameter of the current location, as a string. */
export function useSearchParam(name: string): string | undefined {
  return useRouterState({
    select: (s) => {
      const value = (s.location.search as Record<string, unknown>)[name];
      return value == null ? undefined : String(value);
    },
  });
}

/** One path parameter of the current route ('$projectId' → useRouteParam('projectId')). */
export function useRouteParam(name: string): string | undefined {
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  return params[name];
}

/** A route's record id (a brand, a project): null when it is not a positive whole number, which no record
 *  has, so the screen says "not found" at once instead of waiting for a query it never sends. */
export function useRouteId(name: string): number | null {
  const id = Number(useRouteParam(name));
  return Number.isInteger(id) && id > 0 ? id : null;
}
