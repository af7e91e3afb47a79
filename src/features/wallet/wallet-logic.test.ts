import { describe, expect, it } from 'vitest';
import type { WalletItem } from '../../../server/contract/types';
import { barcodeFormat, groupCardNumber, orderPhase, sortWallet } from './wallet-logic';

const item = (id: number, primary: boolean): WalletItem => ({
  id,
  amount: 2500,
  currency: 'EUR',
  digital_card_link: null,
  corporate_partner: { id, is_primary: primary, logo: null, name: `B${id}` },
  card_number: '1234',
  pin: '1',
  barcode_value: '1',
  barcode_format: 'CODE128',
  created_at: '2026-01-01T00:00:00Z',
});

describe('wallet', () => {
  it('puts primary-partner cards first and keeps the rest in order', () => {
    expect(sortWallet([item(1, false), item(2, true), item(3, false), item(4, true)]).map((i) => i.id)).toEqual([2, 4, 1, 3]);
  });
  it('reads the payment return', () => {
    const base = { ready: undefined, errorCode: null, errorStatus: undefined };
    expect(orderPhase({ ...base, orderId: undefined, status: undefined })).toBe('none');
    expect(orderPhase({ ...base, orderId: '7', status: undefined })).toBe('waiting');
    expect(orderPhase({ ...base, orderId: '7', status: 'cancelled' })).toBe('cancelled');
    expect(orderPhase({ ...base, orderId: '7', status: undefined, errorCode: 'order_cancelled', errorStatus: 409 })).toBe('cancelled');
    expect(orderPhase({ ...base, orderId: '7', status: undefined, ready: true })).toBe('ready');
    expect(orderPhase({ ...base, orderId: '7', status: undefined, errorStatus: 404 })).toBe('failed');
  });
  it('draws EAN13 only for valid digits, QR as CODE128', () => {
    expect(barcodeFormat('EAN13', '590123412345')).toBe('EAN13');
    expect(barcodeFormat('EAN13', 'abc')).toBe('CODE128');
    expect(barcodeFormat('QR', 'https://x')).toBe('CODE128');
    expect(groupCardNumber('1234567890123456')).toBe('1234 5678 9012 3456');
  });
});
