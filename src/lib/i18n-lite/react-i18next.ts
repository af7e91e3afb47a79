/**
 * The part of react-i18next this app uses, over ./i18next.ts (`vite.config.ts` and `vitest.config.ts`
 * alias the `react-i18next` import here). `useTranslation(ns)` returns `{ t, i18n, ready }` (also as
 * `[t, i18n, ready]`) and re-renders on `languageChanged`, like react-i18next with
 * `useSuspense: false`; `t` reads the active language when called and is a new function after each
 * language change (so effects that depend on it re-run), as in react-i18next.
 */
import { useMemo, useSyncExternalStore } from 'react';
import i18next, { type TFunction } from './i18next';

/** A no-op plugin: `i18next.use(initReactI18next)` keeps working. */
export const initReactI18next = { type: '3rdParty' as const, init(_instance: unknown) {} };

function subscribe(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => void i18next.off('languageChanged', onChange);
}

const getLanguage = () => i18next.language;

export function useTranslation(ns?: string) {
  const lng = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  return useMemo(() => {
    // lng is a dependency on purpose: a new t after each language change.
    void lng;
    const t: TFunction = i18next.getFixedT(null, ns);
    return Object.assign([t, i18next, true] as const, { t, i18n: i18next, ready: true });
  }, [lng, ns]);
}
