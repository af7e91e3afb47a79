/**
 * Thin helpers over the shell's navigation (src/lib/navigation.ts, src/ui/app-link.tsx) that add
 * search parameters, plus readers for the current search and route params. Used by My Impact and Set Target.
 */
import { useParams, useRouterState } from '@tanstack/react-router';
import { useCallback, type AnchorHTMLAttributes } from 'react';
import { useGo as useAppGo } from '../lib/navigation';
import { AppLink as UiAppLink } from './app-link';

export type Search = Record<string, string | number | undefined>;

export function withSearch(path: string, search?: Search): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(search ?? {})) if (v !== undefined) qs.set(k, String(v));
  const q = qs.toString();
  return q ? `${path}?${q}` : path;
}

export function useGo(): (path: string, search?: Search, replace?: boolean) => void {
  const go = useAppGo();
  return useCallback((path, search, replace) => go(withSearch(path, search), { replace }), [go]);
}

export function AppLink({ to, search, ...rest }: { to: string; search?: Search } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <UiAppLink to={withSearch(to, search)} {...rest} />;
}

export function useSearchParam(name: string): string | undefined {
  return useRouterState({
    select: (s) => {
      const value = (s.location.search as Record<string, unknown>)[name];
      return value == null ? undefined : String(value);
    },
  });
}

export function useRouteParam(name: string): string | undefined {
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  return params[name];
}
