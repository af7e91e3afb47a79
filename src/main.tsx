// Boot: invite redirect, language, persisted session, then the router. No inline scripts anywhere (CSP).
// First: applies the stylesheets that index.html only preloads (they must not block the skeleton's paint),
// and takes the IndexedDB reads the first render waits for and the installed app's picture of the opening
// screen, both started by the early script if it ran first (early-reads.ts, early-start.ts).
import { appStylesReady } from './app/app-styles';
import { savedScreenShown } from './app/early-reads';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles.css';
import { clearInviteCode, saveInviteCode } from './features/auth/invite';
import { loadMe } from './features/auth/api';
import { Providers } from './app/providers';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter, preloadInitialRoute } from './app/router';
import { prefetchFirstScreen } from './app/boot-prefetch';
import { firstScreenShown } from './app/first-screen';
import { shopSeenAtStart } from './app/shop-mount';
import { preloadScreenForPath, screenDataForPath, screenForPath } from './app/screens';
import { trackScreenVisit } from './app/track';
import { getLang, initI18n } from './lib/i18n';
import { inviteCodeFromPathname, inviteRedirectTarget, parsePath, shareTargetRedirect, withLang } from './lib/paths';
import { startOutbox } from './app/outbox-start';
import { loadWhenOnline } from './offline/online';
import { deleteSavedCache } from './offline/saved-cache-read';
import { forgetSavedScreens } from './offline/saved-screen-store';
import { expireReturnTo } from './lib/return-to';
import { getSession, hydrateSession, isSignedIn, MENU_SCREEN, onLogout, revokeLeftSessionsSoon, setScreen, START_SCREEN } from './lib/session';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Served by the app's service worker: a start of the installed app, whose files and data are local. */
const installedStart = Boolean(navigator.serviceWorker?.controller);

// The offline boot (worker, saved query cache, sign-out clean-up; app/offline-boot.ts) is a chunk of its
// own. An installed start restores its saved data before the first render, so it asks for the chunk at
// once (a local file). A start the worker does not serve (a first visit, a hard reload) loads it after
// its first screen, keeping it off the first paint: it could not start offline anyway, and a copy
// restored late never replaces a newer answer.
const loadOfflineBoot = () => loadWhenOnline(() => import('./app/offline-boot'));
const offlineBootAtStart = installedStart ? import('./app/offline-boot').catch(() => null) : null;

// Work the first screen does not draw (the user's refresh, the worker's registration, the outbox engine)
// waits until it is shown with its data (first-screen.ts): ahead of its render, it delayed an installed
// start's offline first tile by ~30 ms and first wallet card by ~50 ms; between render and data it shared
// a first visit's slow link with the screen's data and images (tests/bench/RESULTS.md section 9).
let firstRendered: () => void = () => undefined;
const afterFirstRender = new Promise<void>((resolve) => (firstRendered = resolve));

