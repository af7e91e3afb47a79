// Header: logo, log in or profile button, search icon, mobile menu, language switcher.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import type { Layer } from '../lib/back-closes';
import { useGo, type AppHref } from '../lib/navigation';
import { useSession } from '../lib/session';
import { AppLink } from '../ui/app-link';
import { CloseIcon, MenuIcon, SearchIcon, UserIcon } from '../ui/icons';
import { LanguageSwitcher } from './language-switcher';
import { focusShopSearch } from './search-focus';

export function Logo() {
  return (
    <span className="logo" aria-hidden="true">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="var(--brand)" />
        <path d="M16 16 L16 1 A15 15 0 0 1 30.3 11.4 Z" fill="var(--accent)" />
      </svg>
      <span className="logo-text">SocialPay</span>
    </span>
  );
}

export function Header() {
  const { t } = useTranslation('common');
  const { isSignedIn, user } = useSession();
  const go = useGo();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Back closes the open menu (its history entry, a lazy part); a place picked in it is opened once
  // that entry is gone.
  const router = useRouter();
  const layer = useRef<Promise<Layer> | null>(null);
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const opened = import('../lib/back-closes').then((m) => m.openLayer(router.history, () => setMenuOpen(false)));
    layer.current = opened;
    // A tap anywhere else (the bottom bar's Home or Search, which may not navigate) closes it too.
    const outside = (e: PointerEvent) => {
      if (!header.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      layer.current = null;
      void opened.then((l) => l.dispose());
    };
  }, [menuOpen, router]);
  const nav = (path: AppHref) => {
    const opened = layer.current;
    // Focus on an item of the menu going away (Home stays on the shop): back to the menu's button.
    if (document.getElementById('mobile-menu')?.contains(document.activeElement)) menuButton.current?.focus();
    setMenuOpen(false);
    void (opened ? opened.then((l) => l.leave()) : Promise.resolve()).then(() => go(path));
  };
  const accountLabel = isSignedIn ? t('nav.profile') : t('nav.logIn');
  return (
    <header
      ref={header}
      className="app-header"
      onKeyDown={(e) => {
        // The open menu (a disclosure) closes with Escape; focus goes back to its button.
        if (e.key !== 'Escape' || !menuOpen || e.defaultPrevented) return;
        e.preventDefault();
        setMenuOpen(false);
        menuButton.current?.focus();
      }}
    >
      <div className="header-inner">
        <AppLink to="/" className="logo-link" aria-label={t('nav.logoHome')}>
          <Logo />
        </AppLink>
        <nav className="header-nav" aria-label={t('nav.main')}>
          <button type="button" className="icon-btn" aria-label={t('nav.search')} title={t('nav.search')} onClick={() => { nav('/'); focusShopSearch(); }}>
            <SearchIcon />
          </button>
          <LanguageSwitcher />
          <button type="button" className="account-btn" aria-label={accountLabel} onClick={() => nav(isSignedIn ? '/menu' : '/start')}>
            {isSignedIn && user?.profile_photo?.url ? (
              <img src={user.profile_photo.url} alt="" className="avatar avatar-small" />
            ) : (
              <UserIcon />
            )}
            <span className="account-label">{accountLabel}</span>
          </button>
          <button
            ref={menuButton}
            type="button"
            className="icon-btn mobile-menu-btn"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </nav>
      </div>
      <div id="mobile-menu" className="mobile-menu" hidden={!menuOpen}>
        <ul>
          <li><button type="button" onClick={() => nav('/')}>{t('nav.home')}</button></li>
          <li><button type="button" onClick={() => { nav('/'); focusShopSearch(); }}>{t('nav.search')}</button></li>
          <li><button type="button" onClick={() => nav('/wallet')}>{t('nav.wallet')}</button></li>
          <li><button type="button" onClick={() => nav(isSignedIn ? '/menu' : '/start')}>{accountLabel}</button></li>
          <li><button type="button" onClick={() => nav('/accessibility')}>{t('nav.accessibility')}</button></li>
        </ul>
      </div>
    </header>
  );
}
