// Unknown routes fall back to the start screen (the menu when signed in), keeping the language.
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { parsePath, withLang } from '../lib/paths';
import { useSession } from '../lib/session';

export function NotFoundRedirect() {
  const { isSignedIn } = useSession();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    const lang = parsePath(pathname).lang ?? 'en';
    void navigate({ href: withLang(isSignedIn ? '/menu' : '/start', lang), replace: true });
  }, [pathname, isSignedIn, navigate]);
  return null;
}
