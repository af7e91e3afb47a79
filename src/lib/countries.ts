// GET /site/countries (public): the country list used by Start, Sign Up and Edit Profile.
import { queryOptions } from '@tanstack/react-query';
import type { Country, Paged } from '@contract/types';
import { request } from './http';
import type { Lang } from './i18n';

export const countriesQuery = () =>
  queryOptions({
    queryKey: ['site', 'countries'],
    queryFn: async ({ signal }) => {
      const res = await request<Country[] | Paged<Country>>('/site/countries', { auth: 'public', signal });
      return Array.isArray(res) ? res : (res?.results ?? []);
    },
    staleTime: 1000 * 60 * 60,
  });

const LOCALES: Record<Lang, string> = { en: 'en-GB', nl: 'nl-NL' };

/**
 * Countries named in the app's language by the browser's own CLDR data (Intl.DisplayNames, from the
 * ISO alpha-2 code; the server's English name where a code is unknown), sorted by that language's
 * collation: "Nederland" in Dutch, and "Österreich"-style names fall where a reader of it expects.
 */
export function localizedCountries(countries: readonly Country[], lang: Lang): { country: Country; name: string }[] {
  const locale = LOCALES[lang];
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  } catch {
    names = null;
  }
  const nameOf = (c: Country): string => {
    if (names && /^[A-Za-z]{2}$/.test(c.alpha2 ?? '')) {
      try {
        return names.of(c.alpha2.toUpperCase()) ?? c.name;
      } catch {
        return c.name;
      }
    }
    return c.name;
  };
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return countries.map((country) => ({ country, name: nameOf(country) })).sort((a, b) => collator.compare(a.name, b.name));
}
