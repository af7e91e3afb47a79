import { describe, expect, it } from 'vitest';
import { brandName, categoryName, GRID_PAGE, nextGridOffset, sortCategories, uniqueBrands } from './catalogue-logic';
import type { Brand } from '@contract/types';

describe('category rows', () => {
  it('orders categories by sort_order with 999 for a missing one, ties by id', () => {
    const cats = [
      { id: 1, sort_order: null },
      { id: 2, sort_order: 5 },
      { id: 3, sort_order: 1000 },
      { id: 4, sort_order: 1 },
      { id: 5, sort_order: 999 },
      { id: 6, sort_order: 5 },
    ];
    expect(sortCategories(cats).map((c) => c.id)).toEqual([4, 2, 6, 1, 5, 3]);
  });
  it('uses Dutch names in Dutch mode and falls back to English', () => {
    expect(categoryName({ name: 'Fashion', name_nld: 'Mode' }, 'nl')).toBe('Mode');
    expect(categoryName({ name: 'Fashion', name_nld: 'Mode' }, 'en')).toBe('Fashion');
    expect(brandName({ name: 'Green Shoes', name_nld: '' }, 'nl')).toBe('Green Shoes');
  });
});

describe('load more paging', () => {
  const page = (n: number) => ({ results: Array.from({ length: n }, (_, i) => i) });
  it('asks for the next offset only after a full page of 12', () => {
    expect(nextGridOffset([page(GRID_PAGE)])).toBe(12);
    expect(nextGridOffset([page(12), page(12)])).toBe(24);
    expect(nextGridOffset([page(12), page(11)])).toBeUndefined();
    expect(nextGridOffset([page(0)])).toBeUndefined();
    expect(nextGridOffset([])).toBeUndefined();
  });
  it('drops brands repeated across pages', () => {
    const b = (id: number) => ({ id }) as Brand;
    expect(uniqueBrands([[b(1), b(2)], [b(2), b(3)]]).map((x) => x.id)).toEqual([1, 2, 3]);
  });
});
