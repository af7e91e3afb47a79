/**
 * The expanded brand grid (a category's "Load more", a chosen category, search results). Virtualised with
 * the window as scroller: only the rows near the screen are in the DOM, so 10,000 brands stay smooth.
 * Pages of GRID_PAGE; "Load more" stays only while full pages come back. Search keeps the previous
 * results on screen while the next answer is on its way (keepPreviousData), and the query's signal
 * aborts the request a newer search replaced.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { Audience } from '../../lib/catalogue/api';
import { BrandTile, type TileBrand } from '../../ui/brand-tile';
import { brandName, GRID_PAGE, uniqueBrands, type Lang } from '../../lib/catalogue/catalogue-logic';
import { cachedMatches } from '../../lib/catalogue/local-search';
import { announce } from '../../ui/announcer';
import { LoadError } from '../../ui/load-error';
import { catalogueQueries } from '../../lib/catalogue/queries';

/**
 * New search tiles show their images only once the search text has stayed the same this long (from
 * the keystroke; a server answer that comes later shows them at once); tiles that already show theirs
 * keep them. While the user types, every keystroke replaced the tiles (cached matches, then the
 * server's answer) and each set started ~24 image downloads for tiles gone a moment later. They still
 * held the browser's six connections to the server, the server itself and the main thread (each SVG
 * is parsed there), so the next keystroke's answer waited behind them: 100–300 ms in the scale bench.
 * Images this page had loaded already cost the same: a new <img> of one is a request again (through
 * the service worker) and a parse, ~5 ms each on the main thread in front of the server's answer, for
 * the first letter, whose cached matches are the brands of the rows just seen (the scale bench).
 */
export const SEARCH_IMAGE_DELAY_MS = 150;

const MIN_TILE = 150;
const GAP = 12;
const ROW_ESTIMATE = 236;

function useColumns() {
  const ref = useRef<HTMLDivElement>(null);
  const [cols, setCols] = useState(2);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setCols(Math.max(1, Math.floor((el.clientWidth + GAP) / (MIN_TILE + GAP))));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, cols };
}

/** Quiet time after the last keystroke before the result count is spoken (not on every letter). */
const SEARCH_ANNOUNCE_DELAY_MS = 700;

