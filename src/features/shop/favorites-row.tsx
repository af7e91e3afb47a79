/** The signed-in shop's Favorites row, with the optimistic outbox overlay (offline follows marked); empty, it invites adding one. */
import type { AppHref } from '../../lib/navigation';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFavoritesList } from '../favorites/use-favorites';
import { BrandTile, FavoriteMark, type TileBrand } from '../../ui/brand-tile';
import type { Lang } from '../../lib/catalogue/catalogue-logic';
import { LoadError } from '../../ui/load-error';
import { Scroller } from '../../ui/scroller';
import { useRowImages } from './tile-load';

export function FavoritesRow(props: { lang: Lang; go: (path: AppHref) => void; onOpen: (b: TileBrand) => void }) {
  const { t } = useTranslation('shop');
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  // Always the shop's first row when shown.
  const images = useRowImages(ref, 0);
  const { query: q, view, isPending } = useFavoritesList();
  return (
    <section ref={ref} className="sp-row sp-row--favorites" aria-labelledby={headingId} onScrollCapture={images.onScrollCapture}>
      <div className="sp-row__head">
        <h2 id={headingId} className="sp-row__title">{t('favorites_title')}</h2>
        <button type="button" className="sp-link-button" onClick={() => props.go('/favorites')}>{t('favorites_see_all')}</button>
      </div>
      {q.isError ? <LoadError onRetry={() => void q.refetch()} /> : null}
      {/* Holds the row's height while it loads, so the categories below do not jump when it arrives. */}
      {!view && !q.isError ? <div className="sp-row__placeholder sp-row__placeholder--favorites" aria-hidden="true" /> : null}
      {view && view.items.length === 0 ? (
        <p className="sp-row__empty">
          {t('favorites_empty')}{' '}
          <button type="button" className="sp-link-button" onClick={() => props.go('/?addFavorite=1')}>{t('favorites_add')}</button>
        </p>
      ) : null}
      {view && view.items.length > 0 ? (
        <Scroller step={400} label={t('favorites_title')}>
          {view.items.slice(0, 12).map((b, i) => (
            <div role="listitem" className="sp-row__item" key={b.id}>
              <BrandTile brand={b} lang={props.lang} onOpen={props.onOpen} badgeLabel={t('badge_label')} load={images.loadFor(i)} mark={isPending(b.id) ? <FavoriteMark pending label={t('favorite_pending')} /> : null} />
            </div>
          ))}
        </Scroller>
      ) : null}
    </section>
  );
}
