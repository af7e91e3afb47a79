/**
 * Favorites: 'You have N favorites', a grid of the followed brands each with an unfollow
 * icon (removed at once through the outbox, count lowered, list reloaded once synced), a tile to add a
 * brand (home search with the add-favourite flag), a spinner while loading and an empty state. Brands
 * followed offline are listed at once, marked as waiting to sync.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n';
import { useGo } from '../../lib/navigation';
import { CloseIcon } from '../../ui/icons';
import { ScreenHeader } from '../../ui/screen-header';
import { CenteredSpinner } from '../../ui/spinner';
import { BrandTile, FavoriteMark } from '../../ui/brand-tile';
import { brandName } from '../../lib/catalogue/catalogue-logic';
import { LoadError } from '../../ui/load-error';
import { useFavorites, useFavoritesList } from './use-favorites';
import '../../ui/screen.css';
import './favorites.css';
import { useBackTo } from '../../lib/screen-trail';

export function FavoritesScreen() {
  const { t } = useTranslation('shop');
  const lang = useLang();
  const go = useGo();
  const backTo = useBackTo();
  const favorites = useFavorites();
  const { query: q, view, isPending } = useFavoritesList();
  // The unfollowed tile disappears with the focused button: keep keyboard focus on the count instead.
  const countRef = useRef<HTMLParagraphElement>(null);

  return (
    <div className="sp-screen sp-favorites">
      <ScreenHeader title={t('favorites_title')} onBack={backTo('/menu')} />
      {q.isPending ? <CenteredSpinner /> : null}
      {q.isError && !q.data ? <LoadError onRetry={() => void q.refetch()} /> : null}
      {view ? (
        <>
          <p ref={countRef} tabIndex={-1} className="sp-favorites__count" role="status">{t('favorites_count', { count: view.total })}</p>
          {view.items.length === 0 ? <p>{t('favorites_empty_screen')}</p> : null}
          <ul className="sp-favorites__grid">
            {view.items.map((b) => {
              const name = brandName(b, lang);
              return (
                <li key={b.id}>
                  <BrandTile
                    brand={b}
                    lang={lang}
                    badgeLabel={t('badge_label')}
                    onOpen={() => go(`/gift-card/${b.id}`)}
                    mark={isPending(b.id) ? <FavoriteMark pending label={t('favorite_pending')} /> : null}
                    extra={
                      <button
                        type="button"
                        className="sp-favorites__unfollow"
                        aria-label={t('unfollow_brand', { name })}
                        title={t('unfollow_brand', { name })}
                        disabled={favorites.busy(b.id)}
                        onClick={() => {
                          void favorites.setFavorite(b, false);
                          countRef.current?.focus();
                        }}
                      >
                        <CloseIcon />
                      </button>
                    }
                  />
                </li>
              );
            })}
            <li>
              <button type="button" className="sp-favorites__add" onClick={() => go('/?addFavorite=1')}>
                <span aria-hidden="true" className="sp-favorites__plus">+</span>
                {t('favorites_add_tile')}
              </button>
            </li>
          </ul>
        </>
      ) : null}
    </div>
  );
}
