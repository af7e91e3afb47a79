// Menu screen: photo and first name, then my rewards, transactions, wallet, purchases (when the
// server keeps orders), set target, favorites, ambassador, feedback (mail link to support), settings,
// FAQ, accessibility statement.
import { useEffect } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../lib/config';
import { useSession } from '../../lib/session';
import { AppLink } from '../../ui/app-link';
import { NextIcon } from '../../ui/icons';
import { SCREEN_TITLE_ID } from '../../ui/screen-header';
import { purchaseQueries } from '../gift-cards/queries';
import { fetchMe } from './api';

const ITEMS = [
  ['/my-impact', 'menu.myRewards'],
  ['/transactions', 'menu.transactions'],
  ['/wallet', 'menu.wallet'],
  ['/set-target', 'menu.setTarget'],
  ['/favorites', 'menu.favorites'],
  ['/ambassador', 'menu.ambassador'],
] as const;

export function MenuScreen() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  useEffect(() => {
    fetchMe().catch(() => undefined);
  }, []);
  // An older server has no orders (404): then there is no Purchases entry.
  const purchases = useInfiniteQuery(purchaseQueries.list());
  const items = purchases.data ? [...ITEMS.slice(0, 3), ['/purchases', 'menu.purchases'] as const, ...ITEMS.slice(3)] : ITEMS;
  const name = user?.first_name ?? '';
  const feedbackHref = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t('menu.feedbackSubject'))}`;
  return (
    <div>
      <div className="menu-hero">
        {user?.profile_photo?.url ? (
          <img className="avatar" src={user.profile_photo.url} alt={t('menu.photoAlt', { name })} />
        ) : (
          <span className="avatar avatar-placeholder" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <h1 id={SCREEN_TITLE_ID} className="screen-title">
          {t('menu.greeting', { name })}
        </h1>
      </div>
      <nav aria-label={t('menu.title')}>
        <ul className="menu-list">
          {items.map(([to, key]) => (
            <li key={to}>
              <AppLink to={to} className="menu-item">
                <span>{t(key)}</span>
                <NextIcon />
              </AppLink>
            </li>
          ))}
          <li>
            <a className="menu-item" href={feedbackHref}>
              <span>{t('menu.feedback')}</span>
              <NextIcon />
            </a>
          </li>
          <li>
            <AppLink to="/settings" className="menu-item">
              <span>{t('menu.settings')}</span>
              <NextIcon />
            </AppLink>
          </li>
          <li>
            <AppLink to="/faq" className="menu-item">
              <span>{t('menu.faq')}</span>
              <NextIcon />
            </AppLink>
          </li>
          <li>
            <AppLink to="/accessibility" className="menu-item">
              <span>{t('menu.accessibility')}</span>
              <NextIcon />
            </AppLink>
          </li>
        </ul>
      </nav>
    </div>
  );
}
