import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueQueries } from '../lib/catalogue/queries';
import { walletQueries } from '../features/wallet/queries';
import { prefetchFirstScreen, ROW_PX, rowsInFirstViewport } from './boot-prefetch';
import { createAppQueryClient } from './query-client';

const calls: string[] = [];
const page = (results: unknown[]) => ({ results, metadata: { total: results.length, limit: 200, offset: 0 } });
const brands = [1, 2, 3].map((id) => ({ id, name: `B${id}`, photo: { url: `/media/brands/${id}/photo.jpg` } }));
const categories = [1, 2, 3, 4, 5, 6].map((id) => ({ id, name: `C${id}`, name_nld: `C${id}`, sort_order: id }));

vi.mock('../lib/catalogue/api', () => ({
  fetchCategories: async (audience: string) => (calls.push(`categories:${audience}`), page(categories)),
  fetchBrands: async (p: { audience: string; category: unknown; primary?: boolean }) => (
    calls.push(p.primary ? `primary:${p.audience}` : `row:${p.audience}:${String(p.category)}`), page(p.primary ? [] : brands)
  ),
  fetchFavorites: async () => (calls.push('favorites'), page(brands)),
  fetchBrandById: async () => null,
  fetchBrandByName: async () => null,
}));
vi.mock('../lib/http', async (importOriginal) => {
  const http = await importOriginal<typeof import('../lib/http')>();
  return { ...http, request: async (path: string) => (path === '/wallet/me' ? (calls.push('wallet'), []) : Promise.reject(new Error(`unexpected ${path}`))) };
});

const settle = () => new Promise((r) => setTimeout(r, 20));
let qc: QueryClient;

beforeEach(() => {
  calls.length = 0;
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
  qc.clear();
});

