/**
 * Gift Card: the brand card with its reward badge and favourite toggle, common amounts
 * (or another euro amount), the reward that amount earns, Buy, then the sanitised description. On a
 * phone Buy stays in view at the bottom of the screen however long the description. Buy → processing (disabled) → POST pay → the browser goes to
 * payment_url, only when it is on the payment provider's origin; otherwise the user is told it failed.
 * /gift-card without a brand uses the first primary brand.
 */
import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Brand } from '@contract/types';
import { useLang, type Lang } from '../../lib/i18n';
import { useGo, useRouteId, useRouteParam } from '../../lib/navigation';
import { encodeBrandName } from '../../lib/paths';
import { SafeHtml } from '../../lib/sanitize';
import { useSession } from '../../lib/session';
import { forgetIntent, peekIntent } from '../../lib/pending-intent';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { ScreenHeader } from '../../ui/screen-header';
import { CenteredSpinner } from '../../ui/spinner';
import { FollowToggle } from '../favorites/follow-toggle';
import { giftcardBadge } from '../../lib/catalogue/badge';
import { brandName } from '../../lib/catalogue/catalogue-logic';
import { LoadError } from '../../ui/load-error';
import { catalogueQueries } from '../../lib/catalogue/queries';
import { useOnline } from '../../offline/online';
import { OfflineReason } from '../../offline/offline-reason';
import { fixedRewardFullFrom, giftCardRewardPoints } from '@contract/gift-card-reward';
import { formatMoney, formatMoneyWhole, formatPoints } from '../../lib/money';
import { createPayment } from './api';
import { MIN_AMOUNT, MAX_AMOUNT, openPaymentPage, parseAmount, refusedAmount, type AmountError } from './amount';
import { ApiRequestError } from '../../lib/http';
import '../../ui/screen.css';
import './gift-cards.css';
import { useResetOnReturn } from './use-reset-on-return';
import { useBackTo } from '../../lib/screen-trail';

/** The amounts people buy most, offered as one tap each (euros). */
const PRESET_AMOUNTS = [10, 25, 50, 100] as const;

