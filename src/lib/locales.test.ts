// Fails when English and Dutch differ in their namespaces or keys (every namespace, nested keys), or
// when a word is spelt two ways in one language.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SANDBOX_COPY } from '../../server/sandbox/copy';

const root = resolve(__dirname, '../../locales');

function values(obj: unknown): string[] {
  if (typeof obj === 'string') return [obj];
  if (obj === null || typeof obj !== 'object') return [];
  return Object.values(obj as Record<string, unknown>).flatMap(values);
}

function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const load = (lang: string, ns: string) => JSON.parse(readFileSync(join(root, lang, ns), 'utf8')) as unknown;

describe('locales', () => {
  const en = readdirSync(join(root, 'en')).filter((f) => f.endsWith('.json')).sort();
  const nl = readdirSync(join(root, 'nl')).filter((f) => f.endsWith('.json')).sort();

  it('have the same namespaces in en and nl', () => {
    expect(nl).toEqual(en);
  });

  for (const ns of en) {
    it(`${ns}: same keys in en and nl, no empty strings`, () => {
      const a = load('en', ns);
      const b = nl.includes(ns) ? load('nl', ns) : {};
      expect(keys(b).sort()).toEqual(keys(a).sort());
      for (const [lang, data] of [['en', a], ['nl', b]] as const) {
        const empty = keys(data).filter((k) => k && k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], data) === '');
        expect(empty, `${lang}/${ns} empty values`).toEqual([]);
      }
    });
  }

  // The status reads "Canceled" (US spelling): every English text says canceled, never cancelled;
  // Dutch says geannuleerd. The sandbox payment pages (server copy) included.
  it('spell canceled one way per language', () => {
    const texts = (lang: 'en' | 'nl') => [...en.flatMap((ns) => values(load(lang, ns))), ...values(SANDBOX_COPY[lang])];
    expect(texts('en').filter((t) => /cancell/i.test(t))).toEqual([]);
    expect(texts('en').filter((t) => /\bcanceled\b/i.test(t)).length).toBeGreaterThan(3);
    expect(texts('nl').filter((t) => /cancel|annuleerd/i.test(t) && !/geannuleerd/i.test(t))).toEqual([]);
  });
});