export function BrandGrid(props: {
  lang: Lang;
  audience: Audience;
  category: 'all' | number;
  name: string;
  labelledBy?: string;
  onOpen: (brand: TileBrand) => void;
  renderMark?: (brand: TileBrand) => React.ReactNode;
  /** Mounted ahead of use (the shop's hidden search grid before a search): asks the server for nothing. */
  idle?: boolean;
}) {
  const { t } = useTranslation('shop');
  const nearId = useId();
  const q = useInfiniteQuery({
    ...catalogueQueries.grid(props.lang, props.audience, props.category, props.name),
    placeholderData: keepPreviousData,
    enabled: !props.idle,
  });
  const qc = useQueryClient();
  // A search the server has not answered yet shows the matching brands already in the cache at once
  // (instead of the previous text's results); the server's answer replaces them when it arrives.
  const local = !!props.name && (q.isPlaceholderData || q.isPending);
  const brands = useMemo(
    () =>
      local
        ? cachedMatches(qc, props.lang, props.audience, props.name, GRID_PAGE)
        : uniqueBrands(q.data?.pages.map((p) => p.results) ?? []),
    [local, qc, props.lang, props.audience, props.name, q.data],
  );
  // A search's tiles download images this page has not loaded yet only once the text has stayed the
  // same for SEARCH_IMAGE_DELAY_MS (already loaded images show at once): see SEARCH_IMAGE_DELAY_MS.
  const [imagesFor, setImagesFor] = useState('');
  useEffect(() => {
    if (!props.name) return;
    const id = setTimeout(() => setImagesFor(props.name), SEARCH_IMAGE_DELAY_MS);
    return () => clearTimeout(id);
  }, [props.name]);
  const deferImages = !!props.name && imagesFor !== props.name;
  // A search's result count is announced once the server has answered and the text has rested.
  const total = !local && !q.isPending && !q.isError ? (q.data?.pages[0]?.metadata.total ?? null) : null;
  // Nothing matched: the server's near matches (typing mistakes), offered as tiles under "Did you mean".
  const near = total === 0 ? (q.data?.pages[0]?.suggestions ?? []) : [];
  const nearNames = near.map((b) => brandName(b, props.lang)).join(', ');
  useEffect(() => {
    if (!props.name || total === null) return;
    const text = total ? t('results_count', { count: total, query: props.name }) : nearNames ? t('no_results_near', { query: props.name, names: nearNames }) : t('no_results');
    const id = setTimeout(() => announce(text), SEARCH_ANNOUNCE_DELAY_MS);
    return () => clearTimeout(id);
  }, [props.name, total, nearNames, t]);
  const { ref, cols } = useColumns();
  const [margin, setMargin] = useState(0);
  // The grid's offset from the page top (the virtualiser's scrollMargin): measured when the grid mounts,
  // when its list grows and whenever the page's size changes (content above it loaded or the window was
  // resized), never on every scroll frame (getBoundingClientRect forces a layout).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
      setMargin((prev) => (prev === top ? prev : top));
    };
    measure();
    window.addEventListener('resize', measure);
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    ro?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      ro?.disconnect();
    };
  }, [ref, props.category, props.name, cols, brands.length]);
  const rowCount = Math.ceil(brands.length / cols);
  const virt = useWindowVirtualizer({ count: rowCount, estimateSize: () => ROW_ESTIMATE, overscan: 2, scrollMargin: margin, gap: GAP });

  if (q.isError && !q.data) return <LoadError onRetry={() => void q.refetch()} />;

  return (
    <div className="sp-grid" aria-busy={q.isFetching || undefined}>
      <div ref={ref} className="sp-grid__body" role="list" aria-labelledby={props.labelledBy} style={{ height: virt.getTotalSize() }}>
        {virt.getVirtualItems().map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virt.measureElement}
            className="sp-grid__row"
            style={{ transform: `translateY(${row.start - margin}px)`, gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }}
          >
            {brands.slice(row.index * cols, row.index * cols + cols).map((b, i) => (
              <div role="listitem" key={b.id} aria-setsize={brands.length} aria-posinset={row.index * cols + i + 1}>
                <BrandTile brand={b} lang={props.lang} onOpen={props.onOpen} badgeLabel={t('badge_label')} mark={props.renderMark?.(b)} load={deferImages ? 'later' : undefined} />
              </div>
            ))}
          </div>
        ))}
      </div>
      {q.isPending ? <p className="sp-muted" role="status">{t('loading')}</p> : null}
      {!q.isPending && !local && brands.length === 0 && !q.isError ? <p className="sp-muted">{t('no_results')}</p> : null}
      {near.length > 0 && !local ? (
        <section className="sp-near" aria-labelledby={nearId}>
          <h3 id={nearId} className="sp-near__title">{t('near_title')}</h3>
          <div className="sp-near__list" role="list">
            {near.map((b) => (
              <div role="listitem" key={b.id}>
                <BrandTile brand={b} lang={props.lang} onOpen={props.onOpen} badgeLabel={t('badge_label')} mark={props.renderMark?.(b)} />
              </div>
            ))}
          </div>
        </section>
      ) : null}
      {q.isError && q.data ? <LoadError onRetry={() => void q.fetchNextPage()} /> : null}
      {q.hasNextPage && !local ? (
        <button
          type="button"
          className="sp-button sp-button--secondary sp-grid__more"
          disabled={q.isFetchingNextPage}
          onClick={() => void q.fetchNextPage()}
        >
          {q.isFetchingNextPage ? t('loading') : t('load_more')}
        </button>
      ) : null}
    </div>
  );
}
