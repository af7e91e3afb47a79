// i18next setup. Resources are the JSON files in locales/{en,nl}/<namespace>.json, found by a glob
// (a new namespace file is picked up without touching this module) and loaded per language on demand,
// so only the active language (plus English as the fallback) is downloaded.
// Typed keys: see ./i18n-resources.ts (a missing key is a type error).
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import './i18n-resources';

export type Lang = 'en' | 'nl';
export const LANGS: readonly Lang[] = ['en', 'nl'];
export const DEFAULT_LANG: Lang = 'en';

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'nl';
}

const loaders = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default' });

const loaded = new Set<Lang>();
async function loadLanguage(lang: Lang): Promise<void> {
  if (loaded.has(lang)) return;
  const entries = Object.entries(loaders).filter(([path]) => path.includes(`/locales/${lang}/`));
  const bundles = await Promise.all(
    entries.map(async ([path, load]) => {
      const ns = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
      return [ns, await load()] as const;
    }),
  );
  for (const [ns, data] of bundles) i18next.addResourceBundle(lang, ns, data, true, true);
  loaded.add(lang);
}

/** Namespaces present in locales/en (all languages have the same set; a unit test checks it). */
export const NAMESPACES: string[] = Object.keys(loaders)
  .filter((p) => p.includes('/locales/en/'))
  .map((p) => p.slice(p.lastIndexOf('/') + 1, -'.json'.length));

let initPromise: Promise<unknown> | null = null;

/** Initialises i18next with the given language (and English as fallback) loaded. */
export async function initI18n(lang: Lang = DEFAULT_LANG): Promise<void> {
  if (!initPromise) {
    initPromise = i18next.use(initReactI18next).init({
      lng: lang,
      fallbackLng: DEFAULT_LANG,
      supportedLngs: [...LANGS],
      ns: NAMESPACES,
      defaultNS: 'common',
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  }
  await initPromise;
  await Promise.all([loadLanguage(DEFAULT_LANG), loadLanguage(lang)]);
  await setLanguage(lang);
}

/** Switches the active language, loading its resources first. */
export async function setLanguage(lang: Lang): Promise<void> {
  await loadLanguage(lang);
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** The active language outside React (e.g. the Accept-Language header). */
export function getLang(): Lang {
  const l = i18next.language;
  return isLang(l) ? l : DEFAULT_LANG;
}

export function useLang(): Lang {
  const { i18n } = useTranslation();
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

/**
 * SPEC §2 language on load: URL prefix, else the route parameter lang, else the current language,
 * else the default. (SPEC says "else nl" but also "default and fallback English"; the issue settles on English.)
 */
export function detectLanguage(input: { prefix?: string | null; param?: string | null; current?: string | null }): Lang {
  for (const candidate of [input.prefix, input.param, input.current]) {
    if (isLang(candidate)) return candidate;
  }
  return DEFAULT_LANG;
}

export { i18next };
