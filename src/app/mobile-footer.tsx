// Mobile footer: Home, Search (focuses the search input after a short delay), Wallet.
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useGo } from '../lib/navigation';
import { historyIndex } from '../lib/history-index';
import { parsePath } from '../lib/paths';
import { HomeIcon, SearchIcon, WalletIcon } from '../ui/icons';
import { scrollBehavior } from '../ui/motion';
import { focusShopSearch } from './search-focus';

export function MobileFooter() {
  const { t } = useTranslation('common');
  const go = useGo();
  const onShop = useRouterState({ select: (s) => parsePath(s.location.pathname).rest === '/' });
  // The shop's history entries go into the screens' trail (a lazy chunk), so a screen's X can go back to
  // the shop it was opened from (src/lib/screen-trail.ts).
  const shopEntry = useRouterState({ select: (s) => (onShop ? `${historyIndex(s.location.state)} ${s.location.pathname}` : '') });
  useEffect(() => {
    const [index, pathname] = shopEntry.split(' ');
    if (pathname) void import('../lib/screen-trail').then((m) => m.noteShop(Number(index), pathname));
  }, [shopEntry]);
  // Home from a screen returns to the shop where it was left; Home on the shop itself goes to its top.
  const home = () => {
    if (onShop) window.scrollTo({ top: 0, behavior: scrollBehavior() });
    else go('/');
  };
  return (
    <nav className="mobile-footer" aria-label={t('nav.footer')}>
      <button type="button" onClick={home}>
        <HomeIcon />
        <span>{t('nav.home')}</span>
      </button>
      <button type="button" onClick={() => { go('/'); focusShopSearch(); }}>
        <SearchIcon />
        <span>{t('nav.search')}</span>
      </button>
      {/* A visitor goes through Start and on to the wallet after signing in (the route's guard). */}
      <button type="button" onClick={() => go('/wallet')}>
        <WalletIcon />
        <span>{t('nav.wallet')}</span>
      </button>
    </nav>
  );
}
