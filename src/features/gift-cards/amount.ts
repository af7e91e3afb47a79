/** Gift card amount rules (SPEC §5): numeric, minimum 1, greater than 0, sent as a number; euro. */
export const MIN_AMOUNT = 1;
/** The contract's ceiling for one gift card (PayRequest: ≤ 500). */
export const MAX_AMOUNT = 500;

export type AmountError = 'empty' | 'not_a_number' | 'not_positive' | 'below_min' | 'above_max';

export function parseAmount(text: string): { amount: number | null; error: AmountError | null } {
  const raw = text.trim().replace(',', '.');
  if (!raw) return { amount: null, error: 'empty' };
  if (!/^\d+(\.\d{1,2})?$/.test(raw) && !/^-/.test(raw)) return { amount: null, error: 'not_a_number' };
  const value = Number(raw);
  if (!Number.isFinite(value)) return { amount: null, error: 'not_a_number' };
  if (value <= 0) return { amount: null, error: 'not_positive' };
  if (value < MIN_AMOUNT) return { amount: null, error: 'below_min' };
  if (value > MAX_AMOUNT) return { amount: null, error: 'above_max' };
  return { amount: value, error: null };
}

/** The payment provider's origin: configuration, defaulting to this origin (the sandbox lives under /sandbox/). */
export function paymentOrigin(): string {
  return (import.meta.env.VITE_PAYMENT_ORIGIN as string | undefined) ?? window.location.origin;
}

/** Only a payment URL on the provider's origin is followed (ARCHITECTURE §5). */
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
