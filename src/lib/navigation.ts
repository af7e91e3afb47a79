// Navigation by unprefixed app path ('/wallet'); the current language prefix is added here, so a
// feature never needs to know about the {lang} segment. Works with the hash router.
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useLang } from './i18n';
import { withLang } from './paths';

export function useGo(): (path: string, opts?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  const lang = useLang();
  return useCallback(
    (path: string, opts?: { replace?: boolean }) => {
      void navigate({ href: withLang(path, lang), replace: opts?.replace });
    },
    [navigate, lang],
  );
}

/** The href of an app path in the current language, for <a href> with the hash router. */
export function hashHref(path: string, lang: Parameters<typeof withLang>[1]): string {
  return `#${withLang(path, lang)}`;
}

/** Back within the app; when there is no in-app history (a deep link), go to `fallback` instead. */
export function useBack(fallback: string): () => void {
  const router = useRouter();
  const go = useGo();
  return useCallback(() => {
    if (router.history.canGoBack()) router.history.back();
    else go(fallback, { replace: true });
  }, [router, go, fallback]);
}
