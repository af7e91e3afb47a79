// The route tree (TanStack Router, hash history): the one place a screen is defined. Each screen route
// carries its path, lazy component with its namespaces, guard (beforeLoad) and, in staticData, its
// screen name and boot data; src/app/screens.ts and src/app/boot-prefetch.ts read them from here.
//
// Shape:
//   root (AppLayout: header, shop page, footer)
//   └─ {-$lang}            optional language segment (nl | en; English has no prefix). Anything else → not found → start/menu.
//      ├─ /                the shop page alone (the modal renders nothing)
//      └─ (screen)         pathless layout: the screen modal over the shop page; every other screen is its child
// A leading 'se' segment is stripped by the router's input rewrite (src/app/router.ts).
// Verified: optional path params work with createHashHistory in @tanstack/react-router 1.170
// (tests/e2e/shell-navigation.spec.ts covers #/nl/..., #/en/..., #/se/... and unknown paths).
import { createRootRouteWithContext, createRoute, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { isLang, loadNamespaces, setLanguage, type Namespace } from '../lib/i18n';
import { isInviteCode, withLang } from '../lib/paths';
import { getSession, isSignedIn, MENU_SCREEN, START_SCREEN } from '../lib/session';
import { saveInviteCode } from '../features/auth/invite';
import { walletListQuery } from '../features/wallet/list-query';
import { AppLayout } from './layout';
import { ErrorScreen } from './error-screen';
import { NotFoundRedirect } from './not-found';
import { requireSignedIn, requireVisitor } from './route-guards';

export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The session's screen value and the screen-visit tracking name (every screen route has one). */
    screen?: string;
    /**
     * The screen's data, fetched during boot when the app opens on it signed in (src/app/boot-prefetch.ts),
     * in parallel with the chunks and translations. Not a loader: a loader would hold the first render
     * (and the shop page under the modal) until the data came, and race the restored offline cache.
     */
    prefetch?: (load: BootLoad) => Promise<unknown>;
    /**
     * A screen of signing in or up (or one they link to): the way back a visitor was sent here with
     * is kept while they stay on such screens and forgotten on any other (src/lib/return-to.ts).
     */
    signInJourney?: true;
    /** Where the screen's close icon (and Escape) goes instead of the shop (SPEC: Forgot Password → Sign In). */
    closeTo?: '/sign-in';
  }
}

/** How the boot asks for a screen's query (src/app/boot-prefetch.ts): fetchQuery, or ensureQueryData
 *  on an installed start (only when the saved cache did not restore it). */
export type BootLoad = <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>) => Promise<T>;

// In the entry, so `/wallet/me` is asked for with the wallet's chunks, not after them.
const prefetchWallet = (load: BootLoad) => load(walletListQuery());

/**
 * A lazily loaded screen whose component renders only once its module AND the namespaces it uses
 * (besides the boot ones, BOOT_NAMESPACES in src/lib/i18n.ts) are loaded in the current language, so
 * no raw key ever shows. route-namespaces.test.ts checks each list against the screen's import tree.
 */
function lazyScreen<T extends Record<string, unknown>, K extends keyof T & string>(
  importer: () => Promise<T>,
  exportName: K,
  namespaces: readonly Namespace[],
) {
  return lazyRouteComponent(() => Promise.all([importer(), loadNamespaces(namespaces)]).then(([mod]) => mod), exportName);
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: AppLayout,
  errorComponent: ErrorScreen,
  notFoundComponent: NotFoundRedirect,
});

export const langRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '{-$lang}',
  beforeLoad: async ({ params }) => {
    const lang = (params as { lang?: string }).lang;
    if (lang !== undefined && !isLang(lang)) throw notFound();
    await setLanguage(lang ?? 'en');
  },
});

const homeRoute = createRoute({ getParentRoute: () => langRoute, path: '/', component: () => null });

/** A share (Share → SocialPay; main.tsx turns the manifest's share_target action into this route)
 *  opens the shared shop's brand or the shop search: it never renders a screen of its own. */
const shareRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'share',
  beforeLoad: (ctx) => import('../features/share/share-target').then((m) => m.shareRedirect(ctx)),
});

/** Parent of every screen shown in the modal. Use `getParentRoute: () => screenRoute`. */
// The modal frame is lazy too (it is not part of the shop's first paint): the router loads its chunk in
// parallel with the screen's (preloadInitialRoute at boot, hover/focus preloads on links).
export const screenRoute = createRoute({ getParentRoute: () => langRoute, id: 'screen', component: lazyScreen(() => import('./screen-modal'), 'ScreenModal', []) });

// ---------- shell screens (auth, account, info) ----------
const startRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'start',
  staticData: { screen: START_SCREEN, signInJourney: true },
  beforeLoad: requireVisitor,
  component: lazyScreen(() => import('../features/auth/start-screen'), 'StartScreen', ['auth']),
});
const signInRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'sign-in',
  staticData: { screen: 'Sign In', signInJourney: true },
  beforeLoad: requireVisitor,
  component: lazyScreen(() => import('../features/auth/sign-in-screen'), 'SignInScreen', ['auth']),
});
const signUpRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'sign-up',
  staticData: { screen: 'Sign Up', signInJourney: true },
  // 'back' from Finish Sign Up may show Sign Up to the just-created (signed-in) user.
  beforeLoad: (ctx) => {
    if (getSession().screen !== 'Finish Sign Up') requireVisitor(ctx);
  },
  component: lazyScreen(() => import('../features/auth/sign-up-screen'), 'SignUpScreen', ['auth']),
});
const finishSignUpRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'finish-sign-up',
  staticData: { screen: 'Finish Sign Up', signInJourney: true },
  // Only right after creating the account (or back from its Sign Up step): anyone else signed in goes on.
  beforeLoad: (ctx) => {
    requireSignedIn(ctx);
    const { screen } = getSession();
    if (screen !== 'Finish Sign Up' && screen !== 'Sign Up') {
      const lang = (ctx.params as { lang?: string }).lang;
      throw redirect({ href: withLang('/menu', isLang(lang) ? lang : 'en'), replace: true });
    }
  },
  component: lazyScreen(() => import('../features/auth/finish-sign-up-screen'), 'FinishSignUpScreen', ['auth']),
});
const forgotPasswordRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'forgot-password',
  staticData: { screen: 'Forgot Password', signInJourney: true, closeTo: '/sign-in' },
  component: lazyScreen(() => import('../features/auth/forgot-password-screen'), 'ForgotPasswordScreen', ['auth']),
});
const inviteRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'invite/$code',
  staticData: { screen: MENU_SCREEN },
  beforeLoad: ({ params }) => {
    const { code, lang } = params as { code: string; lang?: string };
    if (isInviteCode(code)) saveInviteCode(code);
    const l = isLang(lang) ? lang : 'en';
    throw redirect({ href: withLang(isSignedIn() ? '/menu' : '/start', l), replace: true });
  },
});
const menuRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'menu',
  staticData: { screen: MENU_SCREEN },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/account/menu-screen'), 'MenuScreen', ['account']),
});
const settingsRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'settings',
  staticData: { screen: 'Settings' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/account/settings-screen'), 'SettingsScreen', ['account']),
});
const inboxRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'inbox',
  staticData: { screen: 'Inbox' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/account/inbox-screen'), 'InboxScreen', ['account']),
});
const devicesRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'devices',
  staticData: { screen: 'Signed-in Devices' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/account/devices-screen'), 'DevicesScreen', ['account']),
});
const exportRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'download-data',
  staticData: { screen: 'Download My Data' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/account/export-screen'), 'ExportScreen', ['account']),
});
const privacyRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'privacy',
  staticData: { screen: 'Privacy Statement' },
  component: lazyScreen(() => import('../features/info/privacy-screen'), 'PrivacyScreen', ['info']),
});
const editProfileRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'edit-profile',
  staticData: { screen: 'Edit Profile' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/account/edit-profile-screen'), 'EditProfileScreen', ['account']),
});
const deleteAccountRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'delete-account',
  staticData: { screen: 'Delete Account Process' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/account/delete-account-screen'), 'DeleteAccountScreen', ['account']),
});
const interestsRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'interests',
  staticData: { screen: 'Select Interest' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/account/select-interest-screen'), 'SelectInterestScreen', ['account']),
});
// The optional step right after sign-up (reward targets, interests); skippable, so never a dead end.
const welcomeRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'welcome',
  staticData: { screen: 'Welcome' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/account/welcome-screen'), 'WelcomeScreen', ['account']),
});
const termsRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'terms',
  staticData: { screen: 'Terms Of Use', signInJourney: true },
  component: lazyScreen(() => import('../features/info/terms-screen'), 'TermsScreen', ['info']),
});
const faqRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'faq',
  staticData: { screen: 'FAQ' },
  component: lazyScreen(() => import('../features/info/faq-screen'), 'FaqScreen', ['info']),
});
const accessibilityRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'accessibility',
  staticData: { screen: 'Accessibility Statement' },
  component: lazyScreen(() => import('../features/info/accessibility-screen'), 'AccessibilityScreen', ['info']),
});

