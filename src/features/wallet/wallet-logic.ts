/** Wallet rules. */
import type { WalletItem } from '@contract/types';

export const ORDER_POLL_MS = 3000;

/**
 * Primary-partner cards first; within each group the card that expires soonest first, then cards
 * without an expiry, and expired cards last (they rarely help at the till). Ties keep the server's
 * order (newest first).
 */
export function sortWallet(items: readonly WalletItem[]): WalletItem[] {
  const rank = (item: WalletItem): number => {
    const days = expiryDays(item.expiry_date);
    if (days === null) return Number.MAX_SAFE_INTEGER - 1;
    return days < 0 ? Number.MAX_SAFE_INTEGER : days;
  };
  return items
    .map((item, i) => ({ item, i, rank: rank(item) }))
    .sort(
      (a, b) =>
        Number(b.item.corporate_partner.is_primary) - Number(a.item.corporate_partner.is_primary) || a.rank - b.rank || a.i - b.i,
    )
    .map((x) => x.item);
}

/** Days from today (local calendar) to a 'YYYY-MM-DD' expiry: 0 today, negative once past; null: none. */
export function expiryDays(date: string | null | undefined, now: Date = new Date()): number | null {
  const m = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!m) return null;
  const end = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((end - today) / 86_400_000);
}

/** Within this many days an expiry is shown as a warning. */
export const EXPIRY_WARNING_DAYS = 30;

export type ExpiryState =
  | { state: 'none' }
  | { state: 'expired'; date: Date }
  | { state: 'soon'; days: number; date: Date }
  | { state: 'later'; days: number; date: Date };

export function expiryState(date: string | null | undefined, now: Date = new Date()): ExpiryState {
  const days = expiryDays(date, now);
  if (days === null || !date) return { state: 'none' };
  const [y, mo, d] = date.split('-').map(Number);
  const local = new Date(y, mo - 1, d);
  if (days < 0) return { state: 'expired', date: local };
  return { state: days <= EXPIRY_WARNING_DAYS ? 'soon' : 'later', days, date: local };
}

/** The wallet's search: brand name, or card number with or without its spaces. */
export function matchesSearch(item: WalletItem, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  if (item.corporate_partner.name.toLowerCase().includes(q)) return true;
  const digits = q.replace(/\s+/g, '');
  return digits.length > 0 && item.card_number.replace(/\s+/g, '').toLowerCase().includes(digits);
}

/** The wallet offers search once it holds more cards than this. */
export const SEARCH_FROM = 6;

export type OrderPhase = 'none' | 'waiting' | 'ready' | 'cancelled' | 'failed';

/** What the wallet shows after a payment return, from the search params and the polling state. */
export function orderPhase(input: {
  orderId: string | undefined;
  status: string | undefined;
  ready: boolean | undefined;
  errorCode: string | null | undefined;
  errorStatus: number | undefined;
}): OrderPhase {
  if (!input.orderId) return 'none';
  if (input.status === 'cancelled' || input.errorCode === 'order_cancelled' || input.errorStatus === 409) return 'cancelled';
  if (input.ready) return 'ready';
  if (input.errorStatus !== undefined) return 'failed';
  return 'waiting';
}

/** Card numbers in groups of four for reading aloud at the counter. */
export function groupCardNumber(n: string): string {
  return n.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
