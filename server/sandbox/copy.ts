/**
 * The sandbox providers' words in the user's language. They stand in for third parties (a payment
 * provider, a fund), so their copy lives with them rather than in the app's locales; Dutch must have
 * every English key (the type says so).
 */
import type { Lang } from '../http/lang.ts';

const en = {
  notFoundTitle: 'Payment not found',
  notFoundBody: 'This payment link is not valid.',
  closedTitle: 'Payment closed',
  alreadyPaid: 'Payment already completed',
  alreadyCancelled: 'Payment already cancelled',
  backToApp: 'Back to SocialPay',
  payTitle: 'Sandbox payment',
  testMode: 'Test mode: no real money is charged',
  payHeading: (brand: string) => `Pay for your ${brand} gift card`,
  order: (id: number) => `Order #${id}`,
  amountToPay: 'Amount to pay:',
  pay: 'Pay',
  cancel: 'Cancel',
  fundExpiredTitle: 'Sign-up link expired',
  fundExpiredBody: 'Please start the sign-up again from the app.',
  fundTitle: 'Open your investment account',
  fundBadge: 'Test mode: sandbox fund provider',
  fundIntro: 'Actively managed global securities fund aiming for stable growth with low drawdown.',
  fullName: 'Full name',
  signUp: 'Sign up',
};

const nl: typeof en = {
  notFoundTitle: 'Betaling niet gevonden',
  notFoundBody: 'Deze betaallink is niet geldig.',
  closedTitle: 'Betaling gesloten',
  alreadyPaid: 'Betaling is al voltooid',
  alreadyCancelled: 'Betaling is al geannuleerd',
  backToApp: 'Terug naar SocialPay',
  payTitle: 'Testbetaling',
  testMode: 'Testmodus: er wordt geen echt geld afgeschreven',
  payHeading: (brand: string) => `Betaal je cadeaukaart van ${brand}`,
  order: (id: number) => `Bestelling #${id}`,
  amountToPay: 'Te betalen bedrag:',
  pay: 'Betalen',
  cancel: 'Annuleren',
  fundExpiredTitle: 'Aanmeldlink verlopen',
  fundExpiredBody: 'Begin de aanmelding opnieuw vanuit de app.',
  fundTitle: 'Open je beleggingsrekening',
  fundBadge: 'Testmodus: testfondsaanbieder',
  fundIntro: 'Actief beheerd wereldwijd effectenfonds dat streeft naar stabiele groei met beperkte dalingen.',
  fullName: 'Volledige naam',
  signUp: 'Aanmelden',
};

export const SANDBOX_COPY: Record<Lang, typeof en> = { en, nl };

/** Euros as the app writes them: "€25.50" (en-GB), "€ 25,50" (nl-NL). */
export function formatEuro(minor: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(minor / 100);
}
