/**
 * Find the best deal: the whole catalogue sorted (recommended, highest reward, A–Z) and filtered (only
 * brands with gift cards), plus the "Highest rewards" row. A lazy chunk (lazy-deals.tsx): loaded on the
 * first tap of "Sort & filter" or when the row comes near the screen, never in the first-paint JS.
 * Sorting happens on the device over the saved catalogue, so it works offline; without a saved copy
 * (offline before it was ever loaded) it sorts the brands the shop has seen and says so.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Brand } from '@contract/types';
import type { Audience } from '../../lib/catalogue/api';
import { formatPercent, formatReward } from '../../lib/catalogue/badge';
import type { Lang } from '../../lib/catalogue/catalogue-logic';
import { cachedBrands } from '../../lib/catalogue/local-search';
import { catalogueQueries } from '../../lib/catalogue/queries';
import { announce } from '../../ui/announcer';
import { useOnline } from '../../offline/online';
import { BrandTile, type TileBrand } from '../../ui/brand-tile';
import { LoadError } from '../../ui/load-error';
import { Scroller } from '../../ui/scroller';
import { allBrandsQuery, type SlimBrand } from './all-brands-query';
import { applyDeals, DEAL_SORTS, shopOrder, highestRewards, REFERENCE_PURCHASE_CENTS, rewardPercent, type DealSort } from './deal-logic';
import { DEALS_BUTTON_ID } from './search-box';
import { keepGiftCardsOnly, keptGiftCardsOnly } from './shop-choices';
import './deals.css';

/** Tiles rendered at first and added by each "Show more". */
const PAGE = 24;
/** Brands in the Highest rewards row. */
const ROW_COUNT = 8;
/** The fixed reward the one-scale line uses as its example (€2.50). */
const EXAMPLE_FIXED_CENTS = 250;

interface CatalogueView {
  brands: SlimBrand[];
  /** Brands the server has (may exceed brands.length when the list was cut or only partly saved). */
  total: number;
  /** Not the whole catalogue: the brands seen on this device, shown while offline without a saved copy. */
  partial: boolean;
  /** Offline (or waiting for a network) without the whole catalogue saved. */
  offline: boolean;
  pending: boolean;
  error: boolean;
  retry: () => void;
}

/**
 * The whole catalogue, or without it the brands already in the query cache: when it failed, or while its
 * download waits for a network (offline, the query is paused) so the panel never spins forever.
 */
