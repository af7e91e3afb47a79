/**
 * The gift-card amount rule, shared by the server (POST /corporate-partners/{id}/pay) and the app's
 * amount field, so both refuse the same amounts: euros, at least 1, at most 500, whole cents.
 * No imports: the app bundles this file as is.
 */
export const PAY_MIN_AMOUNT = 1;
export const PAY_MAX_AMOUNT = 500;

export type PayAmountProblem = 'not_positive' | 'below_min' | 'above_max' | 'too_many_decimals';

/** Whether euros are whole cents: 1.005 and 1e-9 are not (the float product is compared with its rounding;
 *  an amount that is not 0 but rounds to 0 cents is not a cent). */
export function hasWholeCents(value: number): boolean {
  const cents = value * 100;
  const whole = Math.round(cents);
  return Math.abs(whole - cents) < 1e-6 && (whole !== 0 || value === 0);
}

/** What is wrong with an amount in euros, or null when it can be paid. */
export function payAmountProblem(value: number): PayAmountProblem | null {
  if (!(value > 0)) return 'not_positive';
  if (!hasWholeCents(value)) return 'too_many_decimals';
  if (value < PAY_MIN_AMOUNT) return 'below_min';
  if (value > PAY_MAX_AMOUNT) return 'above_max';
  return null;
}
