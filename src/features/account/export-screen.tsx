// Download my data: the warning that card numbers and PINs are in the file, the password again
// (step-up), then the server's JSON file saved by the browser and a readable summary of what it holds.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../lib/http';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { FormError, PasswordField } from '../../ui/field';
import { ScreenHeader } from '../../ui/screen-header';
import { OfflineReason } from '../../offline/offline-reason';
import { useOnline } from '../../offline/online';
import { downloadMyData } from './api';
import { useBackTo } from '../../lib/screen-trail';

/** The export's tables the app can name; a table a newer server adds is shown by its own name. */
const TABLE_LABELS = {
  profile: 'export.tables.profile',
  interests: 'export.tables.interests',
  favorites: 'export.tables.favorites',
  reward_targets: 'export.tables.reward_targets',
  loyalty_accounts: 'export.tables.loyalty_accounts',
  transactions: 'export.tables.transactions',
  shopping_trips: 'export.tables.shopping_trips',
  partner_conversions: 'export.tables.partner_conversions',
  reward_claims: 'export.tables.reward_claims',
  orders: 'export.tables.orders',
  wallet_cards: 'export.tables.wallet_cards',
  balance_events: 'export.tables.balance_events',
  fund_journeys: 'export.tables.fund_journeys',
  invited_sign_ups: 'export.tables.invited_sign_ups',
  screen_visits: 'export.tables.screen_visits',
  files: 'export.tables.files',
  devices: 'export.tables.devices',
  notification_settings: 'export.tables.notification_settings',
  push_subscriptions: 'export.tables.push_subscriptions',
  notifications: 'export.tables.notifications',
} as const;

type Summary = { name: string; count: number }[];
type Problem = 'passwordRequired' | 'wrongPassword' | 'tooMany' | 'failed';

function saveFile(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `socialpay-data-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportScreen() {
  const { t } = useTranslation('account');
  const backTo = useBackTo();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const online = useOnline();
  // A refused password: back to the field, whose error a screen reader then reads with its label.
  useEffect(() => {
    if (problem === 'passwordRequired' || problem === 'wrongPassword') document.getElementById('export-password')?.focus();
  }, [problem]);
  const label = (name: string) => (name in TABLE_LABELS ? t(TABLE_LABELS[name as keyof typeof TABLE_LABELS]) : name);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setProblem('passwordRequired');
    setBusy(true);
    setProblem(null);
    try {
      const blob = await downloadMyData(password);
      saveFile(blob);
      const data = JSON.parse(await blob.text()) as { tables: Record<string, unknown[]> };
      setSummary(Object.entries(data.tables).map(([name, rows]) => ({ name, count: rows.length })));
      setPassword('');
      announce(t('export.done'));
    } catch (err) {
      const status = err instanceof ApiRequestError ? err.status : 0;
      setProblem(status === 403 ? 'wrongPassword' : status === 429 ? 'tooMany' : 'failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <ScreenHeader title={t('export.title')} onBack={backTo('/settings')} />
      <p>{t('export.intro')}</p>
      <p className="export-warning" role="note">
        <strong>{t('export.warning')}</strong>
      </p>
      <form className="form" onSubmit={submit} noValidate>
        <PasswordField
          id="export-password"
          label={t('export.password')}
          hint={t('export.passwordHelp')}
          autoComplete="current-password"
          value={password}
          error={problem === 'passwordRequired' || problem === 'wrongPassword' ? t(`export.${problem}`) : undefined}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <FormError>{problem === 'tooMany' || problem === 'failed' ? t(`export.${problem}`) : undefined}</FormError>
        <Button type="submit" block busy={busy} disabled={!online} aria-describedby={online ? undefined : 'export-offline'}>
          {t('export.submit')}
        </Button>
        <OfflineReason id="export-offline" />
      </form>
      {summary ? (
        <section aria-labelledby="export-summary" data-testid="export-summary">
          <h2 id="export-summary">{t('export.summaryTitle')}</h2>
          <ul>
            {summary.map((s) => (
              <li key={s.name}>
                {label(s.name)}: {t('export.rows', { count: s.count })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
