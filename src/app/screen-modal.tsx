// The modal that shows every non-root screen over the shop page. Backdrop click and Escape return to
// the root (language kept) and set the screen value to Menu or Start. The Modal moves focus to each new
// screen's title, keeps Tab inside and gives focus back to what opened the first screen on close.
import { Outlet, useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePath } from '../lib/paths';
import { forgetIntent } from '../lib/pending-intent';
import { forgetReturnTo } from '../lib/return-to';
import { historyIndex } from '../lib/history-index';
import { noteScreen, useCloseTo } from '../lib/screen-trail';
import { MENU_SCREEN, START_SCREEN, setScreen, useSession } from '../lib/session';
import { CloseIcon } from '../ui/icons';
import { Modal } from '../ui/modal';
import { OfflineBanner } from '../offline/offline-banner';
import { SCREEN_TITLE_ID } from '../ui/screen-header';
import { CenteredSpinner } from '../ui/spinner';
import { Logo } from './header';
import { LanguageSwitcher } from './language-switcher';
import { screenDataForPath } from './screens';
import { useFocusReturn } from './screen-focus-return';
import { useScreenScroll } from './screen-scroll';

export function ScreenModal() {
  const { t } = useTranslation('common');
  const closeTo = useCloseTo();
  const { isSignedIn } = useSession();
  // The screen without its language: switching language keeps focus on the switcher.
  const screenPath = useRouterState({ select: (s) => parsePath(s.location.pathname).rest });
  const href = useRouterState({ select: (s) => s.location.href });
  const index = useRouterState({ select: (s) => historyIndex(s.location.state) });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => noteScreen(index, pathname), [index, pathname]);
  const content = useRef<HTMLDivElement>(null);
  const rememberPlace = useScreenScroll(content, screenPath, href);
  useFocusReturn(content, index, screenPath);

  const close = () => {
    // A screen that closes onto another (Forgot Password onto Sign In) keeps the journey.
    // Closing goes back through history when the screen it closes onto was shown before in this tab.
    const onto = screenDataForPath(screenPath)?.closeTo;
    if (onto) return closeTo(onto)();
    // A visitor who closes the sign-in screens has given up on what they were about to do.
    forgetReturnTo();
    forgetIntent();
    setScreen(isSignedIn ? MENU_SCREEN : START_SCREEN);
    closeTo('/')();
  };

  return (
    <Modal size="screen" onClose={close} hideClose labelledBy={SCREEN_TITLE_ID} focusKey={screenPath} ariaLabel={t('modal.screen')} className="screen-modal">
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
      <div className="screen-content" ref={content} onScroll={rememberPlace}>
        <Suspense fallback={<CenteredSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </Modal>
  );
}
