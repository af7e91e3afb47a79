// Navigation by unprefixed app path ('/wallet'); the current language prefix is added here, so a
// feature never needs to know about the {lang} segment. Works with the hash router.
import { useNavigate } from '@tanstack/react-router';
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
