/**
 * When the shop page (the root, rendered under every screen) is built.
 *
 * On a phone the screen modal covers the whole viewport. A start straight onto a screen (the Wallet
 * shortcut at a shop counter, an invite link) then skips the shop's rows and photos nobody can see:
 * they would compete with the screen for the network and the main thread, and under the modal they
 * would still be the page's largest paint. The shop mounts the first time it can be seen (the screen
 * closes, or the viewport is wide enough to show it beside the screen's panel) and then stays, so its
 * state (search text, chosen category, scroll position) survives opening and closing screens.
 */
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { parsePath } from '../lib/paths';

/** From this width the screen modal is a side panel and the shop shows beside it (styles.css). */
export const SHOP_BESIDE_SCREENS = '(min-width: 768px)';

function wide(): boolean {
  return typeof matchMedia !== 'function' || matchMedia(SHOP_BESIDE_SCREENS).matches;
}

/** Whether the shop is seen when the app opens on `path` (without the language prefix). */
export function shopSeenAtStart(path: string): boolean {
  return path === '/' || wide();
}

export function useShopMounted(): boolean {
  const path = useRouterState({ select: (s) => parsePath(s.location.pathname).rest });
  const atRoot = path === '/';
  const [seen, setSeen] = useState(() => shopSeenAtStart(path));
  const mounted = seen || atRoot;
  useEffect(() => {
    if (mounted) {
      if (!seen) setSeen(true);
      return;
    }
    const mq = matchMedia(SHOP_BESIDE_SCREENS);
    const onChange = () => mq.matches && setSeen(true);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, [mounted, seen]);
  return mounted;
}
