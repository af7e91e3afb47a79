// Typed translation keys: the English JSON of each namespace is the type of that namespace, so
// t('missing.key') is a compile error. Add ONE line per namespace here when you add
// locales/en/<ns>.json (shared file: small edits only).
import type common from '../../locales/en/common.json';
import type auth from '../../locales/en/auth.json';
import type account from '../../locales/en/account.json';
import type info from '../../locales/en/info.json';
import type offline from '../../locales/en/offline.json';
import type ambassador from '../../locales/en/ambassador.json';

export interface I18nResources {
  common: typeof common;
  auth: typeof auth;
  account: typeof account;
  info: typeof info;
  offline: typeof offline;
  ambassador: typeof ambassador;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: I18nResources;
  }
}
