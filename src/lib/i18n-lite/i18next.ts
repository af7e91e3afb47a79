/**
 * The part of i18next this app uses, at about 1.5 KB gzip instead of 15 KB: `vite.config.ts` and
 * `vitest.config.ts` alias the `i18next` import to this module (types still come from the real
 * package, so typed keys keep working). It follows i18next 26's rules for what the app relies on:
 *
 * - `t(key, { ns, count, ...values })`, `ns:key` prefixes, nested keys (`a.b.c`), the fallback language;
 * - plurals: `key_<Intl.PluralRules category>` (and `key_zero` first when count is 0), else the plain key;
 * - `{{name}}` interpolation without escaping (the app sets `escapeValue: false`; React escapes):
 *   a value given as undefined/null becomes '', a value not given at all leaves `{{name}}` as it is;
 * - a missing key returns the key (without its namespace); an empty string is a translation;
 * - `init`, `use`, `addResourceBundle`, `hasResourceBundle`, `changeLanguage`, `language`,
 *   `getFixedT`, `on`/`off('languageChanged' | 'initialized' | 'added')`.
 *
 * Not supported (unused here; i18n-lite.test.ts checks every locale string against real i18next):
 * nesting (`$t(...)`), context, ordinals, formatters (`{{x, number}}`), `returnObjects`, backends.
 */
type Resources = Record<string, unknown>;
type Options = Record<string, unknown> & { ns?: string; count?: unknown };
type Listener = (...args: unknown[]) => void;
export type TFunction = (key: string, options?: Options) => string;

interface InitOptions {
  lng?: string;
  fallbackLng?: string;
  defaultNS?: string;
  ns?: string[];
  resources?: Record<string, Record<string, Resources>>;
}

const store: Record<string, Record<string, Resources>> = Object.create(null);
const listeners = new Map<string, Set<Listener>>();
const pluralRules = new Map<string, Intl.PluralRules>();
let fallbackLng = 'en';
let defaultNS = 'translation';

function emit(event: string, ...args: unknown[]): void {
  listeners.get(event)?.forEach((l) => l(...args));
}

function lookup(lng: string, ns: string, key: string): string | undefined {
  let v: unknown = store[lng]?.[ns];
  for (const part of key.split('.')) {
    if (v == null || typeof v !== 'object') return undefined;
    v = Object.prototype.hasOwnProperty.call(v, part) ? (v as Resources)[part] : undefined;
  }
  return typeof v === 'string' ? v : undefined;
}

function pluralCategory(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(lng);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(lng, rules);
  }
  return rules.select(count);
}

function deepMerge(target: Resources, source: Resources): Resources {
  for (const [k, v] of Object.entries(source)) {
    const cur = target[k];
    if (v && typeof v === 'object' && !Array.isArray(v) && cur && typeof cur === 'object' && !Array.isArray(cur)) deepMerge(cur as Resources, v as Resources);
    else target[k] = v;
  }
  return target;
}

function valueAt(data: Options, path: string): unknown {
  if (Object.prototype.hasOwnProperty.call(data, path)) return data[path];
  let v: unknown = data;
  for (const part of path.split('.')) {
    if (v == null || typeof v !== 'object') return undefined;
    v = (v as Resources)[part];
  }
  return v;
}

function interpolate(str: string, data: Options): string {
  return str.replace(/\{\{(.+?)\}\}/g, (match, raw: string) => {
    const name = raw.trim();
    const value = valueAt(data, name);
    if (value === undefined && !Object.prototype.hasOwnProperty.call(data, name)) return match;
    return value == null ? '' : String(value);
  });
}

function translate(lng: string, fixedNS: string | undefined, key: string, options: Options = {}): string {
  let ns = options.ns ?? fixedNS ?? defaultNS;
  let k = key;
  const sep = k.indexOf(':');
  if (sep > 0) {
    ns = k.slice(0, sep);
    k = k.slice(sep + 1);
  }
  const count = options.count;
  const plural = count !== undefined && typeof count !== 'string';
  const langs = lng === fallbackLng ? [lng] : [lng, fallbackLng];
  let found: string | undefined;
  for (const l of langs) {
    if (plural) {
      if (count === 0) found = lookup(l, ns, `${k}_zero`);
      found ??= lookup(l, ns, `${k}_${pluralCategory(l, Number(count))}`);
    }
    found ??= lookup(l, ns, k);
    if (found !== undefined) break;
  }
  return found === undefined ? k : interpolate(found, options);
}

const i18next = {
  language: undefined as unknown as string,
  isInitialized: false,
  options: {} as InitOptions,

  use(_plugin: unknown) {
    return i18next;
  },

  async init(options: InitOptions = {}): Promise<TFunction> {
    i18next.options = options;
    fallbackLng = options.fallbackLng ?? fallbackLng;
    defaultNS = options.defaultNS ?? options.ns?.[0] ?? defaultNS;
    for (const [lng, byNs] of Object.entries(options.resources ?? {})) {
      for (const [ns, data] of Object.entries(byNs)) i18next.addResourceBundle(lng, ns, data);
    }
    i18next.language = options.lng ?? fallbackLng;
    i18next.isInitialized = true;
    emit('initialized', options);
    return i18next.t;
  },

  addResourceBundle(lng: string, ns: string, resources: Resources, deep = false, overwrite = false) {
    const byNs = (store[lng] ??= Object.create(null) as Record<string, Resources>);
    const cur = byNs[ns];
    if (!cur) byNs[ns] = deepMerge({}, resources);
    else if (deep) byNs[ns] = overwrite ? deepMerge(cur, resources) : deepMerge(deepMerge({}, resources), cur);
    else byNs[ns] = { ...cur, ...resources };
    emit('added', lng, ns);
    return i18next;
  },

  hasResourceBundle(lng: string, ns: string): boolean {
    return store[lng]?.[ns] !== undefined;
  },

  async changeLanguage(lng: string): Promise<TFunction> {
    if (lng !== i18next.language) {
      i18next.language = lng;
      emit('languageChanged', lng);
    }
    return i18next.t;
  },

  /** A t bound to a namespace (and a language, else the active one at call time). */
  getFixedT(lng: string | null, ns?: string): TFunction {
    return (key, options) => translate(lng ?? i18next.language ?? fallbackLng, ns, key, options);
  },

  t(key: string, options?: Options): string {
    return translate(i18next.language ?? fallbackLng, undefined, key, options);
  },

  on(event: string, listener: Listener) {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return i18next;
  },

  off(event: string, listener: Listener) {
    listeners.get(event)?.delete(listener);
    return i18next;
  },
};

export default i18next;
