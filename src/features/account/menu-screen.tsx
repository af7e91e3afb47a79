// Menu screen: photo and first name, then my rewards, transactions, wallet, purchases (when the
// server keeps orders), set target, favorites, ambassador, feedback (mail link to support), settings,
// FAQ, accessibility statement; Inbox with its unread count.
import { useEffect } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../lib/config';
import { useSession } from '../../lib/session';
import { SCREEN_TITLE_ID } from '../../ui/screen-header';
import { purchaseQueries } from '../gift-cards/queries';
import { fetchMe } from './api';
import { MenuLink } from './menu-link';
import { useInbox } from './use-inbox';
import './inbox.css';

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
  const { unread } = useInbox();
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
            <MenuLink key={to} to={to}>
              {t(key)}
            </MenuLink>
          ))}
          <MenuLink to="/inbox">
            <span data-testid="menu-inbox">
              {t('menu.inbox')}
              {unread > 0 ? (
                <span className="menu-count">
                  <span aria-hidden="true">{unread}</span>
                  <span className="visually-hidden">{t('menu.unread', { count: unread })}</span>
                </span>
              ) : null}
            </span>
          </MenuLink>
          <MenuLink href={feedbackHref}>{t('menu.feedback')}</MenuLink>
          <MenuLink to="/settings">{t('menu.settings')}</MenuLink>
          <MenuLink to="/faq">{t('menu.faq')}</MenuLink>
          <MenuLink to="/accessibility">{t('menu.accessibility')}</MenuLink>
        </ul>
      </nav>
    </div>
  );
}
