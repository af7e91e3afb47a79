// Signed-in devices: each active sign-in (browser and system, first and last seen, "This device"),
// a Sign out per other device and one "Sign out everywhere else". A device signed out here gets its
// next request refused and its app returns to the start screen, keeping nothing of the account.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignedInDevice } from '@contract/types';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n';
import { formatDateTime } from '../../lib/dates';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { ScreenHeader } from '../../ui/screen-header';
import { CenteredSpinner } from '../../ui/spinner';
import { OfflineReason } from '../../offline/offline-reason';
import { useOnline } from '../../offline/online';
import { signOutDevice, signOutOtherDevices } from './api';
import { accountQueries } from './queries';
import './devices.css';
import { useBackTo } from '../../lib/screen-trail';

export function DevicesScreen() {
  const { t } = useTranslation('account');
  const lang = useLang();
  const backTo = useBackTo();
  const qc = useQueryClient();
  const devices = useQuery(accountQueries.devices());
  const online = useOnline();
  const [failed, setFailed] = useState(false);
  const name = (d: SignedInDevice) =>
    t('devices.name', { browser: d.browser ?? t('devices.unknownBrowser'), os: d.os ?? t('devices.unknownOs') });
  const done = (text: string) => {
    setFailed(false);
    announce(text);
    return qc.invalidateQueries({ queryKey: accountQueries.devices().queryKey });
  };
  const one = useMutation({
    mutationFn: (d: SignedInDevice) => signOutDevice(d.id),
    onSuccess: (_r, d) => done(t('devices.signedOut', { name: name(d) })),
    onError: () => setFailed(true),
  });
  const others = useMutation({
    mutationFn: signOutOtherDevices,
    onSuccess: () => done(t('devices.signedOutOthers')),
    onError: () => setFailed(true),
  });
  const list = devices.data ?? [];
  const hasOthers = list.some((d) => !d.current);
  return (
    <div>
      <ScreenHeader title={t('devices.title')} onBack={backTo('/settings')} />
      <p>{t('devices.intro')}</p>
      {/* Not kept offline (the list must be the server's now): offline, the spinner says so after a moment. */}
      {devices.isPending ? <CenteredSpinner /> : null}
      {devices.isError ? <LoadError message={t('devices.loadFailed')} onRetry={() => void devices.refetch()} /> : null}
      <ul className="devices-list" data-testid="devices-list">
        {list.map((d) => (
          <li key={d.id} className="devices-item" data-testid="device">
            <p className="devices-name">
              <strong>{name(d)}</strong>
              {d.current ? <span className="devices-current"> · {t('devices.thisDevice')}</span> : null}
            </p>
            <p className="muted">{t('devices.firstSeen', { date: formatDateTime(d.first_seen, lang) })}</p>
            <p className="muted">{t('devices.lastSeen', { date: formatDateTime(d.last_seen, lang) })}</p>
            {d.current ? null : (
              <Button
                variant="secondary"
                busy={one.isPending && one.variables?.id === d.id}
                disabled={!online}
                aria-describedby={online ? undefined : 'devices-offline'}
                aria-label={t('devices.signOutLabel', { name: name(d), date: formatDateTime(d.last_seen, lang) })}
                onClick={() => one.mutate(d)}
              >
                {t('devices.signOut')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {devices.isSuccess && !hasOthers ? <p>{t('devices.onlyThis')}</p> : null}
      {hasOthers ? (
        <Button block variant="danger" busy={others.isPending} disabled={!online} aria-describedby={online ? undefined : 'devices-offline'} onClick={() => others.mutate()}>
          {t('devices.signOutOthers')}
        </Button>
      ) : null}
      {list.length ? <OfflineReason id="devices-offline" /> : null}
      {failed ? (
        <p className="form-error" role="alert">
          {t('devices.failed')}
        </p>
      ) : null}
    </div>
  );
}
