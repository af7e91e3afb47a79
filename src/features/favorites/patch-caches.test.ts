import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { patchBrandInCaches } from './use-favorites';

const brand = (id: number, is_favorite = false) => ({ id, is_favorite, name: `B${id}` });

describe('patchBrandInCaches', () => {
  it('writes a synced favourite flag into rows, grids, search, lists and details', () => {
    const qc = new QueryClient();
    qc.setQueryData(['catalogue', 'en', 'user', 'row', 1], { brands: [brand(1), brand(2)], hasMore: true });
    qc.setQueryData(['catalogue', 'en', 'user', 'grid', 1, ''], { pages: [{ results: [brand(2)], metadata: { total: 1 } }], pageParams: [0] });
    qc.setQueryData(['search', 'en', 'user', 'all', 'b'], { pages: [{ results: [brand(2), brand(3)], metadata: { total: 2 } }], pageParams: [0] });
    qc.setQueryData(['catalogue', 'en', 'user', 'primary'], [brand(2)]);
    qc.setQueryData(['catalogue', 'en', 'user', 'brand', 2], brand(2));
    qc.setQueryData(['catalogue', 'en', 'user', 'categories'], [{ id: 1, name: 'Fashion' }]);
    patchBrandInCaches(qc, 2, true);
    expect(qc.getQueryData<{ brands: { id: number; is_favorite: boolean }[] }>(['catalogue', 'en', 'user', 'row', 1])!.brands.map((b) => b.is_favorite)).toEqual([false, true]);
    expect(qc.getQueryData<any>(['catalogue', 'en', 'user', 'grid', 1, '']).pages[0].results[0].is_favorite).toBe(true);
    expect(qc.getQueryData<any>(['search', 'en', 'user', 'all', 'b']).pages[0].results.map((b: any) => b.is_favorite)).toEqual([true, false]);
    expect(qc.getQueryData<any>(['catalogue', 'en', 'user', 'primary'])[0].is_favorite).toBe(true);
    expect(qc.getQueryData<any>(['catalogue', 'en', 'user', 'brand', 2]).is_favorite).toBe(true);
    expect(qc.getQueryData(['catalogue', 'en', 'user', 'categories'])).toEqual([{ id: 1, name: 'Fashion' }]);
  });
});
