// Signing in returns to where the visitor was: the signed-in screen a visitor tried to open
// is remembered (this tab only, until they leave the sign-in screens) and opened after signing in. Two ways in, one store: the signed-in
// routes' guard (a visitor opening /wallet, /gift-card/7 …) and useSignInFirst (a visitor's tap on
// something that needs an account, e.g. a brand tile or the brand's Follow button).
import { useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useGo, type AppHref } from './navigation';
import { parsePath } from './paths';

const KEY = 'socialpay.return_to';

export function saveReturnTo(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    /* ignore */
  }
}

/** Reads and forgets the remembered path. */
export function takeReturnTo(): AppHref | null {
  try {
    const v = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    // Saved from a location the router had matched (or a screen's own path), so an app path.
    return v && v.startsWith('/') ? (v as AppHref) : null;
  } catch {
    return null;
  }
}

/** Forgets the remembered path (the visitor closed the sign-in screens instead). */
export function forgetReturnTo(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* ignore */
  }
}

/**
 * A remembered path serves only the sign-in or sign-up it was saved for: called with each screen the
 * app shows, it is forgotten on any screen outside that journey (the shop page, the FAQ …), so a later
 * sign-in or sign-up in the same tab (an invite link, say) ends on the Menu, not on that old screen.
 */
export function expireReturnTo(onSignInJourney: boolean): void {
  if (!onSignInJourney) forgetReturnTo();
}

/**
 * For a visitor's tap on something that needs an account: remembers where it leads (by default the
 * screen they are on) and shows the Start screen; signing in then continues there.
 */
export function useSignInFirst(): (returnTo?: string) => void {
  const go = useGo();
  const here = useRouterState({ select: (s) => parsePath(s.location.pathname).rest + (s.location.searchStr ?? '') });
  return useCallback(
    (returnTo?: string) => {
      saveReturnTo(returnTo ?? here);
      go('/start');
    },
    [go, here],
  );
}