// ---------- feature routes (helpers: add yours below, one createRoute each, and list it in featureRoutes) ----------
// Example:
// const walletRoute = createRoute({ getParentRoute: () => screenRoute, path: 'wallet', beforeLoad: requireSignedIn,
//   component: lazyScreen(() => import('../features/wallet/wallet-screen'), 'WalletScreen', ['wallet']),
//   staticData: { screen: 'Wallet', prefetch: prefetchWallet } });

const ambassadorRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'ambassador',
  staticData: { screen: 'Ambassador' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/ambassador/ambassador-screen'), 'AmbassadorScreen', ['ambassador']),
});

// shop, brands, favorites, gift cards, wallet (issue 4)
const brandRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'brand/$brandName',
  staticData: { screen: 'Corporate Details' },
  component: lazyScreen(() => import('../features/brands/screens'), 'BrandByNameScreen', []),
});
const corporateRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'corporate/$brandId',
  staticData: { screen: 'Corporate Details' },
  component: lazyScreen(() => import('../features/brands/screens'), 'CorporateDetailsScreen', []),
});
const corporateSliderRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'corporate/$brandId/slider',
  staticData: { screen: 'Corporate Details Slider' },
  component: lazyScreen(() => import('../features/brands/screens'), 'CorporateSliderScreen', []),
});
const favoritesRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'favorites',
  staticData: { screen: 'Favorites' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/favorites/favorites-screen'), 'FavoritesScreen', []),
});
const giftCardRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'gift-card',
  staticData: { screen: 'Gift Card' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/gift-cards/gift-card-screen'), 'GiftCardScreen', []),
});
const giftCardBrandRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'gift-card/$brandId',
  staticData: { screen: 'Gift Card' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/gift-cards/gift-card-screen'), 'GiftCardScreen', []),
});
const walletRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'wallet',
  staticData: { screen: 'Wallet', prefetch: prefetchWallet },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/wallet/wallet-screen'), 'WalletScreen', ['wallet']),
});
const walletCardRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'wallet/$walletId',
  staticData: { screen: 'Wallet', prefetch: prefetchWallet },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/wallet/wallet-card-screen'), 'WalletCardScreen', ['wallet']),
});
// purchases and receipts (gift-card orders)
const purchasesRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'purchases',
  staticData: { screen: 'Purchases' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/gift-cards/purchases-screen'), 'PurchasesScreen', ['purchases']),
});
const receiptRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'purchases/$orderId',
  staticData: { screen: 'Receipt' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/gift-cards/receipt-screen'), 'ReceiptScreen', ['purchases']),
});

