// Search folding and near matches (server/contract/search-text.ts) on the seed's real brand names.
import { describe, expect, it } from 'vitest';
import { nearDistance, nearMatches, searchKey } from '../../server/contract/search-text.ts';
import { brandAt, NORMAL_BRAND_COUNT } from '../../server/seed/catalogue.ts';

const brands = Array.from({ length: NORMAL_BRAND_COUNT }, (_, i) => brandAt(i));
/** The seed's own key for each brand (both names when the Dutch one differs), as the server stores it. */
const keyOf = (b: (typeof brands)[number]) => b.search_key;
const names = (list: typeof brands) => list.map((b) => b.name);
/** The substring search the server runs (LIKE '%key%'). */
const find = (text: string) => names(brands.filter((b) => keyOf(b).includes(searchKey(text))));

describe('searchKey folds every Latin letter', () => {
  it('strips accents and folds letters Unicode does not decompose', () => {
    expect(searchKey('Smørrebrød Huis')).toBe('smorrebrod huis');
    expect(searchKey('Café Zonneveld')).toBe('cafe zonneveld');
    expect(searchKey('Crème de la Duin')).toBe('creme de la duin');
    expect(searchKey('Éénhoorn Speelgoed')).toBe('eenhoorn speelgoed');
    expect(searchKey('Æbleskiver Œuvre Straße Łódź Đakovo Þingvellir')).toBe('aebleskiver oeuvre strasse lodz dakovo thingvellir');
    expect(searchKey('ØRESUND ÆRØ')).toBe('oresund aero');
  });

  it('finds the seed brands typed without their letters, and with them', () => {
    expect(find('smorrebrod')).toEqual(['Smørrebrød Huis']);
    expect(find('Smørrebrød')).toEqual(['Smørrebrød Huis']);
    expect(find('SMØRREBRØD HUIS')).toEqual(['Smørrebrød Huis']);
    expect(find('cafe')).toEqual(['Café Zonneveld']);
    expect(find('creme')).toEqual(['Crème de la Duin']);
    expect(find('eenhoorn')).toEqual(['Éénhoorn Speelgoed']);
  });
});

describe('near matches', () => {
  it('counts typing mistakes against the closest part of a name', () => {
    expect(nearDistance('zonneveld', 'cafe zonneveld', 2)).toBe(0);
    expect(nearDistance('zoneveld', 'cafe zonneveld', 2)).toBe(1); // a letter left out
    expect(nearDistance('zonevelt', 'cafe zonneveld', 2)).toBe(2); // and one wrong
    expect(nearDistance('zonnevled', 'cafe zonneveld', 2)).toBe(1); // two letters swapped
    expect(nearDistance('smorebrot', 'smorrebrod huis', 2)).toBe(2);
    expect(nearDistance('xylofoon', 'cafe zonneveld', 2)).toBe(3); // over the budget: max + 1
  });

  it('offers the right seed brand for a misspelt name, closest first', () => {
    expect(find('zoneveld')).toEqual([]);
    expect(names(nearMatches(brands, keyOf, 'zoneveld', 3))[0]).toBe('Café Zonneveld');
    expect(names(nearMatches(brands, keyOf, 'zonevelt', 3))[0]).toBe('Café Zonneveld');
    expect(names(nearMatches(brands, keyOf, 'Smorebrod', 3))).toEqual(['Smørrebrød Huis']);
    expect(names(nearMatches(brands, keyOf, 'Boekenhoekej', 3))).toEqual(['Book Nook']); // the Dutch name counts too
    expect(names(nearMatches(brands, keyOf, 'Jans Fietsen', 3))).toEqual(["Jan's Fietsen"]);
  });

  it('offers nothing for very short texts or texts far from every name', () => {
    expect(nearMatches(brands, keyOf, 'zon', 3)).toEqual([]);
    expect(nearMatches(brands, keyOf, 'qqqqqqqq', 3)).toEqual([]);
    expect(nearMatches(brands, keyOf, 'zoneveld', 0)).toEqual([]);
  });
});
