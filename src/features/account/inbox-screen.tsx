// Inbox: what SocialPay told the user (expiry reminders, reward states, claim answers, invite
// sign-ups), newest first, for everyone with or without push. Opening one marks it read (through the
// outbox, so offline too) and goes to its screen. Shown from the saved list when offline.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { useGo, type AppHref } from '../../lib/navigation';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/field';
import { moveFocus } from '../../ui/focus';
import { LoadError } from '../../ui/load-error';
import { OfflineReason } from '../../offline/offline-reason';
import { useOnline } from '../../offline/online';
import { ScreenHeader } from '../../ui/screen-header';
import { Spinner } from '../../ui/spinner';
import { useInbox } from './use-inbox';
import './inbox.css';

export function InboxScreen() {
  const { t } = useTranslation('account');
  const go = useGo();
  const { inbox, items, unread, markRead, markAllRead } = useInbox();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const count = useRef<HTMLParagraphElement>(null);
  const total = inbox.data?.metadata.total ?? 0;
  const readAll = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await markAllRead();
      announce(t('inbox.markedAllRead'));
      // The button goes with the last unread message: focus moves to the count it changed, not to the page.
      if (count.current) moveFocus(count.current);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <ScreenHeader title={t('inbox.title')} onBack={() => go('/menu')} />
      <p className="muted" role="status" data-testid="inbox-unread" ref={count}>
        {inbox.data ? t('inbox.unread', { count: unread }) : ''}
      </p>
      {unread > 0 || busy ? (
        <div className="inbox-actions">
          <Button variant="secondary" busy={busy} disabled={!online} aria-describedby={online ? undefined : 'inbox-offline'} onClick={() => void readAll()}>
            {t('inbox.markAllRead')}
          </Button>
          <OfflineReason id="inbox-offline" />
        </div>
      ) : null}
      <FormError>{failed ? t('inbox.markAllFailed') : null}</FormError>
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
      {/* The list holds the newest page; Mark all as read reaches the older ones too. */}
      {total > items.length ? <p className="muted">{t('inbox.latestOnly', { count: items.length })}</p> : null}
    </div>
  );
}