// ---------- rewards & impact (impact, targets, transactions, calculator, investment) ----------
const myImpactRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'my-impact',
  staticData: { screen: 'My Impact' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/impact/my-impact-screen'), 'MyImpactScreen', ['impact']),
});
const projectDetailsRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'project/$projectId',
  staticData: { screen: 'Project Details' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/impact/project-details-screen'), 'ProjectDetailsScreen', ['impact']),
});
const projectSponsorRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'project/$projectId/sponsor',
  staticData: { screen: 'Project Sponsor' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/impact/project-sponsor-screen'), 'ProjectSponsorScreen', ['impact']),
});
const projectThanksRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'project/$projectId/thanks',
  staticData: { screen: 'Thanks for donate' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/impact/thanks-screen'), 'ThanksScreen', ['impact']),
});
const setTargetRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'set-target',
  staticData: { screen: 'Set Target' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/targets/set-target-screen'), 'SetTargetScreen', ['targets']),
});
const targetDetailsRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'set-target/$targetId',
  staticData: { screen: 'Reward Target Details' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/targets/target-details-screen'), 'TargetDetailsScreen', ['targets']),
});
const transactionsRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'transactions',
  staticData: { screen: 'Transaction Screen' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/transactions/transactions-screen'), 'TransactionsScreen', ['transactions']),
});
const transactionDetailRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'transactions/$txId',
  staticData: { screen: 'Transaction Details' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/transactions/transaction-detail-screen'), 'TransactionDetailScreen', ['transactions']),
});
const tripsRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'trips',
  staticData: { screen: 'Shopping Trips' },
  beforeLoad: requireSignedIn,
  component: lazyScreen(() => import('../features/transactions/trips-screen'), 'TripsScreen', ['transactions']),
});
const calculatorRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'calculator',
  staticData: { screen: 'Calculating income' },
  component: lazyScreen(() => import('../features/calculator/calculator-screen'), 'CalculatorScreen', ['investment']),
});
const investmentRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'investment',
  staticData: { screen: 'Investment Screen' },
  component: lazyScreen(() => import('../features/investment/investment-screen'), 'InvestmentScreen', ['investment']),
});
const fondoSuccessRoute = createRoute({
  getParentRoute: () => screenRoute,
  path: 'journey/success',
  staticData: { screen: 'Fondo Success' },
  component: lazyScreen(() => import('../features/investment/fondo-success-screen'), 'FondoSuccessScreen', ['investment']),
});

const featureRoutes = [
  // feature routes go here
  myImpactRoute,
  projectDetailsRoute,
  projectSponsorRoute,
  projectThanksRoute,
  setTargetRoute,
  targetDetailsRoute,
  transactionsRoute,
  transactionDetailRoute,
  tripsRoute,
  calculatorRoute,
  investmentRoute,
  fondoSuccessRoute,
  brandRoute,
  corporateRoute,
  corporateSliderRoute,
  favoritesRoute,
  giftCardRoute,
  giftCardBrandRoute,
  walletRoute,
  walletCardRoute,
  purchasesRoute,
  receiptRoute,
  ambassadorRoute,
] as const;

/** Every screen shown in the modal; screens.ts and boot-prefetch.ts match paths against these. */
export const screenRoutes = [
  startRoute,
  signInRoute,
  signUpRoute,
  finishSignUpRoute,
  forgotPasswordRoute,
  inviteRoute,
  menuRoute,
  settingsRoute,
  inboxRoute,
  devicesRoute,
  exportRoute,
  privacyRoute,
  editProfileRoute,
  deleteAccountRoute,
  interestsRoute,
  welcomeRoute,
  termsRoute,
  faqRoute,
  accessibilityRoute,
  ...featureRoutes,
] as const;

// ---------- tree ----------
export const routeTree = rootRoute.addChildren([langRoute.addChildren([homeRoute, shareRoute, screenRoute.addChildren(screenRoutes)])]);

export { requireSignedIn, requireVisitor };
