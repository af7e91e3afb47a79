/**
 * One category row: loads its first ROW_SIZE brands when it comes near the screen (so a long category
 * list costs nothing below the fold), arrows scroll 400px, "Load more" expands it into the grid.
 */
import { memo, useDeferredValue, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Category } from '@contract/types';
import type { Audience } from '../../lib/catalogue/api';
import { BrandGrid } from './lazy-brand-grid';
import { BrandTile, type TileBrand } from '../../ui/brand-tile';
import { categoryName, type Lang } from '../../lib/catalogue/catalogue-logic';
import { LoadError } from '../../ui/load-error';
import { catalogueQueries } from '../../lib/catalogue/queries';
import { Scroller } from '../../ui/scroller';
import { useNearScreen } from '../../ui/use-near-screen';
import { useRowImages } from './tile-load';

/** Memoised: the shop page re-renders on every keystroke, and its rows (hidden during a search) need not. */
export const CategoryRow = memo(function CategoryRow(props: {
  category: Category;
  lang: Lang;
  audience: Audience;
  onOpen: (brand: TileBrand) => void;
  renderMark?: (brand: TileBrand) => React.ReactNode;
  /** The row's place among the shop's rows (0 = first): the first screenful loads its images at once. */
  position: number;
}) {
  const { t } = useTranslation('shop');
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  // Its brands load when it comes near the screen.
  const near = useNearScreen(ref, '600px 0px');
  const images = useRowImages(ref, props.position);
  const [expanded, setExpanded] = useState(false);
  const q = useQuery({ ...catalogueQueries.row(props.lang, props.audience, props.category.id), enabled: near });
  // Brands that arrive from the network render at transition priority, in short slices: React Query's
  // update is synchronous, and eight tiles rendered in one go make a long task on a slow phone. A row
  // whose brands are already cached when it mounts (offline start, back navigation) shows them at once.
  const data = useDeferredValue(q.data);
  const title = categoryName(props.category, props.lang);
  if (data && data.brands.length === 0) return null;
  return (
    <section ref={ref} className="sp-row" aria-labelledby={headingId} data-category-id={props.category.id} onScrollCapture={images.onScrollCapture}>
      <h2 id={headingId} className="sp-row__title">{title}</h2>
      {q.isError ? <LoadError onRetry={() => void q.refetch()} /> : null}
      {!data && !q.isError ? <div className="sp-row__placeholder" aria-hidden="true" /> : null}
      {data && !expanded ? (
        <>
          <Scroller step={400} label={title}>
            {data.brands.map((b, i) => (
              <div role="listitem" className="sp-row__item" key={b.id}>
                <BrandTile brand={b} lang={props.lang} onOpen={props.onOpen} badgeLabel={t('badge_label')} mark={props.renderMark?.(b)} load={images.loadFor(i)} />
              </div>
            ))}
          </Scroller>
          {data.hasMore ? (
            <button type="button" className="sp-button sp-button--secondary sp-row__more" onClick={() => setExpanded(true)} aria-label={t('load_more_in', { name: title })}>
              {t('load_more')}
            </button>
          ) : null}
        </>
      ) : null}
      {expanded ? (
        <BrandGrid lang={props.lang} audience={props.audience} category={props.category.id} name="" labelledBy={headingId} onOpen={props.onOpen} renderMark={props.renderMark} />
      ) : null}
    </section>
  );
});
