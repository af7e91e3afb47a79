// The modal that shows every non-root screen over the shop page. Backdrop click and Escape return to
// the root (language kept) and set the screen value to Menu or Start (SPEC §2).
import { Outlet, useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useGo } from '../lib/navigation';
import { forgetReturnTo } from '../lib/return-to';
import { MENU_SCREEN, START_SCREEN, setScreen, useSession } from '../lib/session';
import { CloseIcon } from '../ui/icons';
import { Modal } from '../ui/modal';
import { OfflineBanner } from '../offline/offline-banner';
import { SCREEN_TITLE_ID } from '../ui/screen-header';
import { CenteredSpinner } from '../ui/spinner';
import { Logo } from './header';
import { LanguageSwitcher } from './language-switcher';

export function ScreenModal() {
  const { t } = useTranslation('common');
  const go = useGo();
  const { isSignedIn } = useSession();
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  const close = () => {
    // A visitor who closes the sign-in screens has given up on what they were about to do.
    forgetReturnTo();
    setScreen(isSignedIn ? MENU_SCREEN : START_SCREEN);
    go('/');
  };

  // Move focus to the new screen's title when the screen changes (screen-reader and keyboard users).
  useEffect(() => {
    // The screen component is lazy: try a few times until its title exists.
    const timers = [60, 200, 500, 1000].map((ms) =>
      setTimeout(() => {
        const h = document.getElementById(SCREEN_TITLE_ID);
        const active = document.activeElement;
        // Never steal focus from something the user is already working with inside the screen.
        if (active && active !== h && active.closest('.screen-content')) return;
        if (h && h.dataset.focusedFor !== pathname) {
          h.dataset.focusedFor = pathname;
          h.setAttribute('tabindex', '-1');
          h.focus({ preventScroll: true });
        }
      }, ms),
    );
    return () => timers.forEach(clearTimeout);
  }, [pathname]);

  return (
    <Modal size="screen" onClose={close} hideClose labelledBy={SCREEN_TITLE_ID} ariaLabel={t('modal.screen')} className="screen-modal">
      <div className="screen-topbar">
        <span className="screen-topbar-logo">
          <Logo />
        </span>
        <LanguageSwitcher variant="modal" />
        <button type="button" className="icon-btn" aria-label={t('close')} title={t('close')} onClick={close}>
          <CloseIcon />
        </button>
      </div>
      <OfflineBanner placement="screen" />
      <div className="screen-content">
        <Suspense fallback={<CenteredSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </Modal>
  );
}