async function boot() {
  // Boot marks (sp:*): the offline bench's waterfall prints them (BENCH_WATERFALL=1, tests/bench).
  performance.mark('sp:boot');
  // A real path /invite/{code} opens '#/menu' at the root; the code is kept for sign-up. A share
  // (/share-target?url=…) opens '#/share?…' the same way.
  const inviteCode = inviteCodeFromPathname(window.location.pathname);
  if (inviteCode) saveInviteCode(inviteCode);
  const target = inviteRedirectTarget(window.location) ?? shareTargetRedirect(window.location);
  if (target) window.history.replaceState(null, '', target);

  const hashPath = (window.location.hash.replace(/^#/, '') || '/').split('?')[0]!;
  const { lang, rest } = parsePath(hashPath);
  const queryClient = createAppQueryClient();
  // Started first: it fixes the language the opening screen's namespaces load in.
  const i18nReady = initI18n(lang ?? 'en');
  const prefetch = () =>
    prefetchFirstScreen(queryClient, {
      lang: lang ?? 'en',
      signedIn: isSignedIn(),
      path: rest,
      viewportHeight: window.innerHeight,
      shop: shopSeenAtStart(rest),
      installed: installedStart,
    });
  const sessionReady = hydrateSession().then(() => {
    performance.mark('sp:session');
    // A first visit's screen data and the user load while the translations, chunks and saved cache
    // do; an installed start asks, after the restore below, only for what was not saved.
    if (!installedStart) prefetch();
    // Refresh the stored user (offline keeps the stored one) once the first screen is shown. Without one
    // (its record never arrived after a sign-in) screens and the worker wait for it: at once.
    const refreshUser = () => void loadMe().catch(() => undefined);
    if (isSignedIn()) void (getSession().user ? afterFirstRender.then(refreshUser) : refreshUser());
  });
  // The opening screen's files load alongside the reads too, not once the router exists.
  preloadScreenForPath(rest);
  // The rest in a task of its own: the script's evaluation and the lines above are one long task
  // already, and building the route tree in it too made it longer than a phone should block input for.
  // A saved picture of the screen paints before it (saved-screen.ts).
  await Promise.all([nextTask(), savedScreenShown]);
  const router = createAppRouter(queryClient);
  // The opening screen's lazy chunk (and its namespaces) download while the session and the boot translations load.
  preloadInitialRoute(router);
  await Promise.all([sessionReady, i18nReady]);

  // First-load rule: an empty or start path means Menu when signed in, Start otherwise.
  if (rest === '/' || rest === '/start') setScreen(isSignedIn() ? MENU_SCREEN : START_SCREEN);

  startOutbox(queryClient, afterFirstRender);
  // Sign-out: the saved pictures at once (an installed start draws them before it reads the session);
  // the rest with the offline boot's chunk. Not loadWhenOnline: sign-out must not wait for the network.
  // Where the chunk cannot come (offline on a first visit, a deploy removed it) the saved cache still goes.
  onLogout(async (ctx) => {
    forgetSavedScreens();
    const offline = await import('./app/offline-boot').catch(() => null);
    if (offline) await offline.forgetUser(ctx, queryClient);
    else if (ctx.userId != null) await deleteSavedCache(ctx.userId);
  });
  onLogout(({ reason }) => {
    queryClient.clear();
    if (reason === 'account_deleted') {
      // Full local reset: nothing of the deleted account stays in this browser.
      clearInviteCode();
      try {
        sessionStorage.clear();
      } catch {
        /* ignore */
      }
    }
    if (reason === 'refresh_failed') void router.navigate({ href: withLang('/start', getLang()), replace: true });
  });

  router.subscribe('onResolved', ({ toLocation }) => {
    const rest = parsePath(toLocation.pathname).rest;
    const screen = screenForPath(rest);
    if (screen) setScreen(screen);
    expireReturnTo(screenDataForPath(rest)?.signInJourney === true);
    trackScreenVisit(screen ?? 'Shop');
  });

  void afterFirstRender.then(revokeLeftSessionsSoon);
  void afterFirstRender.then(() => import('./app/other-tabs').then((m) => m.watchTabs(queryClient)));

  // Service worker and the saved query cache: restored before an installed start's first render.
  const offlineBoot = await offlineBootAtStart;
  if (offlineBoot) await offlineBoot.bootOffline(queryClient, afterFirstRender);
  else void afterFirstRender.then(loadOfflineBoot).then((m) => m.bootOffline(queryClient));
  performance.mark('sp:saved-cache');
  if (installedStart) prefetch();
  // The router resolves the opening location (guards, the screen's chunk and namespaces) before React
  // renders, so the first render below is the whole screen in one render (sliced or not, see there).
  // Rendered unresolved, the router's own load would render it a second time as a synchronous
  // update: one long task on a slow phone. It has no loaders, so the restored cache above is not raced.
  //
  // The router follows the address only through history listeners, and its own (TanStack's Transitioner)
  // subscribes when it mounts; a load it finds already resolved is not redone. A hash change while
  // the boot waits (a tapped link, a shortcut) is resolved by this listener until then.
  //
  // Never render the app unstyled either: the skeleton stays until the stylesheets are applied.
  const stopBootListener = router.history.subscribe(() => void router.load().catch(() => undefined));
  const mounted = () => {
    stopBootListener();
    void firstScreenShown(queryClient).then(firstRendered);
  };
  await Promise.all([router.load().catch(() => undefined), appStylesReady]);
  performance.mark('sp:render');

  const container = document.getElementById('root')!;
  const root = createRoot(container);
  const app = <Providers router={router} queryClient={queryClient} onMounted={mounted} />;
  // A start from the installed app (its worker serves the page) has the saved data of earlier visits,
  // so the first render is the finished screen: in one task it paints sooner than sliced, where each
  // slice waits behind image decodes and worker answers (offline first tile −240 ms, tests/bench/
  // RESULTS.md section 9). A first visit renders placeholders and keeps the slices: in one task its
  // Lighthouse TBT rose from ~590 to ~890 ms.
  if (installedStart) root.render(app);
  else startTransition(() => root.render(app));
}

void boot();
