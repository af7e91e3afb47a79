import { describe, expect, it } from 'vitest';
import type { WalletItem } from '@contract/types';
import { expiryDays, expiryState, groupCardNumber, matchesSearch, orderPhase, sortWallet } from './wallet-logic';

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
  it('groups card numbers in fours', () => {
    expect(groupCardNumber('1234567890123456')).toBe('1234 5678 9012 3456');
  });
});

describe('wallet lifecycle', () => {
  const withExpiry = (id: number, primary: boolean, expiry_date: string | null): WalletItem => ({ ...item(id, primary), expiry_date });
  const now = new Date(2026, 10, 25, 15, 0);
  it('counts days to an expiry on the local calendar', () => {
    expect(expiryDays('2026-11-25', now)).toBe(0);
    expect(expiryDays('2026-12-07', now)).toBe(12);
    expect(expiryDays('2026-11-24', now)).toBe(-1);
    expect(expiryDays(null, now)).toBeNull();
    expect(expiryDays(undefined, now)).toBeNull();
    expect(expiryDays('not a date', now)).toBeNull();
  });
  it('names the state: soon within 30 days (today included), later, expired, none', () => {
    expect(expiryState('2026-12-07', now)).toMatchObject({ state: 'soon', days: 12 });
    expect(expiryState('2026-11-25', now)).toMatchObject({ state: 'soon', days: 0 });
    expect(expiryState('2026-12-25', now)).toMatchObject({ state: 'soon', days: 30 });
    expect(expiryState('2026-12-26', now)).toMatchObject({ state: 'later', days: 31 });
    expect(expiryState('2026-11-01', now).state).toBe('expired');
    expect(expiryState(undefined, now).state).toBe('none');
  });
  it('sorts primary partners first, then soonest expiry, then no expiry, expired last', () => {
    const list = [
      withExpiry(1, false, null),
      withExpiry(2, false, '2020-01-01'),
      withExpiry(3, false, '2099-01-01'),
      withExpiry(4, true, null),
      withExpiry(5, false, '2098-01-01'),
      withExpiry(6, true, '2099-06-01'),
    ];
    expect(sortWallet(list).map((i) => i.id)).toEqual([6, 4, 5, 3, 1, 2]);
  });
  it('finds cards by brand or by card number, with or without spaces', () => {
    const card: WalletItem = { ...item(1, false), card_number: '6036 0000 1234 5678', corporate_partner: { id: 1, is_primary: false, logo: null, name: 'Groenhuis' } };
    expect(matchesSearch(card, '')).toBe(true);
    expect(matchesSearch(card, 'groen')).toBe(true);
    expect(matchesSearch(card, '12345678')).toBe(true);
    expect(matchesSearch(card, '1234 5678')).toBe(true);
    expect(matchesSearch(card, 'bakker')).toBe(false);
    expect(matchesSearch(card, '9999')).toBe(false);
  });
});
