// The app's i18n runtime (./i18next.ts, ./react-i18next.ts, aliased for `i18next` / `react-i18next`)
// against real i18next 26 configured like src/lib/i18n.ts: every string of every locale file, with and
// without its variables, plural keys with several counts, in both languages; plus the edge rules.
import { act, renderHook } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import liteImport from 'i18next';
import { useTranslation } from 'react-i18next';
import liteDirect from './i18next';

type Res = Record<string, unknown>;
// Node's own resolution (no Vite alias): the real package.
const real = (createRequire(import.meta.url)('i18next') as { createInstance: () => RealI18n }).createInstance();
interface RealI18n {
  init(o: Res): Promise<unknown>;
  addResourceBundle(l: string, ns: string, d: Res, deep?: boolean, overwrite?: boolean): unknown;
  changeLanguage(l: string): Promise<unknown>;
  t(k: string, o?: Res): string;
}

// Typed loosely: the `i18next` types are the real package's (typed keys), these tests pass any key.
const lite = liteImport as unknown as RealI18n;

const LOCALES = resolve(__dirname, '../../../locales');
const LANGS = ['en', 'nl'];
const NAMESPACES = readdirSync(resolve(LOCALES, 'en')).map((f) => f.replace(/\.json$/, ''));
const read = (lng: string, ns: string) => JSON.parse(readFileSync(resolve(LOCALES, lng, `${ns}.json`), 'utf8')) as Res;

function leaves(o: Res, prefix = ''): [string, string][] {
  return Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? leaves(v as Res, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]]));
}

const CONFIG = {
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: LANGS,
  ns: ['common'],
  defaultNS: 'common',
  resources: {},
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
};

async function setup() {
  await real.init(CONFIG);
  await lite.init(CONFIG);
  for (const lng of LANGS) {
    for (const ns of NAMESPACES) {
      real.addResourceBundle(lng, ns, read(lng, ns), true, true);
      lite.addResourceBundle(lng, ns, read(lng, ns), true, true);
    }
  }
}

describe('i18n-lite matches i18next', () => {
  it('is what `i18next` resolves to in the app', () => {
    expect(lite).toBe(liteDirect);
  });

  it('every locale string, with and without variables, and plurals with counts 0, 1, 2, 5, in both languages', async () => {
    await setup();
    let compared = 0;
    for (const lng of LANGS) {
      await real.changeLanguage(lng);
      await lite.changeLanguage(lng);
      for (const ns of NAMESPACES) {
        const keys = new Set(leaves(read('en', ns)).map(([k]) => k.replace(/_(zero|one|two|few|many|other)$/, '')));
        for (const key of keys) {
          const text = leaves(read('en', ns)).find(([k]) => k === key || k.startsWith(`${key}_`))?.[1] ?? '';
          const vars = Object.fromEntries([...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => [m[1], `<${m[1]}&/>`]));
          const cases: Res[] = [{ ns }, { ns, ...vars }];
          if (/_(one|other)"/.test(JSON.stringify(read('en', ns)))) for (const count of [0, 1, 2, 5]) cases.push({ ns, ...vars, count });
          for (const opts of cases) {
            expect(lite.t(key, opts), `${lng} ${ns}:${key} ${JSON.stringify(opts)}`).toBe(real.t(key, opts));
            compared++;
          }
          expect(lite.t(`${ns}:${key}`, vars)).toBe(real.t(`${ns}:${key}`, vars));
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('fallback language, missing keys, empty strings, undefined and numeric values', async () => {
    await setup();
    const en = { only_en: 'English only', empty: '', hi: 'Hi {{name}}, {{n}} left', n_one: '{{count}} item', n_other: '{{count}} items', n_zero: 'none', nest: { deep: { key: 'deep {{a.b}}' } } };
    const nl = { hi: 'Hoi {{name}}', n_one: '{{count}} ding', n_other: '{{count}} dingen' };
    for (const i of [real, lite]) {
      i.addResourceBundle('en', 'extra', en, true, true);
      i.addResourceBundle('nl', 'extra', nl, true, true);
    }
    for (const lng of LANGS) {
      await real.changeLanguage(lng);
      await lite.changeLanguage(lng);
      const cases: [string, Res | undefined][] = [
        ['only_en', { ns: 'extra' }],
        ['empty', { ns: 'extra' }],
        ['missing.key', { ns: 'extra' }],
        ['extra:missing', undefined],
        ['nope:key', undefined],
        ['hi', { ns: 'extra' }],
        ['hi', { ns: 'extra', name: undefined, n: null }],
        ['hi', { ns: 'extra', name: 0, n: 3.5 }],
        ['n', { ns: 'extra', count: 0 }],
        ['n', { ns: 'extra', count: 1 }],
        ['n', { ns: 'extra', count: 7 }],
        ['n', { ns: 'extra', count: '1' }],
        ['nest.deep.key', { ns: 'extra', a: { b: 'x' } }],
        ['title', undefined],
      ];
      for (const [key, opts] of cases) expect(lite.t(key, opts), `${lng} ${key} ${JSON.stringify(opts)}`).toBe(real.t(key, opts));
    }
  });

  it('useTranslation re-renders with a new t on a language change', async () => {
    await setup();
    await lite.changeLanguage('en');
    const { result } = renderHook(() => useTranslation('shop'));
    const first = result.current.t;
    expect(result.current.t('title')).toBe(read('en', 'shop').title);
    expect(result.current.i18n.language).toBe('en');
    expect(result.current.ready).toBe(true);
    await act(async () => {
      await lite.changeLanguage('nl');
    });
    expect(result.current.t).not.toBe(first);
    expect(result.current.t('title')).toBe(read('nl', 'shop').title);
    expect(result.current.t('skipToContent', { ns: 'common' })).toBe(read('nl', 'common').skipToContent);
    const [t] = result.current;
    expect(t).toBe(result.current.t);
  });
});
