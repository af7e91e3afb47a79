import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Brand } from '@contract/types';
import { BrandGrid, SEARCH_IMAGE_DELAY_MS } from './brand-grid';

const brand = (id: number, name: string) =>
  ({
    id,
    name,
    name_nld: name,
    giftcard_percent: 5,
    giftcard_type: 'percent',
    commission_currency: 'EUR',
    photo: { url: `/media/brands/${id}/photo.svg` },
    logo: { url: `/media/brands/${id}/logo.svg` },
    hide_background_image: false,
    hide_logo: false,
    hide_name: false,
    site: '',
    is_favorite: false,
  }) as unknown as Brand;

const page = (results: Brand[]) => ({ pages: [{ results, metadata: { total: results.length, limit: 24, offset: 0 } }], pageParams: [0] });

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The server's answers are in the cache already: no request is made (staleTime), only the grid is tested.
  qc.setQueryData(['search', 'en', 'visitor', 'all', 'kl'], page([brand(1, 'Klaver'), brand(2, 'Klomp')]));
  qc.setQueryData(['search', 'en', 'visitor', 'all', 'kla'], page([brand(1, 'Klaver'), brand(3, 'Klaproos')]));
  qc.setQueryData(['search', 'en', 'visitor', 'all', 'klo'], page([brand(2, 'Klomp')]));
  const ui = (name: string) => (
    <QueryClientProvider client={qc}>
      <BrandGrid lang="en" audience="visitor" category="all" name={name} onOpen={() => undefined} />
    </QueryClientProvider>
  );
  const view = render(ui('kl'));
  const srcs = () => [...view.container.querySelectorAll('img')].map((i) => i.getAttribute('src'));
  const tiles = () => [...view.container.querySelectorAll('.sp-tile')].map((t) => t.getAttribute('data-brand-id'));
  return { view, srcs, tiles, rerender: (name: string) => view.rerender(ui(name)) };
}

describe('BrandGrid search images', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the tiles at once but downloads new images only once the text has stayed the same', () => {
    const { srcs, tiles, rerender } = setup();
    expect(tiles()).toEqual(['1', '2']);
    // Typing: no image downloads for tiles the next keystroke may replace.
    expect(srcs()).toEqual([]);
    act(() => vi.advanceTimersByTime(SEARCH_IMAGE_DELAY_MS - 10));
    rerender('kla');
    expect(tiles()).toEqual(['1', '3']);
    expect(srcs()).toEqual([]);
    // The text stays: the images load.
    act(() => vi.advanceTimersByTime(SEARCH_IMAGE_DELAY_MS));
    expect(srcs()).toEqual(['/media/brands/1/photo.svg', '/media/brands/1/logo.svg', '/media/brands/3/photo.svg', '/media/brands/3/logo.svg']);
  });

  it('a tile that shows its images keeps them while the text changes; a new tile waits, even for an image this page has loaded', () => {
    const { view, srcs, tiles, rerender } = setup();
    act(() => vi.advanceTimersByTime(SEARCH_IMAGE_DELAY_MS));
    for (const img of view.container.querySelectorAll('img')) fireEvent.load(img);
    rerender('kla');
    expect(srcs()).toEqual(['/media/brands/1/photo.svg', '/media/brands/1/logo.svg']);
    // Klomp's images were loaded on this page, but its tile is new again: they wait for the text to stay.
    rerender('klo');
    expect(tiles()).toEqual(['2']);
    expect(srcs()).toEqual([]);
    act(() => vi.advanceTimersByTime(SEARCH_IMAGE_DELAY_MS));
    expect(srcs()).toEqual(['/media/brands/2/photo.svg', '/media/brands/2/logo.svg']);
  });
});
