// Inbox: what SocialPay told the user (expiry reminders, reward states, claim answers, invite
// sign-ups), newest first, for everyone with or without push. Opening one marks it read (through the
// outbox, so offline too) and goes to its screen. Shown from the saved list when offline.
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { useGo, type AppHref } from '../../lib/navigation';
import { LoadError } from '../../ui/load-error';
import { ScreenHeader } from '../../ui/screen-header';
import { Spinner } from '../../ui/spinner';
import { useInbox } from './use-inbox';
import './inbox.css';

export function InboxScreen() {
  const { t } = useTranslation('account');
  const go = useGo();
  const { inbox, items, unread, markRead } = useInbox();
  return (
    <div>
      <ScreenHeader title={t('inbox.title')} onBack={() => go('/menu')} />
      <p className="muted" role="status" data-testid="inbox-unread">
        {inbox.data ? t('inbox.unread', { count: unread }) : ''}
      </p>
      {inbox.isPending && !inbox.data ? <Spinner /> : null}
      {inbox.isError && !inbox.data ? <LoadError message={t('inbox.loadFailed')} onRetry={() => void inbox.refetch()} /> : null}
      {inbox.data && items.length === 0 ? <p>{t('inbox.empty')}</p> : null}
      <ul className="inbox-list" data-testid="inbox-list">
        {items.map((n) => (
          <li key={n.id} className={n.read ? 'inbox-item' : 'inbox-item is-unread'} data-testid="inbox-item">
            <button
              type="button"
              className="inbox-open"
              onClick={() => {
                if (!n.read) void markRead(n.id);
                go(n.path as AppHref);
              }}
            >
              <span className="inbox-title">
                {n.read ? null : <span className="visually-hidden">{t('inbox.new')} </span>}
                {n.title}
              </span>
              <span className="inbox-body">{n.body}</span>
              <span className="muted inbox-date">{formatDateTime(n.created_at)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
