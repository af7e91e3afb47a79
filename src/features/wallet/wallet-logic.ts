/** Wallet rules (SPEC §3, §4, §9). */
import type { WalletItem } from '../../../server/contract/types';

export const ORDER_POLL_MS = 3000;

/** Primary-partner cards first, otherwise the server's order (newest first) is kept. */
export function sortWallet(items: readonly WalletItem[]): WalletItem[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => Number(b.item.corporate_partner.is_primary) - Number(a.item.corporate_partner.is_primary) || a.i - b.i)
    .map((x) => x.item);
}

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

/** Barcode formats drawn on the device: QR has no generator here, so its value is drawn as CODE128. */
export function barcodeFormat(format: string, value: string): 'CODE128' | 'EAN13' {
  if (format === 'EAN13' && /^\d{12,13}$/.test(value)) return 'EAN13';
  return 'CODE128';
}

/** Card numbers in groups of four for reading aloud at the counter. */
export function groupCardNumber(n: string): string {
  return n.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
