import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Brand } from '@contract/types';
import { cachedMatches, matchBrands, searchKey } from './local-search';

const brand = (id: number, name: string, name_nld = name) => ({ id, name, name_nld, giftcard_percent: 5 }) as unknown as Brand;

describe('local search', () => {
  it('uses the server rule: case and accent insensitive, English or Dutch name, ordered by name', () => {
    expect(searchKey('Éénhoorn Café')).toBe('eenhoorn cafe');
    const list = [brand(3, 'Zebra Cafe'), brand(1, 'Éénhoorn Speelgoed'), brand(2, 'Bike shop', 'Fietsenwinkel'), brand(4, 'Other')];
    expect(matchBrands(list, 'EENH', 10).map((b) => b.id)).toEqual([1]);
    expect(matchBrands(list, 'café', 10).map((b) => b.id)).toEqual([3]);
    expect(matchBrands(list, 'fiets', 10).map((b) => b.id)).toEqual([2]);
    expect(matchBrands(list, 'e', 2).map((b) => b.id)).toEqual([2, 4]);
  });

  it('collects brands from every cached shape of the same language and audience only', () => {
    const qc = new QueryClient();
    qc.setQueryData(['catalogue', 'en', 'visitor', 'row', 1], { brands: [brand(1, 'Groenhuis')], hasMore: false });
    qc.setQueryData(['catalogue', 'en', 'visitor', 'grid', 1, ''], { pages: [{ results: [brand(2, 'Groenmarkt')] }], pageParams: [0] });
    qc.setQueryData(['catalogue', 'en', 'visitor', 'primary'], [brand(3, 'Groene Trein')]);
    qc.setQueryData(['catalogue', 'en', 'visitor', 'brand', 4], brand(4, 'Groenland'));
    qc.setQueryData(['catalogue', 'nl', 'visitor', 'row', 1], { brands: [brand(5, 'Groen NL')], hasMore: false });
    qc.setQueryData(['catalogue', 'en', 'user', 'row', 1], { brands: [brand(6, 'Groen user')], hasMore: false });
    expect(cachedMatches(qc, 'en', 'visitor', 'groen', 12).map((b) => b.name)).toEqual(['Groene Trein', 'Groenhuis', 'Groenland', 'Groenmarkt']);
  });
});
