// Mobile footer: Home, Search (focuses the search input after a short delay), Wallet.
import { useTranslation } from 'react-i18next';
import { useGo } from '../lib/navigation';
import { HomeIcon, SearchIcon, WalletIcon } from '../ui/icons';
import { focusShopSearch } from './search-focus';

export function MobileFooter() {
  const { t } = useTranslation('common');
  const go = useGo();
  return (
    <nav className="mobile-footer" aria-label={t('nav.footer')}>
      <button type="button" onClick={() => go('/')}>
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
