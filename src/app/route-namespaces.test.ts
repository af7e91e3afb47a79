// Boot loads only BOOT_NAMESPACES (src/lib/i18n.ts); every other namespace must be loaded by the lazy
// route that renders it, or its keys would show raw (react-i18next does not re-render on added bundles).
// This walks the imports (static and dynamic) of the boot entry and of each route's lazy module and
// checks that every namespace used in that tree (useTranslation('ns'), { ns: 'ns' }, msg(key, 'ns'))
// is either a boot namespace or listed in the route's `lazyScreen(..., [namespaces])` in routes.tsx.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOT_NAMESPACES, NAMESPACES } from '../lib/i18n';

const src = resolve(__dirname, '..');
const routesFile = resolve(__dirname, 'routes.tsx');
const routesText = readFileSync(routesFile, 'utf8');

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * The namespaces a lazy chunk's loader loads itself (`loadNamespaces(['deals'])` beside its `import()`,
 * as src/features/shop/lazy-deals.ts does), or null: its dynamic imports are checked against those.
 */
function selfLoaded(text: string): string[] | null {
  const m = text.match(/loadNamespaces\(\s*\[([^\]]*)\]/);
  return m ? [...m[1]!.matchAll(/'(\w+)'/g)].map((n) => n[1]!) : null;
}

function dynamicImports(file: string, text: string): string[] {
  return [...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => resolveImport(file, m[1]!)).filter((f): f is string => f !== null);
}

/** Loader files met while walking, with the namespaces they load: checked by their own test. */
const selfLoading = new Map<string, string[]>();

function imports(file: string, text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(/(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g)) specs.push(m[1]!);
  for (const m of text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) specs.push(m[1]!);
  const statics = specs.map((s) => resolveImport(file, s)).filter((f): f is string => f !== null);
  // Dynamic imports, except the route modules in routes.tsx (those are what the routes declare) and
  // those of a loader that loads its own namespaces.
  if (file === routesFile) return statics;
  const own = selfLoaded(text);
  if (own) {
    selfLoading.set(file, own);
    return statics;
  }
  return [...statics, ...dynamicImports(file, text)];
}

function namespacesIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/useTranslation\(\s*\)/g)) if (m) found.add('common');
  for (const m of text.matchAll(/useTranslation\(\s*'(\w+)'/g)) found.add(m[1]!);
  for (const m of text.matchAll(/useTranslation\(\s*\[([^\]]*)\]/g)) for (const n of m[1]!.matchAll(/'(\w+)'/g)) found.add(n[1]!);
  for (const m of text.matchAll(/\bns:\s*'(\w+)'/g)) found.add(m[1]!);
  for (const m of text.matchAll(/\bmsg\(\s*'[^']*'\s*,\s*'(\w+)'/g)) found.add(m[1]!);
  for (const m of text.matchAll(/\bt\(\s*'(\w+):/g)) found.add(m[1]!);
  return [...found];
}

/** Namespace → files using it, over the import tree of `entry`. */
function usedUnder(entry: string): Map<string, string[]> {
  const seen = new Set<string>();
  const used = new Map<string, string[]>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file) || /\.test\.tsx?$/.test(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const ns of namespacesIn(text)) used.set(ns, [...(used.get(ns) ?? []), relative(src, file)]);
    stack.push(...imports(file, text));
  }
  return used;
}

const boot = new Set<string>(BOOT_NAMESPACES);
const screens = [...routesText.matchAll(/lazyScreen\(\s*\(\)\s*=>\s*import\('([^']+)'\)\s*,\s*'(\w+)'\s*,\s*\[([^\]]*)\]\s*\)/g)].map((m) => ({
  module: m[1]!,
  exportName: m[2]!,
  declared: [...m[3]!.matchAll(/'(\w+)'/g)].map((n) => n[1]!),
}));

describe('i18n namespaces per route', () => {
  it('every lazy route goes through lazyScreen (which loads its namespaces)', () => {
    expect(screens.length).toBeGreaterThan(20);
    // The only direct lazyRouteComponent call is the one inside lazyScreen.
    expect(routesText.match(/lazyRouteComponent\(/g)?.length).toBe(1);
    expect(routesText.match(/lazyScreen\(/g)?.length).toBe(screens.length);
  });

  it('the boot tree (entry, layout, shop page, shared ui) uses only the boot namespaces', () => {
    const used = usedUnder(resolve(src, 'main.tsx'));
    const extra = [...used].filter(([ns]) => !boot.has(ns));
    expect(extra, 'add the namespace to BOOT_NAMESPACES or move the component behind a route').toEqual([]);
    for (const ns of boot) expect(NAMESPACES).toContain(ns);
  });

  it('a lazy chunk that loads its own namespaces loads every namespace it renders', () => {
    usedUnder(resolve(src, 'main.tsx'));
    expect([...selfLoading.keys()].map((f) => relative(src, f))).toContain('features/shop/lazy-deals.ts');
    for (const [file, own] of selfLoading) {
      for (const ns of own) expect(NAMESPACES).toContain(ns);
      for (const entry of dynamicImports(file, readFileSync(file, 'utf8'))) {
        const missing = [...usedUnder(entry)].filter(([ns]) => !boot.has(ns) && !own.includes(ns));
        expect(missing, `load these in ${relative(src, file)}`).toEqual([]);
      }
    }
  });

  for (const s of screens) {
    it(`${s.exportName} (${s.module}) declares every namespace it renders`, () => {
      const file = resolveImport(routesFile, s.module);
      expect(file).not.toBeNull();
      for (const ns of s.declared) expect(NAMESPACES).toContain(ns);
      const used = usedUnder(file!);
      const missing = [...used].filter(([ns]) => !boot.has(ns) && !s.declared.includes(ns));
      expect(missing, `list these in lazyScreen(..., [namespaces]) in routes.tsx`).toEqual([]);
    });
  }
});

describe('loadNamespaces / setLanguage', () => {
  it('boot loads only the boot namespaces; a route namespace loads on demand and in a new language before the switch', async () => {
    const { i18next, initI18n, loadNamespaces, setLanguage } = await import('../lib/i18n');
    await initI18n('en');
    expect(BOOT_NAMESPACES.every((ns) => i18next.hasResourceBundle('en', ns))).toBe(true);
    expect(i18next.hasResourceBundle('en', 'wallet')).toBe(false);
    await loadNamespaces(['wallet']);
    expect(i18next.hasResourceBundle('en', 'wallet')).toBe(true);
    expect(i18next.hasResourceBundle('nl', 'wallet')).toBe(false);
    let switched = false;
    i18next.on('languageChanged', () => {
      switched = true;
      // Every namespace already used is present in the new language when the switch happens.
      expect(i18next.hasResourceBundle('nl', 'wallet')).toBe(true);
      expect(i18next.hasResourceBundle('nl', 'shop')).toBe(true);
    });
    await setLanguage('nl');
    expect(switched).toBe(true);
    expect(i18next.t('title', { ns: 'wallet' })).toBe(JSON.parse(readFileSync(resolve(src, '../locales/nl/wallet.json'), 'utf8')).title);
  });

  it('every file in locales/ loads, in both languages (the boot ones from their one file per language)', async () => {
    const { i18next, loadNamespaces, setLanguage } = await import('../lib/i18n');
    const files = readdirSync(resolve(src, '../locales/en')).map((f) => f.replace(/\.json$/, '')).sort();
    expect([...NAMESPACES].sort()).toEqual(files);
    for (const lang of ['nl', 'en'] as const) {
      await setLanguage(lang);
      await loadNamespaces(files as Parameters<typeof loadNamespaces>[0]);
      for (const ns of files) {
        const json = JSON.parse(readFileSync(resolve(src, `../locales/${lang}/${ns}.json`), 'utf8')) as Record<string, unknown>;
        expect(i18next.getResourceBundle(lang, ns), `${lang}/${ns}`).toEqual(json);
      }
    }
  });
});
