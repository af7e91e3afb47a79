import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Brand } from '@contract/types';
import { catalogueQueries } from '../../lib/catalogue/queries';
import { shareQueries } from './queries';
import { shareTargetPath } from './share-target';

const brand = (id: number, site: string, alpha3 = 'NLD') => ({ id, name: `Brand ${id}`, site, giftcard_percent: 5, country: { alpha3 } }) as unknown as Brand;
const search = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function clientWithRow(brands: Brand[]): QueryClient {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(catalogueQueries.row('en', 'visitor', 3).queryKey, { brands, hasMore: false });
  return qc;
}

afterEach(() => vi.unstubAllGlobals());

describe('where a share leads', () => {
  it('opens the cached brand of the shared page, from url or from text, without asking the server', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    const qc = clientWithRow([brand(1, 'northwind.example'), brand(2, 'https://www.shop.northwind.example/')]);
    expect(await shareTargetPath(qc, 'en', 'visitor', search({ url: 'https://www.northwind.example/p/9' }))).toBe('/corporate/1');
    expect(await shareTargetPath(qc, 'en', 'user', search({ text: 'Look! https://shop.northwind.example/sale today' }))).toBe('/corporate/2');
    expect(fetch).not.toHaveBeenCalled();
    // The detail screen has the brand at once (offline too), marked stale so it is fetched again.
    const detail = qc.getQueryState(catalogueQueries.brand('en', 'user', 2).queryKey);
    expect(detail?.data).toMatchObject({ id: 2 });
    expect(detail?.dataUpdatedAt).toBe(0);
  });

  it('asks the server for a host the cache does not know; its empty answer or a 404 is no match', async () => {
    const qc = clientWithRow([brand(1, 'northwind.example')]);
    qc.setQueryData(shareQueries.bySite('nl', 'contoso.example').queryKey, [brand(7, 'contoso.example', 'DEU'), brand(8, 'contoso.example')]);
    expect(await shareTargetPath(qc, 'nl', 'visitor', search({ url: 'https://contoso.example/' }))).toBe('/corporate/8');

    const answer = (status: number, body: unknown) => vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));
    vi.stubGlobal('fetch', answer(200, { results: [], metadata: { total: 0, limit: 20, offset: 0 } }));
    expect(await shareTargetPath(qc, 'en', 'visitor', search({ url: 'https://fabrikam.example/x' }))).toBe('/?shared=fabrikam.example');
    // A server without the addition answers 404: no match either.
    vi.stubGlobal('fetch', answer(404, { error: 'not_found', error_description: 'Not found' }));
    expect(await shareTargetPath(qc, 'en', 'visitor', search({ url: 'https://adatum.example/x' }))).toBe('/?shared=adatum.example');
  });

  it('offline, a host the cache does not know is unchecked, never "no partner"', async () => {
    const qc = clientWithRow([brand(1, 'northwind.example')]);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await shareTargetPath(qc, 'en', 'visitor', search({ url: 'https://fabrikam.example/x' }))).toBe('/?shared=fabrikam.example&unchecked=1');
  });

  it('never leads anywhere else for garbage and hostile input', async () => {
    const qc = clientWithRow([brand(1, 'northwind.example')]);
    for (const fields of [{}, { url: 'javascript:alert(1)' }, { url: 'data:text/html,<b>x</b>' }, { text: 'x'.repeat(10_000) }, { title: 'no link' }]) {
      expect(await shareTargetPath(qc, 'en', 'visitor', search(fields as Record<string, string>))).toBe('/?shared=');
    }
  });
});
