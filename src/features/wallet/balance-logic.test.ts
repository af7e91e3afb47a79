import { describe, expect, it } from 'vitest';
import type { WalletItem } from '@contract/types';
import type { OutboxChange } from '../../offline/outbox-change';
import { cardView, newEventId, parseEuroInput, walletCapabilities } from './balance-logic';

const original: WalletItem = {
  id: 7,
  amount: 2500,
  currency: 'EUR',
  digital_card_link: null,
  corporate_partner: { id: 1, is_primary: false, logo: null, name: 'Brand' },
  card_number: '1234',
  pin: '1',
  barcode_value: '1',
  barcode_format: 'CODE128',
  created_at: '2026-01-01T00:00:00Z',
};
const withAdditions: WalletItem = { ...original, expiry_date: '2027-01-01', used_at: null, balance_updated_at: null };

const spend = (cents: number, eventId = `e${cents}`, walletId = 7): OutboxChange => ({ kind: 'balance', walletId, eventId, type: 'spend', cents, at: 1 });
const correct = (cents: number, eventId = `c${cents}`): OutboxChange => ({ kind: 'balance', walletId: 7, eventId, type: 'correction', cents, at: 2 });

describe('parseEuroInput', () => {
  it('reads euros with a dot or a comma into cents', () => {
    expect(parseEuroInput('7.5', 'spend', 2500)).toEqual({ cents: 750, error: null });
    expect(parseEuroInput(' 7,50 ', 'spend', 2500)).toEqual({ cents: 750, error: null });
    expect(parseEuroInput('€ 25', 'spend', 2500)).toEqual({ cents: 2500, error: null });
    expect(parseEuroInput('0', 'correction', 2500)).toEqual({ cents: 0, error: null });
    expect(parseEuroInput('0.1', 'spend', 2500)).toEqual({ cents: 10, error: null });
  });
  it('refuses what the server would refuse, each with its own reason', () => {
    expect(parseEuroInput('', 'spend', 2500).error).toBe('empty');
    expect(parseEuroInput('abc', 'spend', 2500).error).toBe('not_a_number');
    expect(parseEuroInput('NaN', 'correction', 2500).error).toBe('not_a_number');
    expect(parseEuroInput('1e3', 'correction', 2500).error).toBe('not_a_number');
    expect(parseEuroInput('1.2.3', 'spend', 2500).error).toBe('not_a_number');
    expect(parseEuroInput('-3', 'spend', 2500).error).toBe('negative');
    expect(parseEuroInput('-0.5', 'correction', 2500).error).toBe('negative');
    expect(parseEuroInput('0', 'spend', 2500).error).toBe('zero');
    expect(parseEuroInput('0.00', 'spend', 2500).error).toBe('zero');
    expect(parseEuroInput('1.234', 'spend', 2500).error).toBe('too_many_decimals');
    expect(parseEuroInput('25.01', 'spend', 2500).error).toBe('exceeds_balance');
    expect(parseEuroInput('100000.01', 'correction', 2500).error).toBe('too_big');
    expect(parseEuroInput('99999999999999999999', 'correction', 2500).error).toBe('too_big');
    expect(parseEuroInput('100000', 'correction', 2500)).toEqual({ cents: 10_000_000, error: null });
  });
});

describe('cardView', () => {
  it('lays pending spends and corrections over the server balance, newest first, each with its result', () => {
    const v = cardView(withAdditions, [spend(500), correct(4000), spend(1250), spend(100, 'other-card', 8)]);
    expect(v.amount).toBe(2750);
    expect(v.pending).toBe(true);
    expect(v.used).toBe(false);
    expect(v.pendingEvents.map((e) => [e.type, e.change, e.balance])).toEqual([
      ['spend', -1250, 2750],
      ['correction', 2000, 4000],
      ['spend', -500, 2000],
    ]);
  });
  it('a card brought to €0.00 counts as used at once; the used mark and a restore apply in order', () => {
    expect(cardView(withAdditions, [spend(2500)]).used).toBe(true);
    expect(cardView(withAdditions, [correct(0)]).used).toBe(true);
    expect(cardView(withAdditions, [{ kind: 'wallet-used', walletId: 7, used: true }]).used).toBe(true);
    expect(cardView({ ...withAdditions, used_at: '2026-02-01T00:00:00Z' }, [{ kind: 'wallet-used', walletId: 7, used: false }]).used).toBe(false);
    expect(cardView(withAdditions, []).pending).toBe(false);
  });
  it('a card from a server without the additions: shown as it is, and the actions are hidden', () => {
    expect(cardView(original, [])).toEqual({ amount: 2500, used: false, pendingEvents: [], pending: false });
    expect(walletCapabilities(original)).toEqual({ balance: false, used: false });
    expect(walletCapabilities(withAdditions)).toEqual({ balance: true, used: true });
  });
});

describe('newEventId', () => {
  it('is unique and fits the server rule', () => {
    const ids = new Set(Array.from({ length: 50 }, newEventId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
