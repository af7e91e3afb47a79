/**
 * The shop page (the root route and the one eagerly loaded screen): search, categories, brand rows,
 * and for signed-in users the gift-card and wallet tiles and the Favorites row. Everything else is lazy.
 */
import { Activity, Fragment, Suspense, startTransition, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useLang, type Lang } from '../../lib/i18n';
import { useGo } from '../../lib/navigation';
import { useSignInFirst } from '../../lib/return-to';
import { useSignInFor } from '../../lib/pending-intent';
import { useSession } from '../../lib/session';
import { brandTapAction } from '../../lib/catalogue/favorite-logic';
import { useFavorites } from '../favorites/use-favorites';
import { BrandGrid, preloadBrandGrid, useBrandGridLoaded } from './lazy-brand-grid';
import { FavoriteMark, type TileBrand } from '../../ui/brand-tile';
import { categoryName } from '../../lib/catalogue/catalogue-logic';
import { CategoryRow } from './category-row';
import { FavoritesRow } from './favorites-row';
import { LoadError } from '../../ui/load-error';
import { catalogueQueries } from '../../lib/catalogue/queries';
import type { Audience } from '../../lib/catalogue/api';
import { DEALS_BUTTON_ID, SEARCH_INPUT_ID, SearchBox } from './search-box';
import { ShopTiles } from './shop-tiles';
import { LazyDeals, rememberSearchLater } from './lazy-deals';
import { keepCategory, keepPanelOpen, keepSearch, keepSort, keptCategory, keptPanel, keptSearch, keptSort, type DealSort } from './shop-choices';
import { afterPress, trackPresses } from './after-press';
import { useNearScreen } from '../../ui/use-near-screen';
import { Scroller } from '../../ui/scroller';
import './shop.css';

/** The chip bar's arrows (desktop) move about three chips at a time. */
const CHIP_SCROLL_STEP = 300;
/** The Highest rewards row sits after this many category rows (below the first screen's rows). */
const REWARDS_ROW_AFTER = 2;
const placeholder = <div className="sp-row__placeholder" aria-hidden="true" />;

/** The Highest rewards row's frame: its place is held from the first paint, its chunk loads once on screen. */
function RewardsRowSection(props: {
  lang: Lang;
  audience: Audience;
  onOpen: (brand: TileBrand) => void;
  renderMark?: (brand: TileBrand) => React.ReactNode;
  onSeeAll: () => void;
}) {
  const { t } = useTranslation('shop');
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  // Only once it is on screen: it downloads the whole catalogue, which must not compete with the first rows.
  const near = useNearScreen(ref, '0px');
  return (
    <section ref={ref} className="sp-row" aria-labelledby={headingId}>
      <h2 id={headingId} className="sp-row__title">{t('highest_rewards')}</h2>
      {near ? (
        <Suspense fallback={placeholder}>
          <LazyDeals part="row" {...props} title={t('highest_rewards')} />
        </Suspense>
      ) : placeholder}
    </section>
  );
}

function readAddFavorite(search: unknown): boolean {
  const v = (search as Record<string, unknown> | undefined)?.addFavorite;
  return v === 1 || v === '1' || v === true || v === 'true';
}

