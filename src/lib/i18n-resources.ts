// Typed translation keys: the English JSON of each namespace is the type of that namespace, so
// t('missing.key') is a compile error. Add ONE line per namespace here when you add
// locales/en/<ns>.json (shared file: small edits only).
import type common from '../../locales/en/common.json';
import type auth from '../../locales/en/auth.json';
import type account from '../../locales/en/account.json';
import type info from '../../locales/en/info.json';
import type shop from '../../locales/en/shop.json';
import type wallet from '../../locales/en/wallet.json';
import type offline from '../../locales/en/offline.json';
import type ambassador from '../../locales/en/ambassador.json';
import type impact from '../../locales/en/impact.json';
import type targets from '../../locales/en/targets.json';
import type transactions from '../../locales/en/transactions.json';
import type investment from '../../locales/en/investment.json';
import type deals from '../../locales/en/deals.json';
import type purchases from '../../locales/en/purchases.json';

export interface I18nResources {
  common: typeof common;
  auth: typeof auth;
  account: typeof account;
  info: typeof info;
  shop: typeof shop;
  wallet: typeof wallet;
  offline: typeof offline;
  ambassador: typeof ambassador;
  impact: typeof impact;
  targets: typeof targets;
  transactions: typeof transactions;
  investment: typeof investment;
  deals: typeof deals;
  purchases: typeof purchases;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: I18nResources;
  }
}
