/**
 * The sandbox providers' words in the user's language. They stand in for third parties (a payment
 * provider, a fund), so their copy lives with them rather than in the app's locales; Dutch must have
 * every English key (the type says so).
 */
import type { Lang } from '../text.ts';

const en = {
  notFoundTitle: 'Payment not found',
  notFoundBody: 'This payment link is not valid.',
  closedTitle: 'Payment closed',
  alreadyPaid: 'Payment already completed',
  alreadyCancelled: 'Payment already canceled',
  expired: 'This payment has expired: the order was not paid in time and has been canceled',
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
  docTitle: 'SocialPay Global Fund: key information',
  docIntro: 'An actively managed global securities fund aiming for stable growth with low drawdown. It is offered to Swedish savers first.',
  docObjectiveTitle: 'Objective',
  docObjective:
    'Long-term growth of capital through a diversified portfolio of listed global equities and bonds, with risk management that limits large falls in value.',
  docRiskTitle: 'Risk',
  docRisk:
    'The value of your investment can go down as well as up, and you may get back less than you put in. Past performance is no guide to future returns.',
  docCostsTitle: 'Costs',
  docCosts: 'Annual management fee 0.6%. No entry or exit fee.',
  shopTitle: (brand: string) => `${brand}: demo partner shop`,
  shopBadge: 'Test mode: a demo partner shop on the network "demo"',
  shopIntro: 'Place an order as if you bought something here. The network then tells SocialPay about it, signed, as a real network would.',
  shopNoClick: 'This visit did not come through SHOP in the app, so SocialPay cannot match an order to you (it is kept for an operator).',
  shopClick: (ref: string) => `Your visit's click reference: ${ref}`,
  shopAmount: 'Order amount (€)',
  shopAmountHint: 'For example 59.95',
  shopAmountError: 'Enter an amount like 59.95 (at most 99999.99).',
  shopPlace: 'Place an order',
  shopNoNetwork: 'The demo network is not configured on this server (PARTNER_SECRETS names others).',
  shopNotFound: 'This shop or order does not exist.',
  orderTitle: (ref: string) => `Order ${ref}`,
  orderAmount: (amount: string) => `Amount: ${amount}`,
  orderStatus: 'Status at the network:',
  orderStatusName: { pending: 'Pending', approved: 'Approved', declined: 'Declined' } as Record<'pending' | 'approved' | 'declined', string>,
  orderSent: (status: string, code: number) => `Sent to SocialPay: ${status} (answer ${code}).`,
  orderApprove: 'Approve',
  orderDecline: 'Decline',
  orderNext: 'Approve the order when the return period is over, or decline it (a return).',
  orderDone: 'This order is final.',
  orderBack: 'Back to the shop',
};

const nl: typeof en = {
  notFoundTitle: 'Betaling niet gevonden',
  notFoundBody: 'Deze betaallink is niet geldig.',
  closedTitle: 'Betaling gesloten',
  alreadyPaid: 'Betaling is al voltooid',
  alreadyCancelled: 'Betaling is al geannuleerd',
  expired: 'Deze betaling is verlopen: de bestelling is niet op tijd betaald en is geannuleerd',
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
  docTitle: 'SocialPay Global Fund: essentiële informatie',
  docIntro:
    'Een actief beheerd wereldwijd effectenfonds dat streeft naar stabiele groei met beperkte dalingen. Het wordt eerst aangeboden aan Zweedse spaarders.',
  docObjectiveTitle: 'Doel',
  docObjective:
    'Vermogensgroei op lange termijn via een gespreide portefeuille van beursgenoteerde wereldwijde aandelen en obligaties, met risicobeheer dat grote waardedalingen beperkt.',
  docRiskTitle: 'Risico',
  docRisk:
    'De waarde van je belegging kan dalen en stijgen, en je kunt minder terugkrijgen dan je hebt ingelegd. In het verleden behaalde resultaten bieden geen garantie voor de toekomst.',
  docCostsTitle: 'Kosten',
  docCosts: 'Jaarlijkse beheervergoeding 0,6%. Geen instap- of uitstapkosten.',
  shopTitle: (brand: string) => `${brand}: demopartnerwinkel`,
  shopBadge: 'Testmodus: een demopartnerwinkel op het netwerk "demo"',
  shopIntro: 'Plaats een bestelling alsof je hier iets koopt. Het netwerk meldt die daarna ondertekend aan SocialPay, zoals een echt netwerk zou doen.',
  shopNoClick: 'Dit bezoek kwam niet via SHOP in de app, dus SocialPay kan een bestelling niet aan jou koppelen (ze wordt bewaard voor een beheerder).',
  shopClick: (ref: string) => `Klikreferentie van je bezoek: ${ref}`,
  shopAmount: 'Bedrag van de bestelling (€)',
  shopAmountHint: 'Bijvoorbeeld 59,95',
  shopAmountError: 'Vul een bedrag in zoals 59,95 (hoogstens 99999,99).',
  shopPlace: 'Bestelling plaatsen',
  shopNoNetwork: 'Het demonetwerk is op deze server niet ingesteld (PARTNER_SECRETS noemt andere).',
  shopNotFound: 'Deze winkel of bestelling bestaat niet.',
  orderTitle: (ref: string) => `Bestelling ${ref}`,
  orderAmount: (amount: string) => `Bedrag: ${amount}`,
  orderStatus: 'Status bij het netwerk:',
  orderStatusName: { pending: 'In behandeling', approved: 'Goedgekeurd', declined: 'Afgewezen' },
  orderSent: (status: string, code: number) => `Naar SocialPay gestuurd: ${status} (antwoord ${code}).`,
  orderApprove: 'Goedkeuren',
  orderDecline: 'Afwijzen',
  orderNext: 'Keur de bestelling goed als de retourtermijn voorbij is, of wijs haar af (een retour).',
  orderDone: 'Deze bestelling is definitief.',
  orderBack: 'Terug naar de winkel',
};

export const SANDBOX_COPY: Record<Lang, typeof en> = { en, nl };

/** Euros as the app writes them: "€25.50" (en-GB), "€ 25,50" (nl-NL). */
export function formatEuro(minor: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(minor / 100);
}