export function ShopPage() {
  const { t } = useTranslation('shop');
  const lang = useLang();
  const { isSignedIn } = useSession();
  const audience = isSignedIn ? 'user' : 'visitor';
  const go = useGo();
  // useSearch runs on every render: hooks must not sit behind the isSignedIn condition.
  const search = useSearch({ strict: false });
  const addFavoriteFlag = isSignedIn && readAddFavorite(search);
  const favorites = useFavorites();
  const signInFirst = useSignInFirst();
  const signInFor = useSignInFor();
  // A share with no partner (`?shared=host`, `?shared=` for no link; src/features/share) opens with the
  // host searched. A share always starts the app afresh (the manifest's launch_handler navigates).
  const shared = (search as { shared?: unknown }).shared;
  const host = typeof shared === 'string' && /^[\w.-]*$/.test(shared) ? shared : null;
  const unchecked = (search as { unchecked?: unknown }).unchecked != null;
  // The search text survives a reload of this tab, as the category does.
  const [query, setQuery] = useState(() => host ?? keptSearch());
  // The chosen category survives a reload of this tab (a kept one that is gone shows All).
  const [category, setCategoryState] = useState<'all' | number>(keptCategory);
  const setCategory = useCallback((c: 'all' | number) => {
    keepCategory(c);
    setCategoryState(c);
  }, []);
  // Find the best deal: null while closed, else the order it opened with (`n` remounts it on a new
  // opening). Open after a reload of this tab when it was open, in the order last chosen.
  const [deals, setDealsState] = useState<{ sort: DealSort; n: number } | null>(() => {
    const sort = keptPanel();
    return sort ? { sort, n: 0 } : null;
  });
  const setDeals = useCallback((sort: DealSort | null) => {
    keepPanelOpen(sort !== null);
    if (sort) keepSort(sort);
    setDealsState((d) => (sort ? { sort, n: (d?.n ?? 0) + 1 } : null));
  }, []);
  const [searchActive, setSearchActive] = useState(false);
  // A recent search picked: the search box is remounted with it (`seq` is its key).
  const [picked, setPicked] = useState({ text: query, seq: 0 });
  const categories = useQuery(catalogueQueries.categories(lang, audience));
  const resultsId = useId();
  const searchResultsId = useId();

  const qc = useQueryClient();
  const onSearch = useCallback(
    (text: string) => {
      // Start the server's search in the keystroke's own event, before React renders the new text: the
      // first letter's render (the rows go, the grid comes) used to run before the request was sent.
      // The grid's query picks up this fetch; a newer text cancels it like any replaced search.
      if (text) void qc.prefetchInfiniteQuery(catalogueQueries.grid(lang, audience, 'all', text));
      keepSearch(text);
      // The page's switch to the results (rows hidden, grid shown and refilled) is a transition: the
      // field's own letter (SearchBox's state) paints first, and a next key interrupts a stale render.
      startTransition(() => setQuery(text));
    },
    [qc, lang, audience],
  );
  const onSearchFocus = useCallback(() => {
    void preloadBrandGrid();
    // The recent searches (a lazy part) follow the field's focus in a transition: the tap's next paint
    // is the focused field, not a render of the whole page under it.
    startTransition(() => setSearchActive(true));
  }, []);
  const pickRecent = useCallback(
    (text: string) => {
      setPicked((p) => ({ text, seq: p.seq + 1 }));
      onSearch(text);
      rememberSearchLater(text);
    },
    [onSearch],
  );

  // The results grid is a lazy chunk, fetched once the page is idle (or the field gets focus). Once it is
  // in, the search grid is mounted hidden, so the first letter only shows and fills it (building it there
  // was the first search's cost: ~60 ms of a keystroke).
  const gridLoaded = useBrandGridLoaded();

  // Arriving with the add-favourite flag (Favorites → add): put the cursor in the search box.
  useEffect(() => {
    if (!addFavoriteFlag) return;
    const id = setTimeout(() => document.getElementById(SEARCH_INPUT_ID)?.focus(), 300);
    return () => clearTimeout(id);
  }, [addFavoriteFlag]);

  const onOpen = useCallback(
    (brand: TileBrand) => {
      const action = brandTapAction({
        signedIn: isSignedIn,
        addFavoriteFlag,
        brandId: brand.id,
        isFavorite: favorites.stateOf(brand).favorite,
      });
      if (action.kind === 'start') return signInFor({ kind: 'buy', brandId: brand.id }, action.returnTo);
      if (action.addFavorite) void favorites.setFavorite(brand, true);
      go(`/gift-card/${action.brandId}`);
    },
    [isSignedIn, addFavoriteFlag, favorites, go, signInFor],
  );
  // A search result opened: the search was worth remembering (only the results grid gets this one, so
  // the memoised rows do not re-render on every keystroke).
  const onOpenResult = useCallback(
    (brand: TileBrand) => {
      rememberSearchLater(query);
      onOpen(brand);
    },
    [query, onOpen],
  );

  const renderMark = useCallback(
    (brand: TileBrand) => {
      if (!isSignedIn) return null;
      const s = favorites.stateOf(brand);
      if (!s.favorite) return null;
      return <FavoriteMark pending={s.pending} label={s.pending ? t('favorite_pending') : t('favorite')} />;
    },
    [isSignedIn, favorites, t],
  );

  const chosen = category === 'all' ? null : categories.data?.find((c) => c.id === category) ?? null;
  const pressed = chosen?.id ?? 'all';
  const showFavorites = isSignedIn && !query;
  // Where the Highest rewards row goes: after the first rows, or before the last one in a short list.
  const rewardsAt = Math.min(REWARDS_ROW_AFTER, (categories.data?.length ?? 1) - 1);

  return (
    <div className="sp-shop">
      <h1 className="sp-visually-hidden">{t('title')}</h1>
      {/* Recent searches show while the search area has focus and no text; leaving the area hides them
          (after a press's click, so the page does not move under it), and so does Escape. */}
      <div
        className="sp-search-area"
        onFocus={trackPresses}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) afterPress(() => setSearchActive(false));
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && searchActive) setSearchActive(false);
        }}
      >
        <SearchBox key={picked.seq} initial={picked.text} onSearch={onSearch} onFocus={onSearchFocus} onSubmit={rememberSearchLater} />
        {searchActive && !query ? (
          <Suspense fallback={null}>
            <LazyDeals part="recent" onPick={pickRecent} />
          </Suspense>
        ) : null}
      </div>
      {host !== null && query === host ? <p className="sp-notice" role="status">{host ? t(unchecked ? 'share_unchecked' : 'share_not_partner', { host }) : t('share_no_link')}</p> : null}
      {addFavoriteFlag ? <p className="sp-notice" role="status">{t('add_favorite_hint')}</p> : null}

      <ShopTiles lang={lang} audience={audience} signedIn={isSignedIn} go={go} signInFirst={signInFirst} />
      {showFavorites ? <FavoritesRow lang={lang} go={go} onOpen={onOpen} /> : null}

      {categories.isError ? <LoadError onRetry={() => void categories.refetch()} /> : null}
      {!query ? (
        <div className="sp-deals-bar">
          <button
            type="button"
            id={DEALS_BUTTON_ID}
            className="sp-chip"
            aria-expanded={deals !== null}
            onClick={() => setDeals(deals === null ? keptSort() : null)}
          >
            <span aria-hidden="true">⇅ </span>
            {t('deals_open')}
          </button>
          {/* The Highest rewards row sits among the categories; this finds it from the top. */}
          <button type="button" className="sp-chip" onClick={() => setDeals('reward')}>
            {t('highest_rewards')}
          </button>
        </div>
      ) : null}
      {categories.data && !query && deals === null ? (
        <nav className="sp-categories" aria-label={t('categories_label')}>
          <Scroller step={CHIP_SCROLL_STEP} label={t('categories_label')} className="sp-categories__list">
            <div role="listitem">
              <button type="button" className="sp-chip" aria-pressed={pressed === 'all'} onClick={() => setCategory('all')}>
                {t('all')}
              </button>
            </div>
            {categories.data.map((c) => (
              <div role="listitem" key={c.id}>
                <button type="button" className="sp-chip" aria-pressed={pressed === c.id} onClick={() => setCategory(c.id)}>
                  {categoryName(c, lang)}
                </button>
              </div>
            ))}
          </Scroller>
        </nav>
      ) : null}

      {gridLoaded || query ? (
        <Activity mode={query ? 'visible' : 'hidden'}>
          <section className={query ? 'sp-results' : undefined} aria-labelledby={searchResultsId}>
            <h2 id={searchResultsId} className="sp-row__title">{t('results_for', { query })}</h2>
            <BrandGrid lang={lang} audience={audience} category="all" name={query} idle={!query} labelledBy={searchResultsId} onOpen={onOpenResult} renderMark={renderMark} />
          </section>
        </Activity>
      ) : null}
      {query ? null : deals !== null ? (
        <Suspense fallback={placeholder}>
          <LazyDeals part="panel" key={deals.n} lang={lang} audience={audience} initialSort={deals.sort} onSort={keepSort} onClose={() => setDeals(null)} onOpen={onOpen} renderMark={renderMark} />
        </Suspense>
      ) : chosen ? (
        <section className="sp-results" aria-labelledby={resultsId}>
          <h2 id={resultsId} className="sp-row__title">{categoryName(chosen, lang)}</h2>
          <BrandGrid lang={lang} audience={audience} category={chosen.id} name="" labelledBy={resultsId} onOpen={onOpen} renderMark={renderMark} />
        </section>
      ) : null}
      {/* The rows stay mounted, hidden, while a search or a category shows: the first letter typed (and
          the X) only hides (shows) them instead of unmounting (rebuilding) every row and tile first. */}
      <Activity mode={query || chosen || deals !== null ? 'hidden' : 'visible'}>
        {categories.data?.map((c, i) => (
          <Fragment key={c.id}>
            {i === rewardsAt ? (
              <RewardsRowSection lang={lang} audience={audience} onOpen={onOpen} renderMark={renderMark} onSeeAll={() => setDeals('reward')} />
            ) : null}
            <CategoryRow category={c} lang={lang} audience={audience} onOpen={onOpen} renderMark={renderMark} position={i + (isSignedIn ? 1 : 0) + (i >= rewardsAt ? 1 : 0)} />
          </Fragment>
        ))}
      </Activity>
      {categories.isPending ? <p className="sp-muted" role="status">{t('loading')}</p> : null}
    </div>
  );
}
