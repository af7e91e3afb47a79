/**
 * Navigation helpers that keep the language prefix (useLangPath) and work whether or not the
 * route tree is registered for type-checking (paths are built at run time).
 */
import { useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import { useCallback, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useLangPath } from '../../lib/paths';

export type Search = Record<string, string | number | undefined>;

export function useGo(): (path: string, search?: Search, replace?: boolean) => void {
  const navigate = useNavigate();
  const langPath = useLangPath();
  return useCallback(
    (path, search, replace) => {
      void navigate({ to: langPath(path), search: search ?? {}, replace } as never);
    },
    [navigate, langPath],
  );
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

function hrefFor(langPath: (p: string) => string, path: string, search?: Search): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(search ?? {})) if (v !== undefined) qs.set(k, String(v));
  const q = qs.toString();
  return `#${langPath(path)}${q ? `?${q}` : ''}`;
}

/** An anchor with a real href (open in new tab works) that navigates through the router. */
export function AppLink({ to, search, onClick, ...rest }: { to: string; search?: Search } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const go = useGo();
  const langPath = useLangPath();
  return (
    <a
      {...rest}
      href={hrefFor(langPath, to, search)}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        go(to, search);
      }}
    />
  );
}