function GiftCardForm(props: { brand: Brand; lang: Lang }) {
  const { t } = useTranslation('shop');
  const { isSignedIn } = useSession();
  const go = useGo();
  const online = useOnline();
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  // The server refused the amount (a rule the app did not know): shown like the app's own check.
  const [refused, setRefused] = useState<{ text: string; error: AmountError } | null>(null);
  const { amount: parsed, error } = parseAmount(text);
  const refusedNow = refused?.text === text ? refused.error : null;
  const amount = refusedNow ? null : parsed;
  // A fixed reward is at most a tenth of the card: below the amount that earns it in full, the line says so.
  const fixedFrom = props.brand.giftcard_type === 'fixed' ? fixedRewardFullFrom(props.brand.giftcard_percent) : null;
  const points = amount === null ? 0 : giftCardRewardPoints(props.brand.giftcard_type, props.brand.giftcard_percent, Math.round(amount * 100));
  const pay = useMutation({
    mutationFn: (value: number) => createPayment(props.brand.id, value),
    onSuccess: (res) => {
      if (!openPaymentPage(res?.payment_url)) {
        console.log('Payment URL missing or not on the payment provider origin', res?.payment_url);
        setFailed(true);
      }
    },
    onError: (err) => {
      const rule = err instanceof ApiRequestError && err.status === 422 ? refusedAmount(err.body?.violations) : null;
      if (rule) {
        setRefused({ text, error: rule });
        return;
      }
      console.log('Payment could not be created', err);
      setFailed(true);
    },
  });
  useResetOnReturn(pay.reset);
  // While the browser is leaving for the provider the button stays in its processing state.
  const processing = pay.isPending || (pay.isSuccess && !failed);
  const showError = text.trim() !== '' && error !== null;
  // Arrived here from a visitor's tap on this brand's gift card, now signed in: this is the purchase step.
  const [afterSignIn] = useState(() => isSignedIn && peekIntent('buy', props.brand.id));
  const name = brandName(props.brand, props.lang);
  useEffect(() => {
    if (!afterSignIn) return;
    forgetIntent();
    announce(t('buy_after_sign_in', { name }));
  }, [afterSignIn, name, t]);

  return (
    <form
      className="sp-giftcard__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!isSignedIn) return go('/menu');
        if (amount === null || processing) return;
        setFailed(false);
        pay.mutate(amount);
      }}
    >
      {afterSignIn ? <p className="sp-notice" data-testid="intent-notice">{t('buy_after_sign_in', { name })}</p> : null}
      <fieldset className="sp-giftcard__presets">
        <legend className="sp-giftcard__label">{t('amount_presets')}</legend>
        {PRESET_AMOUNTS.map((value) => (
          <label key={value} className="sp-giftcard__preset">
            <input type="radio" name="gift-card-preset" value={value} checked={amount === value} onChange={() => setText(String(value))} />
            <span>{formatMoneyWhole(value, 'EUR', props.lang)}</span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={inputId} className="sp-giftcard__label">{t('amount_label')}</label>
      <div className="sp-giftcard__amount">
        <span aria-hidden="true">€</span>
        <input
          id={inputId}
          // Text, not a number field: that takes only the browser's own decimal sign, so a Dutch "10,50"
          // became 1050 or nothing; parseAmount reads either sign and says what is wrong.
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          aria-describedby={hintId}
          aria-invalid={showError || undefined}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <p id={hintId} className={showError ? 'sp-error__text' : 'sp-muted'}>
        {showError ? t(`amount_error_${error}`, { min: MIN_AMOUNT, max: MAX_AMOUNT }) : t('amount_hint', { min: MIN_AMOUNT, max: MAX_AMOUNT })}
      </p>
      {/* Under the field, not in the sticky action: there its extra lines covered the field being typed in. */}
      {fixedFrom !== null && amount !== null && Math.round(amount * 100) < fixedFrom ? (
        <p className="sp-muted" data-testid="gift-card-fixed-from">
          {t('gift_card_fixed_from', { money: formatMoney(Math.round(props.brand.giftcard_percent), 'EUR', props.lang), from: formatMoney(fixedFrom, 'EUR', props.lang) })}
        </p>
      ) : null}
      <div className="sp-giftcard__action">
        <p className="sp-giftcard__earn" aria-live="polite" data-testid="gift-card-earn">
          {amount !== null ? t('gift_card_earn', { count: points, points: formatPoints(points, props.lang), money: formatMoney(points, 'EUR', props.lang) }) : t('gift_card_earn_hint')}
        </p>
        <Button
          type="submit"
          variant="primary"
          disabled={amount === null || processing || !online}
          busy={processing}
          aria-describedby={online ? undefined : 'gift-card-offline'}
        >
          {processing ? t('processing') : t('buy')}
        </Button>
        <OfflineReason id="gift-card-offline" />
        {failed ? <p className="sp-error__text" role="alert">{t('payment_failed')}</p> : null}
        {refusedNow ? <p className="sp-error__text" role="alert">{t(`amount_error_${refusedNow}`, { min: MIN_AMOUNT, max: MAX_AMOUNT })}</p> : null}
      </div>
    </form>
  );
}

function GiftCardView(props: { brand: Brand; lang: Lang }) {
  const { t } = useTranslation('shop');
  const go = useGo();
  const backTo = useBackTo();
  const { brand, lang } = props;
  const name = brandName(brand, lang);
  const logo = !brand.hide_logo && brand.logo?.url ? brand.logo.url : null;
  const description = lang === 'nl' && brand.description_nld ? brand.description_nld : brand.description;
  return (
    <div className="sp-screen sp-giftcard">
      <ScreenHeader title={t('gift_card_title')} onBack={backTo('/menu')} />
      <div className="sp-giftcard__card">
        {logo ? <img className="sp-giftcard__logo" src={logo} alt="" width={72} height={72} /> : null}
        <div className="sp-giftcard__card-text">
          <h2 className="sp-giftcard__name">{name}</h2>
          <p className="sp-giftcard__badge">{t('gift_card_reward', { reward: giftcardBadge(brand, lang) })}</p>
        </div>
        <FollowToggle brand={brand} name={name} />
      </div>
      <GiftCardForm brand={brand} lang={lang} />
      {description ? <SafeHtml className="sp-giftcard__description" html={description} /> : null}
      <Button variant="link" onClick={() => go(`/brand/${encodeBrandName(brand.name, brand.country?.alpha3)}`)}>{t('about_brand', { name })}</Button>
    </div>
  );
}

export function GiftCardScreen() {
  const { t } = useTranslation('shop');
  const backTo = useBackTo();
  const lang = useLang();
  const { isSignedIn } = useSession();
  const audience = isSignedIn ? 'user' : 'visitor';
  const withBrand = useRouteParam('brandId') !== undefined;
  const id = useRouteId('brandId');
  const byId = useQuery({ ...catalogueQueries.brand(lang, audience, id ?? 0), enabled: id !== null });
  const primary = useQuery({ ...catalogueQueries.primary(lang, audience), enabled: !withBrand });
  const brand = withBrand ? byId.data : primary.data?.[0];
  const q = withBrand ? byId : primary;
  if (brand) return <GiftCardView brand={brand} lang={lang} />;
  // No such brand (#/gift-card/abc, or one the server does not know): retrying cannot help.
  if (withBrand && (id === null || (byId.error as { status?: number } | null)?.status === 404)) {
    return (
      <div className="sp-screen">
        <ScreenHeader title={t('gift_card_title')} onBack={backTo('/menu')} />
        <p role="alert">{t('brand_not_found')}</p>
      </div>
    );
  }
  if (q.isError || (primary.data && primary.data.length === 0)) {
    return <LoadError onRetry={() => void q.refetch()} />;
  }
  return <CenteredSpinner />;
}
