// Settings → Notifications: one clear "Turn on notifications" button (only it asks the browser for
// permission), then a labelled switch per kind; on iOS in a browser tab, why it needs the app on the
// home screen first. Every change is saved at once and announced; a refused save says so.
import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationKind, NotificationSettings } from '@contract/types';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { OfflineReason } from '../../offline/offline-reason';
import '../../ui/screen-visits-switch.css';
import { notificationQueries } from './queries';
import { saveNotificationSettings } from './notifications-api';
import { deviceTimeZone, permission, pushSupport, turnOffPush, turnOnPush } from './push-subscription';

const KINDS: readonly NotificationKind[] = ['expiry', 'reward', 'claim', 'invite'];

export function NotificationsSection() {
  const { t } = useTranslation('account');
  const qc = useQueryClient();
  const lang = useLang();
  const settings = useQuery(notificationQueries.settings());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<'denied' | 'unavailable' | 'failed' | null>(null);
  const support = pushSupport();
  const heading = useId();
  const s = settings.data;
  const put = (next: NotificationSettings) => qc.setQueryData(notificationQueries.settings().queryKey, next);

  // Messages are written in the app's language and quiet hours follow the device's zone: keep them current.
  useEffect(() => {
    if (!s?.subscribed) return;
    const zone = deviceTimeZone();
    if (s.lang === lang && (!zone || s.time_zone === zone)) return;
    saveNotificationSettings({ lang, ...(zone ? { time_zone: zone } : {}) }).then(
      (next) => qc.setQueryData(notificationQueries.settings().queryKey, next),
      () => undefined,
    );
  }, [qc, s?.subscribed, s?.lang, s?.time_zone, lang]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch {
      setProblem('failed');
    } finally {
      setBusy(false);
    }
  };
  const turnOn = () =>
    run(async () => {
      const r = await turnOnPush();
      if (r === 'denied' || r === 'unavailable') {
        setProblem(r);
        return;
      }
      put(r);
      announce(t('notifications.turnedOn'));
    });
  const turnOff = () =>
    run(async () => {
      await turnOffPush();
      await qc.invalidateQueries({ queryKey: notificationQueries.settings().queryKey });
      announce(t('notifications.turnedOff'));
    });
  const toggle = (kind: NotificationKind, on: boolean) =>
    run(async () => {
      put(await saveNotificationSettings({ [kind]: on }));
      announce(t(on ? 'notifications.kindOn' : 'notifications.kindOff', { kind: t(`notifications.kinds.${kind}`) }));
    });

  return (
    <section aria-labelledby={heading} data-testid="notifications-settings">
      <h2 id={heading}>{t('notifications.heading')}</h2>
      <p className="muted">{t('notifications.intro')}</p>
      {support === 'ios-tab' ? (
        <p data-testid="notifications-ios">{t('notifications.iosHomeScreen')}</p>
      ) : support === 'unsupported' ? (
        <p>{t('notifications.unsupported')}</p>
      ) : s && !s.subscribed ? (
        <div>
          <Button busy={busy} onClick={turnOn} data-testid="notifications-turn-on">
            {t('notifications.turnOn')}
          </Button>
          {/* Once turning on was refused, the alert below says it: not twice. */}
          {permission() === 'denied' && problem !== 'denied' ? <p className="muted">{t('notifications.blocked')}</p> : null}
        </div>
      ) : !s && settings.isError ? (
        <LoadError message={t('notifications.loadFailed')} onRetry={() => void settings.refetch()} />
      ) : !s ? (
        // Not kept offline (the server's choice must be current): offline, say why nothing is shown.
        <OfflineReason />
      ) : null}
      {s?.subscribed ? (
        <div>
          {KINDS.map((kind) => (
            <div className="sv-box" key={kind}>
              <label className="sv-switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={s[kind]}
                  // Busy, it keeps keyboard focus (disabled would drop it to the page) and ignores presses.
                  aria-disabled={busy || undefined}
                  data-testid={`notifications-${kind}`}
                  onChange={(e) => void (busy || toggle(kind, e.currentTarget.checked))}
                />
                <span className="sv-switch-track" aria-hidden="true" />
                <span>{t(`notifications.kinds.${kind}`)}</span>
              </label>
            </div>
          ))}
          <Button variant="secondary" aria-disabled={busy || undefined} onClick={busy ? undefined : turnOff} data-testid="notifications-turn-off">
            {t('notifications.turnOff')}
          </Button>
        </div>
      ) : null}
      {problem ? (
        <p className="form-error" role="alert">
          {t(`notifications.${problem}`)}
        </p>
      ) : null}
      <p className="muted">{t('notifications.inboxNote')}</p>
    </section>
  );
}