describe('prefetchFirstScreen', () => {
  it("a visitor's shop: categories, the rows of the first viewport and the primary brands, under the screens' own keys", async () => {
    prefetchFirstScreen(qc, { lang: 'en', signedIn: false, path: '/', viewportHeight: 2 * ROW_PX, shop: true });
    await settle();
    expect([...calls].sort()).toEqual(['categories:visitor', 'primary:visitor', 'row:visitor:1', 'row:visitor:2']);
    // The components use these exact options: they find the data instead of fetching again.
    expect(qc.getQueryData(catalogueQueries.categories('en', 'visitor').queryKey)).toHaveLength(6);
    expect(qc.getQueryData(catalogueQueries.row('en', 'visitor', 1).queryKey)).toMatchObject({ brands: [{ id: 1 }, { id: 2 }, { id: 3 }] });
    expect(qc.getQueryData(catalogueQueries.row('en', 'visitor', 3).queryKey)).toBeUndefined();
    expect(qc.getQueryData(catalogueQueries.primary('en', 'visitor').queryKey)).toEqual([]);
  });

  it('signed in on #/wallet beside the shop (wide screen): the user catalogue, the Favorites row and the wallet list', async () => {
    prefetchFirstScreen(qc, { lang: 'nl', signedIn: true, path: '/wallet', viewportHeight: ROW_PX, shop: true });
    await settle();
    expect([...calls].sort()).toEqual(['categories:user', 'favorites', 'primary:user', 'row:user:1', 'wallet']);
    expect(qc.getQueryData(catalogueQueries.favorites().queryKey)).toBeDefined();
    expect(qc.getQueryData(walletQueries.list().queryKey)).toEqual([]);
    expect(qc.getQueryData(catalogueQueries.categories('nl', 'user').queryKey)).toHaveLength(6);
  });

  it('signed in on #/wallet on a phone (the screen hides the shop): the wallet list, and the preloaded categories', async () => {
    prefetchFirstScreen(qc, { lang: 'en', signedIn: true, path: '/wallet', viewportHeight: ROW_PX, shop: false });
    // Asked for at once, not after a wallet chunk has loaded: on a first visit the request then
    // travels with the wallet's files instead of after them (Lighthouse LCP, RESULTS.md section 9).
    // The categories take index.html's preload (no rows: the shop is not built).
    expect(calls).toEqual(['wallet', 'categories:user']);
    await settle();
    expect(calls).toEqual(['wallet', 'categories:user']);
  });

  it('an installed start on #/wallet on a phone: the wallet list only (no preload to take)', async () => {
    prefetchFirstScreen(qc, { lang: 'en', signedIn: true, path: '/wallet', viewportHeight: ROW_PX, shop: false, installed: true });
    await settle();
    expect(calls).toEqual(['wallet']);
  });

  it('a visitor on #/wallet gets no wallet request (the route sends them to the start screen)', async () => {
    prefetchFirstScreen(qc, { lang: 'en', signedIn: false, path: '/wallet', viewportHeight: ROW_PX, shop: true });
    await settle();
    expect(calls).not.toContain('wallet');
  });

  it('an installed start asks only for what the saved cache did not restore', async () => {
    qc.setQueryData(catalogueQueries.categories('en', 'user').queryKey, categories);
    qc.setQueryData(catalogueQueries.row('en', 'user', 1).queryKey, { brands: [], hasMore: false });
    qc.setQueryData(walletQueries.list().queryKey, []);
    prefetchFirstScreen(qc, { lang: 'en', signedIn: true, path: '/wallet', viewportHeight: 2 * ROW_PX, shop: true, installed: true });
    await settle();
    expect([...calls].sort()).toEqual(['favorites', 'primary:user', 'row:user:2']);
  });

  it("offline too, with the app's client: the requests go out once, for the worker to answer from its copies", async () => {
    // An offline start whose saved cache lacks the first screen (a new build drops it) must not wait
    // for the first render to ask the worker; React Query's default networkMode would pause them.
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    onlineManager.setOnline(false);
    qc = createAppQueryClient();
    prefetchFirstScreen(qc, { lang: 'en', signedIn: true, path: '/wallet', viewportHeight: ROW_PX, shop: true });
    await settle();
    expect([...calls].sort()).toEqual(['categories:user', 'favorites', 'primary:user', 'row:user:1', 'wallet']);
    expect(qc.getQueryData(walletQueries.list().queryKey)).toEqual([]);
  });
});

describe("the first row's photos", () => {
  const photosFetched = () => {
    const srcs: string[] = [];
    vi.stubGlobal(
      'Image',
      class {
        set src(url: string) {
          srcs.push(url);
        }
      },
    );
    return srcs;
  };

  it("a first visit fetches the first row's photos while the rows render", async () => {
    const srcs = photosFetched();
    prefetchFirstScreen(qc, { lang: 'en', signedIn: false, path: '/', viewportHeight: ROW_PX, shop: true });
    await settle();
    expect(srcs.length).toBeGreaterThan(0);
    expect(srcs[0]).toBe('/media/brands/1/photo.jpg');
  });

  it("a start of the installed app leaves them to the tiles (the worker's cache has them)", async () => {
    const srcs = photosFetched();
    prefetchFirstScreen(qc, { lang: 'en', signedIn: false, path: '/', viewportHeight: ROW_PX, shop: true, installed: true });
    prefetchFirstScreen(qc, { lang: 'en', signedIn: true, path: '/', viewportHeight: ROW_PX, shop: true, installed: true });
    await settle();
    expect(srcs).toEqual([]);
    expect(calls).toContain('row:visitor:1');
    expect(calls).toContain('favorites');
  });
});

describe('rowsInFirstViewport', () => {
  it('covers the viewport, at least one row, never more than there are', () => {
    expect(rowsInFirstViewport(823, 10)).toBe(Math.ceil(823 / ROW_PX));
    expect(rowsInFirstViewport(100, 10)).toBe(1);
    expect(rowsInFirstViewport(5000, 3)).toBe(3);
    expect(rowsInFirstViewport(800, 0)).toBe(0);
  });
});
