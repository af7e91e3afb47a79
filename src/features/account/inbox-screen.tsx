// Inbox: what SocialPay told the user (expiry reminders, reward states, claim answers, invite
// sign-ups), newest first, for everyone with or without push. Opening one marks it read (through the
// outbox, so offline too) and goes to its screen. Shown from the saved list when offline.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n';
import { formatDateTime } from '../../lib/dates';
import { useGo, type AppHref } from '../../lib/navigation';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/field';
import { moveFocus } from '../../ui/focus';
import { afterNextPaint } from '../../lib/after-paint';
import { LoadError } from '../../ui/load-error';
import { OfflineReason } from '../../offline/offline-reason';
import { useOnline } from '../../offline/online';
import { ScreenHeader } from '../../ui/screen-header';
import { Spinner } from '../../ui/spinner';
import { useInbox } from './use-inbox';
import './inbox.css';
import { useBackTo } from '../../lib/screen-trail';

export function InboxScreen() {
  const { t } = useTranslation('account');
  const lang = useLang();
  const go = useGo();
  const backTo = useBackTo();
  const { inbox, items, unread, total, markRead, markAllRead } = useInbox();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const count = useRef<HTMLParagraphElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const markable = unread > 0 || busy;
  // Offline, one line says why both buttons are off (the top one's while it shows).
  const offlineId = markable ? 'inbox-offline' : 'inbox-more-offline';
  // The button may go with the last page: focus moves to the first message the page brought (the one
  // after the last shown before), once drawn; a page with nothing new leaves focus where it was.
  const focusAfter = useRef<number | null>(null);
  useEffect(() => {
    if (focusAfter.current === null) return;
    const at = items.findIndex((n) => n.id === focusAfter.current);
    if (at < 0 || at + 1 >= items.length) return;
    focusAfter.current = null;
    moveFocus(list.current!.querySelectorAll<HTMLElement>('.inbox-open')[at + 1]!);
  }, [items]);
  const loadMore = async () => {
    focusAfter.current = items.at(-1)?.id ?? null;
    await inbox.fetchNextPage();
    // Drawn by now if it brought anything: a later change of the list must not move focus.
    afterNextPaint(() => (focusAfter.current = null));
  };
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
      <ScreenHeader title={t('inbox.title')} onBack={backTo('/menu')} />
      <p className="muted" role="status" data-testid="inbox-unread" ref={count}>
        {inbox.data ? t('inbox.unread', { count: unread }) : ''}
      </p>
      {markable ? (
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
      <ul className="inbox-list" data-testid="inbox-list" ref={list}>
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
              <span className="muted inbox-date">{formatDateTime(n.created_at, lang)}</span>
            </button>
          </li>
        ))}
      </ul>
      {/* Mark all as read reaches the pages not loaded too. */}
      {total > items.length || inbox.hasNextPage ? (
        <>
          <p className="muted inbox-shown">{t('inbox.shown', { shown: items.length, total })}</p>
          {inbox.hasNextPage ? (
            <Button variant="secondary" busy={inbox.isFetchingNextPage} disabled={!online} aria-describedby={online ? undefined : offlineId} onClick={() => void loadMore()}>
              {t('inbox.loadMore')}
            </Button>
          ) : null}
          {inbox.hasNextPage && !markable ? <OfflineReason id="inbox-more-offline" /> : null}
        </>
      ) : null}
      {inbox.isFetchNextPageError ? <p role="alert" className="field-error">{t('inbox.moreFailed')}</p> : null}
    </div>
  );
}
