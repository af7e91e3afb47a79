// i18next setup. Resources are the JSON files in locales/{en,nl}/<namespace>.json, found by a glob
// (a new namespace file is picked up without touching this module) and loaded per language on demand
// (the boot namespaces of a language together),
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

export type Namespace = keyof import('./i18n-resources').I18nResources;

/**
 * Namespaces the first screen needs (header, footer, layout, shop page, offline banner/toasts, shared
 * ui). Loaded before the first render; every other namespace is loaded by the lazy route that uses it
 * (see `lazyScreen` in src/app/routes.tsx; src/app/route-namespaces.test.ts checks the lists).
 * A language's boot namespaces come in one file (./boot-strings-<lang>.ts; the glob below leaves them out).
 */
export const BOOT_NAMESPACES = ['common', 'shop', 'offline'] as const satisfies readonly Namespace[];

type BootNamespace = (typeof BOOT_NAMESPACES)[number];
type Strings = Record<string, unknown>;
const bootLoaders: Record<Lang, () => Promise<Record<BootNamespace, Strings>>> = {
  en: () => import('./boot-strings-en'),
  nl: () => import('./boot-strings-nl'),
};
const loaders = import.meta.glob<Strings>(['../../locales/*/*.json', '!../../locales/*/{common,shop,offline}.json'], { import: 'default' });

const isBootNamespace = (ns: string): ns is BootNamespace => (BOOT_NAMESPACES as readonly string[]).includes(ns);

function loaderOf(lang: Lang, ns: string): (() => Promise<Strings>) | undefined {
  if (isBootNamespace(ns)) return () => bootLoaders[lang]().then((m) => m[ns]);
  return loaders[`../../locales/${lang}/${ns}.json`];
}

/** Namespaces present in locales/en (all languages have the same set; a unit test checks it). */
export const NAMESPACES: string[] = [
  ...BOOT_NAMESPACES,
  ...Object.keys(loaders)
    .filter((p) => p.includes('/locales/en/'))
    .map((p) => p.slice(p.lastIndexOf('/') + 1, -'.json'.length)),
];

/** Every namespace requested so far: a language switch loads all of them in the new language first. */
const used = new Set<string>(BOOT_NAMESPACES);
const bundles = new Map<string, Promise<void>>(); // `${lang}/${ns}` → loaded into i18next

function loadBundle(lang: Lang, ns: string): Promise<void> {
  const id = `${lang}/${ns}`;
  let p = bundles.get(id);
  if (!p) {
    const load = loaderOf(lang, ns);
    if (!load) return Promise.resolve();
    p = Promise.all([load(), ensureInit(lang)]).then(([data]) => {
      i18next.addResourceBundle(lang, ns, data, true, true);
    });
    p.catch(() => bundles.delete(id)); // a failed chunk may be retried
    bundles.set(id, p);
  }
  return p;
}

async function loadBundles(lang: Lang, namespaces: Iterable<string>): Promise<void> {
  const langs = lang === DEFAULT_LANG ? [lang] : [lang, DEFAULT_LANG];
  const list = [...namespaces];
  await Promise.all(langs.flatMap((l) => list.map((ns) => loadBundle(l, ns))));
}

/** The language being switched to (set before its resources load), else the active one. */
let targetLang: Lang | null = null;

/**
 * Loads the given namespaces in the active (or pending) language and English before resolving; also
 * remembered so a later language switch loads them in the new language before switching.
 */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  for (const ns of namespaces) used.add(ns);
  const lang = targetLang ?? getLang();
  await loadBundles(lang, namespaces);
  // A switch that started meanwhile loads `used` (which includes these) in its own language.
  if (targetLang && targetLang !== lang) await loadBundles(targetLang, namespaces);
}

let initPromise: Promise<unknown> | null = null;

function ensureInit(lang: Lang): Promise<unknown> {
  if (!initPromise) {
    initPromise = i18next.use(initReactI18next).init({
      lng: lang,
      fallbackLng: DEFAULT_LANG,
      supportedLngs: [...LANGS],
      ns: [...BOOT_NAMESPACES],
      defaultNS: 'common',
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  }
  return initPromise;
}

/**
 * A translate function for one namespace in the current language, loaded first: for text made outside
 * a screen (an outbox outcome told in a toast), where no useTranslation has loaded it.
 */
export async function fixedT(ns: Namespace): Promise<(key: string, opts?: Record<string, unknown>) => string> {
  await loadNamespaces([ns]);
  const t = i18next.getFixedT(getLang(), ns) as unknown as (key: string, opts?: Record<string, unknown>) => string;
  return (key, opts) => t(key, opts);
}

/** Initialises i18next with the given language (and English as fallback) loaded for the boot namespaces. */
export async function initI18n(lang: Lang = DEFAULT_LANG): Promise<void> {
  targetLang = lang;
  // The boot namespaces' files are asked for at once: after awaiting the init they would leave behind
  // the opening screen's chunks, which the boot asks for in the same task (the browser queues both).
  await Promise.all([loadBundles(lang, used), ensureInit(lang)]);
  await setLanguage(lang);
}

/** Switches the active language, loading every namespace used so far in that language first. */
export async function setLanguage(lang: Lang): Promise<void> {
  targetLang = lang;
  await loadBundles(lang, used);
  if (targetLang !== lang) return; // a later switch won
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  targetLang = null;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    // The install follows the language too: name, description, shortcuts (vite.config.ts builds both).
    document.querySelector('link[rel=manifest]')?.setAttribute('href', lang === 'nl' ? '/manifest.nl.webmanifest' : '/manifest.webmanifest');
  }
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
 * Language on load: URL prefix, else the route parameter lang, else the current language,
 * Else the default. (English is the default and the fallback.)
 */
export function detectLanguage(input: { prefix?: string | null; param?: string | null; current?: string | null }): Lang {
  for (const candidate of [input.prefix, input.param, input.current]) {
    if (isLang(candidate)) return candidate;
  }
  return DEFAULT_LANG;
}

export { i18next };
