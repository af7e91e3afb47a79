/**
 * Report a missing reward for a trip (a lazy part of the trips screen, in its own dialog): date, order
 * number and amount, checked by the rules the server applies, then queued in the outbox (sent at once
 * when online, else when the connection is back); the trip shows the report as waiting until it is sent.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShoppingTrip } from '@contract/types';
import { newClientId } from '../../lib/client-id';
import { errorOf, useSchemaForm } from '../../lib/form';
import { useLang } from '../../lib/i18n';
import { useMsg } from '../../lib/msg';
import { useSession } from '../../lib/session';
import { isOnline } from '../../offline/online';
import { queueChange } from '../../offline/outbox';
import type { ClaimChange } from '../../offline/outbox-change';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/field';
import { showToast } from '../../ui/toast';
import { formatDateDMY } from '../../lib/dates';
import { claimSchema } from './validation';
import { brandName } from '../../lib/catalogue/catalogue-logic';

/** YYYY-MM-DD of a moment in the user's time zone (the date input's value). */
function localDay(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The outbox entry of a report, with its own key so the server stores it once. */
function claimChange(tripId: number, values: { purchase_date: string; order_number: string; amount: number }): ClaimChange {
  return {
    kind: 'claim',
    tripId,
    idempotencyKey: newClientId(),
    purchaseDate: values.purchase_date,
    orderNumber: values.order_number,
    cents: Math.round(values.amount * 100),
    at: Date.now(),
  };
}

export function ClaimForm({ trip, onDone }: { trip: ShoppingTrip; onDone: () => void }) {
  const tripId = trip.id;
  const tripAt = trip.created_at;
  const brand = trip.corporate_partner;
  const { t } = useTranslation('transactions');
  const lang = useLang();
  const show = useMsg();
  const { userId } = useSession();
  const schema = useMemo(() => claimSchema(tripAt), [tripAt]);
  const form = useSchemaForm(schema, { purchase_date: localDay(tripAt), order_number: '', amount: '' }, undefined, { perField: true });
  const errors = form.formState.errors;
  const name = brandName(brand, lang);

  const submit = form.handleSubmit(async (values) => {
    if (userId == null) return;
    const online = isOnline();
    await queueChange(userId, claimChange(tripId, values));
    showToast(t(online ? 'claim.sent' : 'claim.queuedOffline'), { tone: 'success', duration: 4000 });
    onDone();
  });

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p>{t('claim.intro', { brand: name, date: formatDateDMY(tripAt) })}</p>
      <TextField label={t('claim.date')} type="date" error={show(errorOf(errors.purchase_date))} {...form.register('purchase_date')} />
      <TextField label={t('claim.orderNumber')} autoComplete="off" hint={t('claim.orderNumberHint')} error={show(errorOf(errors.order_number))} {...form.register('order_number')} />
      <TextField label={t('claim.amount')} inputMode="decimal" autoComplete="off" error={show(errorOf(errors.amount))} {...form.register('amount')} />
      <FormError>{show(errorOf(errors.root))}</FormError>
      <div className="form-actions">
        <Button type="submit" block busy={form.formState.isSubmitting}>
          {t('claim.submit')}
        </Button>
      </div>
    </form>
  );
}
