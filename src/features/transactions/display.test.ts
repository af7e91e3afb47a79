import { describe, expect, it } from 'vitest';
import type { Transaction } from '@contract/types';
import { formatDateDMY } from '../../lib/dates';
import { groupByDay, signedPoints, transactionKind, transactionState, unitLabel } from './display';

function tx(partial: Partial<Transaction> = {}): Transaction {
  return {
    id: 1, date: '2026-03-05T10:00:00Z', type: { id: 1, name: 'purchase' },
    debit_account: { id: 1, user: { id: 7 }, project: null },
    credit_account: { id: 2, user: null, project: null },
    debit_amount: { amount: 250, currency: 'PTS' }, credit_amount: { amount: 260, currency: 'PTS' },
    units: null, external_transaction: null, ...partial,
  };
}
const ext = (state: string): Transaction['external_transaction'] => ({ amount: { amount: 1000, currency: 'EUR' }, state: { name: state }, corporate_partner: { name: 'Shop' } });

describe('transaction display', () => {
  it('maps every transaction type', () => {
    expect(['signup', 'first_purchase_card_linking', 'referral'].map(transactionKind)).toEqual(['ambassador', 'ambassador', 'ambassador']);
    expect(transactionKind('contribution')).toBe('contribution');
    expect(['first_purchase_affiliate', 'card_linking', 'share'].map(transactionKind)).toEqual(['bonus', 'bonus', 'bonus']);
    expect(transactionKind('donation')).toBe('impact');
    expect(transactionKind('purchase')).toBe('purchase');
    expect(transactionKind('refund')).toBe('return');
    expect(transactionKind('mystery')).toBe('other');
    expect(transactionKind('toString')).toBe('other');
  });

  it('maps the external state', () => {
    expect(transactionState(tx({ external_transaction: ext('Cleared') }))).toBe('confirmed');
    expect(transactionState(tx({ external_transaction: ext('Declined') }))).toBe('canceled');
    expect(transactionState(tx({ external_transaction: ext('Pending') }))).toBe('pending');
    expect(transactionState(tx({ external_transaction: ext('Whatever') }))).toBe('pending');
    expect(transactionState(tx())).toBeNull();
  });

  it('signs points: minus the credit amount when the credit account is the user\'s, else plus the debit amount', () => {
    expect(signedPoints(tx(), 7)).toEqual({ sign: '+', points: 250 });
    const donation = tx({ credit_account: { id: 1, user: { id: 7 }, project: null }, debit_account: { id: 3, user: null, project: { id: 2, name: 'Reefs' } } });
    expect(signedPoints(donation, 7)).toEqual({ sign: '-', points: 260 });
    expect(signedPoints(donation, 8)).toEqual({ sign: '+', points: 250 });
    expect(signedPoints(donation, null)).toEqual({ sign: '+', points: 250 });
  });

  it('formats days as DD/MM/YYYY in the given time zone', () => {
    expect(formatDateDMY('2026-03-05T10:00:00Z', 'UTC')).toBe('05/03/2026');
    expect(formatDateDMY('2026-03-05T23:30:00Z', 'Europe/Amsterdam')).toBe('06/03/2026');
  });

  it('groups by day keeping the order', () => {
    const items = [
      { id: 1, date: '2026-03-06T09:00:00Z' },
      { id: 2, date: '2026-03-05T20:00:00Z' },
      { id: 3, date: '2026-03-05T08:00:00Z' },
      { id: 4, date: '2025-12-31T23:59:59Z' },
    ];
    expect(groupByDay(items, 'UTC')).toEqual([
      { day: '06/03/2026', items: [items[0]] },
      { day: '05/03/2026', items: [items[1], items[2]] },
      { day: '31/12/2025', items: [items[3]] },
    ]);
  });

  it('labels donation units, REWILDING as m2', () => {
    const meals = { name: 'School Meals', unit: 'meal', accumulation_units_plural: 'meals' };
    expect(unitLabel(meals, 1)).toBe('meal');
    expect(unitLabel(meals, 5)).toBe('meals');
    expect(unitLabel({ name: 'REWILDING', unit: 'square metre', accumulation_units_plural: 'square metres' }, 3)).toBe('m2');
    expect(unitLabel(undefined, 3)).toBeNull();
  });
});