function useCatalogue(lang: Lang, audience: Audience): CatalogueView {
  const q = useQuery(allBrandsQuery(lang, audience));
  const qc = useQueryClient();
  const online = useOnline();
  const waiting = !q.data && (q.isError || q.fetchStatus === 'paused' || !online);
  const seen = useMemo(() => {
    if (!waiting) return null;
    const all = cachedBrands(qc, [catalogueQueries.scope(lang, audience)]);
    // The shop's own order: the saved rows as they show, each brand once, then any others in shopOrder.
    const ordered = new Map<number, Brand>();
    for (const c of qc.getQueryData(catalogueQueries.categories(lang, audience).queryKey) ?? []) {
      for (const b of qc.getQueryData(catalogueQueries.row(lang, audience, c.id).queryKey)?.brands ?? []) if (!ordered.has(b.id)) ordered.set(b.id, b);
    }
    const rest = [...all.values()].filter((b) => !ordered.has(b.id)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    return [...ordered.values(), ...shopOrder(rest)];
  }, [waiting, qc, lang, audience]);
  const retry = () => void q.refetch();
  if (q.data) return { brands: q.data.brands, total: q.data.total, partial: false, offline: false, pending: false, error: false, retry };
  if (seen && seen.length) return { brands: seen, total: seen.length, partial: true, offline: !online || q.fetchStatus === 'paused', pending: false, error: false, retry };
  // Offline with nothing saved: say so instead of "Loading…".
  if (waiting && !q.isError) return { brands: [], total: 0, partial: false, offline: true, pending: false, error: false, retry };
  return { brands: [], total: 0, partial: false, offline: false, pending: q.isPending && !q.isError, error: q.isError, retry };
}

/** A fixed reward's place on the one scale, under its tile: "20% on €50.00". */
function ScaleMark(props: { brand: TileBrand; lang: Lang; mark?: React.ReactNode }) {
  const { t } = useTranslation('deals');
  const b = props.brand;
  return (
    <>
      {props.mark}
      {b.giftcard_type === 'fixed' && b.giftcard_percent > 0 ? (
        <span className="sp-deals__scale">
          {t('fixed_as_percent', {
            percent: formatPercent(rewardPercent(b.giftcard_percent, 'fixed'), props.lang),
            reference: formatReward(REFERENCE_PURCHASE_CENTS, 'fixed', b.commission_currency || 'EUR', props.lang),
          })}
        </span>
      ) : null}
    </>
  );
}

/** "Rewards compare as a percentage: …(€2.50 = 5%)". */
function ScaleNote(props: { lang: Lang }) {
  const { t } = useTranslation('deals');
  return (
    <p className="sp-deals__note">
      {t('scale_note', {
        reference: formatReward(REFERENCE_PURCHASE_CENTS, 'fixed', 'EUR', props.lang),
        example: formatReward(EXAMPLE_FIXED_CENTS, 'fixed', 'EUR', props.lang),
        percent: formatPercent(rewardPercent(EXAMPLE_FIXED_CENTS, 'fixed'), props.lang),
      })}
    </p>
  );
}

export function DealsPanel(props: {
  lang: Lang;
  audience: Audience;
  initialSort?: DealSort;
  /** A new order chosen (the shop keeps it for the next visit). */
  onSort?: (sort: DealSort) => void;
  onClose: () => void;
  onOpen: (brand: TileBrand) => void;
  renderMark?: (brand: TileBrand) => React.ReactNode;
}) {
  const { t } = useTranslation('deals');
  const { t: ts } = useTranslation('shop');
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [sort, setSort] = useState<DealSort>(props.initialSort ?? 'recommended');
  const [giftCardsOnly, setGiftCardsOnlyState] = useState(keptGiftCardsOnly);
  const setGiftCardsOnly = (on: boolean) => {
    keepGiftCardsOnly(on);
    setGiftCardsOnlyState(on);
  };
  const [shown, setShown] = useState(PAGE);
  const cat = useCatalogue(props.lang, props.audience);
  const list = useMemo(() => applyDeals(cat.brands, { sort, giftCardsOnly }, props.lang), [cat.brands, sort, giftCardsOnly, props.lang]);

  // Opening moves focus into the panel (its heading), so keyboard and screen-reader users land on it.
  useEffect(() => headingRef.current?.focus(), []);
  // The count is spoken whenever the list changes (a new order, the filter, the catalogue arriving).
  const ready = !cat.pending && !cat.error && !(cat.offline && !cat.partial);
  useEffect(() => {
    if (!ready) return;
    announce(t(`count_${sort}`, { count: list.length }));
  }, [ready, list.length, sort, giftCardsOnly, t]);

  return (
    <section className="sp-deals" aria-labelledby={headingId}>
      <div className="sp-row__head">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="sp-row__title">{t('title')}</h2>
        <button
          type="button"
          className="sp-link-button"
          onClick={() => {
            props.onClose();
            // Back where the panel was opened.
            setTimeout(() => document.getElementById(DEALS_BUTTON_ID)?.focus(), 0);
          }}
        >
          {t('close')}
        </button>
      </div>
      <div className="sp-deals__controls">
        <fieldset className="sp-deals__sort">
          <legend>{t('sort_label')}</legend>
          {DEAL_SORTS.map((s) => (
            <label key={s} className="sp-deals__option">
              <input
                type="radio"
                name={`${headingId}-sort`}
                value={s}
                checked={sort === s}
                onChange={() => {
                  setSort(s);
                  props.onSort?.(s);
                  setShown(PAGE);
                }}
              />
              {t(`sort_${s}`)}
            </label>
          ))}
        </fieldset>
        <label className="sp-deals__option sp-deals__filter">
          <input
            type="checkbox"
            checked={giftCardsOnly}
            onChange={(e) => {
              setGiftCardsOnly(e.target.checked);
              setShown(PAGE);
            }}
          />
          {t('gift_cards_only')}
        </label>
      </div>
      <ScaleNote lang={props.lang} />
      {cat.partial ? <p className="sp-notice">{t(cat.offline ? 'offline_partial' : 'saved_partial', { count: cat.brands.length })}</p> : null}
      {cat.offline && !cat.partial ? <p className="sp-notice" role="status">{t('offline_none')}</p> : null}
      {!cat.partial && cat.total > cat.brands.length ? <p className="sp-muted">{t('capped', { count: cat.brands.length, total: cat.total })}</p> : null}
      {cat.error ? <LoadError onRetry={cat.retry} /> : null}
      {cat.pending ? <p className="sp-muted" role="status">{ts('loading')}</p> : null}
      {ready ? <p className="sp-deals__count" data-testid="deals-count">{t(`count_${sort}`, { count: list.length })}</p> : null}
      {ready && list.length === 0 ? <p className="sp-muted">{t('empty')}</p> : null}
      {list.length > 0 ? (
        <div className="sp-deals__grid" role="list" aria-labelledby={headingId}>
          {list.slice(0, shown).map((b, i) => (
            <div role="listitem" key={b.id} aria-setsize={list.length} aria-posinset={i + 1}>
              <BrandTile brand={b} lang={props.lang} onOpen={props.onOpen} badgeLabel={ts('badge_label')} mark={<ScaleMark brand={b} lang={props.lang} mark={props.renderMark?.(b)} />} />
            </div>
          ))}
        </div>
      ) : null}
      {list.length > shown ? (
        <button type="button" className="sp-button sp-button--secondary sp-grid__more" onClick={() => setShown((n) => n + PAGE)}>
          {t('show_more', { shown, total: list.length })}
        </button>
      ) : null}
    </section>
  );
}

/** The shop's "Highest rewards" row (its section and heading are the shop page's, see lazy-deals.tsx). */
export function HighestRewardsRow(props: {
  lang: Lang;
  audience: Audience;
  title: string;
  onOpen: (brand: TileBrand) => void;
  renderMark?: (brand: TileBrand) => React.ReactNode;
  onSeeAll: () => void;
}) {
  const { t } = useTranslation('deals');
  const { t: ts } = useTranslation('shop');
  const cat = useCatalogue(props.lang, props.audience);
  const top = useMemo(() => highestRewards(cat.brands, ROW_COUNT, props.lang), [cat.brands, props.lang]);
  if (cat.error) return <LoadError onRetry={cat.retry} />;
  if (!top.length) return cat.pending ? <div className="sp-row__placeholder" aria-hidden="true" /> : <p className="sp-row__empty">{t(cat.offline ? 'offline_none' : 'empty')}</p>;
  return (
    <>
      <Scroller step={400} label={props.title}>
        {top.map((b) => (
          <div role="listitem" className="sp-row__item" key={b.id}>
            <BrandTile brand={b} lang={props.lang} onOpen={props.onOpen} badgeLabel={ts('badge_label')} mark={<ScaleMark brand={b} lang={props.lang} mark={props.renderMark?.(b)} />} />
          </div>
        ))}
      </Scroller>
      <ScaleNote lang={props.lang} />
      <button type="button" className="sp-button sp-button--secondary sp-row__more" onClick={props.onSeeAll}>{t('see_all_rewards')}</button>
    </>
  );
}
