// The app frame: header, the shop page (root, always underneath), the screen modal outlet, the
// mobile footer, the toaster and the page's live regions (announce()).
import { Outlet } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ShopPage } from '../features/shop/shop-page';
import { installTargetOutbox } from '../features/targets/target-outbox';
import { onGlobalError } from '../lib/global-error';
import { LiveRegions } from '../ui/announcer';
import { trackInputModality } from '../ui/focus';
import { showToast, Toaster } from '../ui/toast';
import { OfflineRuntime } from '../offline/offline-runtime';
import { StatusAnnouncements } from './status-announcements';
import { Header } from './header';
import { MobileFooter } from './mobile-footer';
import { SiteFooter } from './site-footer';
import { useShopMounted } from './shop-mount';

let lastGenericToast = 0;
trackInputModality();

export function AppLayout() {
  const { t } = useTranslation('common');
  const shopMounted = useShopMounted();
  const queryClient = useQueryClient();
  // A refused target change is announced wherever the user is, not only on the target screens.
  useEffect(() => installTargetOutbox(queryClient), [queryClient]);
  useEffect(
    () =>
      onGlobalError((raised) => {
        // One generic message at a time, however many requests failed together.
        if (!raised || Date.now() - lastGenericToast < 4000) return;
        lastGenericToast = Date.now();
        showToast(t('errors.generic'), { tone: 'error', duration: 4000 });
      }),
    [t],
  );
  return (
    <div className="app">
      <a className="skip-link" href="#main" onClick={(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}>
        {t('skipToContent')}
      </a>
      <OfflineRuntime />
      <StatusAnnouncements />
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        {shopMounted ? <ShopPage /> : null}
      </main>
      <SiteFooter />
      <MobileFooter />
      <Outlet />
      <Toaster />
      <LiveRegions />
    </div>
  );
}
