import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dehydrate, hydrate, infiniteQueryOptions, QueryClient, QueryObserver } from '@tanstack/react-query';
import type { WalletItem } from '@contract/types';
import { createAppQueryClient } from './query-client';
import { request, resetHttpForTests } from '../lib/http';
import { resetSessionForTests } from '../lib/session';
import { walletListQuery } from '../features/wallet/list-query';
import { catalogueQueries } from '../lib/catalogue/queries';

const HOUR_AGO = Date.now() - 60 * 60 * 1000;

/** What the next GET answers: the network's body, or the worker's copy stamped with its time. */
let answer: { body: unknown; cachedAt?: number };
let gets = 0;

beforeEach(() => {
  gets = 0;
  resetHttpForTests();
  resetSessionForTests({ tokens: { access_token: 't', refresh_token: 'r', expires_at: Date.now() + 60_000 } });
  vi.stubGlobal('fetch', async () => {
    gets += 1;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (answer.cachedAt !== undefined) headers['X-SW-Cached-At'] = new Date(answer.cachedAt).toISOString();
    return new Response(JSON.stringify(answer.body), { status: 200, headers });
  });
});
afterEach(() => vi.unstubAllGlobals());

/** A wallet of one card (only what these tests read). */
const card = (amount: number) => [{ id: 1, amount }] as unknown as WalletItem[];

describe('answers from the service worker’s copy', () => {
  it('are dated as the copy, not as their arrival, and asked for again at the next use', async () => {
    const qc = createAppQueryClient();
    answer = { body: card(3000), cachedAt: HOUR_AGO };
    await qc.fetchQuery(walletListQuery());
    const state = qc.getQueryState(walletListQuery().queryKey)!;
    expect(state.dataUpdatedAt).toBe(HOUR_AGO); // the wallet's "Last updated" and the offline bar read this
    expect(state.isInvalidated).toBe(true);
    // A screen showing the wallet now asks the network again, though the copy arrived a moment ago.
    answer = { body: card(2250) };
    const observer = new QueryObserver(qc, walletListQuery());
    const off = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(qc.getQueryData(walletListQuery().queryKey)).toEqual(card(2250)));
    expect(gets).toBe(2);
    expect(qc.getQueryState(walletListQuery().queryKey)!.dataUpdatedAt).toBeGreaterThan(HOUR_AGO);
    off();
  });

  it('give way to newer data the query already held (a spend just synced), also after a reload', async () => {
    const qc = createAppQueryClient();
    answer = { body: card(3000) };
    await qc.fetchQuery(walletListQuery());
    // The synced spend's answer patches the card; the list is asked again, and the copy (from before) answers.
    qc.setQueryData(walletListQuery().queryKey, card(2250));
    const patchedAt = qc.getQueryState(walletListQuery().queryKey)!.dataUpdatedAt;
    answer = { body: card(3000), cachedAt: patchedAt - 5000 };
    await qc.refetchQueries({ queryKey: walletListQuery().queryKey });
    expect(qc.getQueryData(walletListQuery().queryKey)).toEqual(card(2250));
    expect(qc.getQueryState(walletListQuery().queryKey)!.dataUpdatedAt).toBe(patchedAt);

    // Saved and restored (the next start): the balance shown is the synced one, and it is asked for at once.
    const restored = new QueryClient();
    hydrate(restored, JSON.parse(JSON.stringify(dehydrate(qc))));
    expect(restored.getQueryData(walletListQuery().queryKey)).toEqual(card(2250));
    expect(restored.getQueryCache().find({ queryKey: walletListQuery().queryKey })!.isStale()).toBe(true);
  });

  it('a copy newer than the data held replaces it (another tab fetched meanwhile)', async () => {
    const qc = createAppQueryClient();
    answer = { body: card(3000) };
    await qc.fetchQuery(walletListQuery());
    const later = Date.now() + 1000;
    answer = { body: card(1000), cachedAt: later };
    await qc.refetchQueries({ queryKey: walletListQuery().queryKey });
    expect(qc.getQueryData(walletListQuery().queryKey)).toEqual(card(1000));
    expect(qc.getQueryState(walletListQuery().queryKey)!.dataUpdatedAt).toBe(later);
  });

  it('a network answer is dated now and stays fresh', async () => {
    const qc = createAppQueryClient();
    answer = { body: card(3000) };
    const before = Date.now();
    await qc.fetchQuery(walletListQuery());
    const state = qc.getQueryState(walletListQuery().queryKey)!;
    expect(state.dataUpdatedAt).toBeGreaterThanOrEqual(before);
    expect(state.isInvalidated).toBe(false);
  });

  it('keeps the copy’s date through a reshaped answer (a catalogue row) and a paged list (its oldest page)', async () => {
    const qc = createAppQueryClient();
    answer = { body: { results: [{ id: 7 }], metadata: { total: 1 } }, cachedAt: HOUR_AGO };
    await qc.fetchQuery(catalogueQueries.row('en', 'user', 3));
    expect(qc.getQueryState(catalogueQueries.row('en', 'user', 3).queryKey)!.dataUpdatedAt).toBe(HOUR_AGO);

    const paged = infiniteQueryOptions({
      queryKey: ['paged'],
      queryFn: ({ pageParam }) => request<{ results: number[] }>('/user-loyalty-transactions', { query: { offset: pageParam } }),
      initialPageParam: 0,
      getNextPageParam: () => 1,
    });
    answer = { body: { results: [1] }, cachedAt: HOUR_AGO };
    await qc.fetchInfiniteQuery(paged);
    answer = { body: { results: [2] } }; // the next page from the network
    await qc.getQueryCache().find({ queryKey: ['paged'] })!.fetch(undefined, { meta: { fetchMore: { direction: 'forward' } } });
    expect(qc.getQueryState(['paged'])!.dataUpdatedAt).toBe(HOUR_AGO);
  });
});
