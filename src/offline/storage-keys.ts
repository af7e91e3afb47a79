// Every persisted key in one place (storage adapters). IndexedDB stores are one per concern.
export const STORAGE_KEYS = {
  /** LocalStorage: the persisted screen value and email (key 'auth'). */
  authLocal: 'auth',
  /** IndexedDB database/store for the session (tokens + user), so the app starts offline signed in. */
  sessionDb: 'socialpay-session',
  sessionStore: 'session',
  sessionTokens: 'tokens',
  sessionUser: 'user',
  /** IndexedDB: the outbox of changes made on this device (follows, targets, wallet, inbox, trips, claims), one key per user (src/offline/outbox-queue.ts), and changes parked before its engine loaded (`parked:<tab>`, outbox-lazy.ts). */
  outboxDb: 'socialpay-outbox',
  outboxStore: 'queue',
  /** IndexedDB: the persisted React Query cache, one key per user (src/offline/query-persist.ts). */
  queryCacheDb: 'socialpay-query-cache',
  queryCacheStore: 'cache',
  /** IndexedDB (service worker): API responses kept for offline use, per user (sw/api-cache.ts). */
  swApiDb: 'socialpay-sw-api',
  swApiStore: 'responses',
  /** localStorage: when the install offer was dismissed (epoch ms). */
  installDismissed: 'socialpay.install-dismissed',
  /** localStorage: the shop's recent searches on this device (src/features/shop/recent-searches.ts). */
  recentSearches: 'socialpay.recent-searches',
  /** localStorage: the shop's last chosen sort order; sessionStorage: its panel open, its gift-cards-only filter, the chosen category and the search text in this tab (src/features/shop/shop-choices.ts). */
  dealSort: 'socialpay.deal-sort',
  dealsOpen: 'socialpay.deals-open',
  giftCardsOnly: 'socialpay.gift-cards-only',
  shopCategory: 'socialpay.shop-category',
  shopSearch: 'socialpay.shop-search',
  /** localStorage: this device's screen-visit choice, 'on' | 'off' (src/lib/screen-visits.ts). */
  screenVisits: 'socialpay.screen-visits',
  /** localStorage: refresh tokens of sessions signed out while the server could not be reached, revoked when it can (src/lib/revoke-session.ts). */
  pendingRevocations: 'socialpay.pending-revocations',
  // sessionStorage 'socialpay.session-note': why this tab reloaded (SESSION_NOTE_KEY in src/lib/session-tabs.ts,
  // kept there: a lazy chunk's key need not be in the first paint).
  /** sessionStorage: keys of the history entries added for an open dialog or menu (src/lib/layer-entries.ts). */
  layerEntries: 'socialpay.layer-entries',
  /** localStorage: a screen's saved picture per address, shown at the next start (src/offline/saved-screen-store.ts). */
  savedScreen: 'socialpay.saved-screen',
} as const;
