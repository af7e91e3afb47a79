/** Gift card amount rules: a number in euros, whole cents, from 1 to 500 (the rule the server applies too). */
import { isBlankEuroText, readEuroText } from '../../lib/euro-text';
import { PAY_MAX_AMOUNT, PAY_MIN_AMOUNT, payAmountProblem, type PayAmountProblem } from '@contract/pay-amount';

export const MIN_AMOUNT = PAY_MIN_AMOUNT;
export const MAX_AMOUNT = PAY_MAX_AMOUNT;

export type AmountError = 'empty' | 'not_a_number' | PayAmountProblem;

const AMOUNT_ERRORS = new Set<string>(['not_positive', 'below_min', 'above_max', 'too_many_decimals']);

export function parseAmount(text: string): { amount: number | null; error: AmountError | null } {
  if (isBlankEuroText(text)) return { amount: null, error: 'empty' };
  const typed = readEuroText(text);
  if (!typed || !Number.isFinite(typed.value)) return { amount: null, error: 'not_a_number' };
  // Three typed decimals first: "600.000" is told about its decimals, not that €600 is too much.
  const problem = typed.value > 0 && typed.decimals > 2 ? 'too_many_decimals' : payAmountProblem(typed.value);
  return problem ? { amount: null, error: problem } : { amount: typed.value, error: null };
}

/** The amount rule a server's 422 names (violation code on `amount`), when the app has words for it. */
export function refusedAmount(violations: { property_path: string; code?: string }[] | undefined): PayAmountProblem | null {
  const code = violations?.find((v) => v.property_path === 'amount')?.code;
  return code && AMOUNT_ERRORS.has(code) ? (code as PayAmountProblem) : null;
}

/** The payment provider's origin: configuration, defaulting to this origin (the sandbox lives under /sandbox/). */
export function paymentOrigin(): string {
  return (import.meta.env.VITE_PAYMENT_ORIGIN as string | undefined) ?? window.location.origin;
}

/** Only a payment URL on the provider's origin is followed. */
export function safePaymentUrl(url: string | null | undefined, allowedOrigin: string, base: string): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, base);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    return u.origin === allowedOrigin ? u.toString() : null;
  } catch {
    return null;
  }
}

/** Leaves for the payment page when the server's URL is on the provider's origin; false (staying) otherwise. */
export function openPaymentPage(url: string | null | undefined): boolean {
  const safe = safePaymentUrl(url, paymentOrigin(), window.location.href);
  if (safe) window.location.assign(safe);
  return safe !== null;
}
