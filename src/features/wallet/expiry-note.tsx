/** A card's expiry: "Expires in 12 days" (a warning within 30 days), "Valid until …", or "Expired on …". */
import { useTranslation } from 'react-i18next';
import { formatDateLong } from '../../lib/dates';
import { expiryState } from './wallet-logic';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

export function ExpiryNote(props: { date: string | null | undefined; className?: string }) {
  const { t } = useTranslation('wallet');
  const e = expiryState(props.date);
  if (e.state === 'none') return null;
  const date = formatDateLong(e.date, (m) => t(`month.${MONTHS[m]!}`));
  const text =
    e.state === 'expired'
      ? t('expired_on', { date })
      : e.state === 'later'
        ? t('valid_until', { date })
        : e.days === 0
          ? t('expires_today')
          : t('expires_in', { count: e.days });
  return (
    <span className={['sp-expiry', `sp-expiry--${e.state}`, props.className ?? ''].join(' ').trim()} data-expiry={e.state}>
      {text}
    </span>
  );
}
