/**
 * A network's order amount: a string with exactly two decimals ("59.95"), read into cents by its
 * digits, never through a float. No imports: the sandbox shop and the app may share it.
 */
export const ORDER_AMOUNT_PATTERN = /^(0|[1-9]\d{0,4})\.\d{2}$/;

/** "59.95" → 5995; null when the text is not such an amount. */
export function orderAmountCents(text: string): number | null {
  if (!ORDER_AMOUNT_PATTERN.test(text)) return null;
  const [whole, frac] = text.split('.');
  return Number(whole) * 100 + Number(frac);
}

/** 5995 → "59.95". */
export function centsToAmount(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
