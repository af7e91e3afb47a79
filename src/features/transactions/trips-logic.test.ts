import { describe, expect, it } from 'vitest';
import type { ShoppingTrip } from '@contract/types';
import { tripStatus } from './trips-logic';
import { claimSchema } from './validation';

const NOW = Date.parse('2026-03-20T12:00:00Z');
const DAY = 86_400_000;
function trip(daysAgo: number, over: Partial<ShoppingTrip> = {}): ShoppingTrip {
  return {
    id: 3, created_at: new Date(NOW - daysAgo * DAY).toISOString(),
    corporate_partner: { id: 5, name: 'Shop', name_nld: 'Winkel', logo: null }, transaction_id: null, claim: null, ...over,
  };
}

describe('a trip\'s status', () => {
  it('a reward found wins; a claim shows its status; a queued claim waits', () => {
    expect(tripStatus(trip(20, { transaction_id: 44 }), false, NOW)).toEqual({ kind: 'rewarded', transactionId: 44 });
    const claim = { id: 1, trip_id: 3, purchase_date: '2026-03-01', order_number: 'A', amount: { amount: 100, currency: 'EUR' }, status: 'reviewing' as const, created_at: '', updated_at: '' };
    expect(tripStatus(trip(20, { claim }), false, NOW)).toEqual({ kind: 'claimed', status: 'reviewing' });
    expect(tripStatus(trip(20), true, NOW)).toEqual({ kind: 'claimed', status: 'queued' });
  });

  it('claimable from 7 days after the trip; before that, it says from when', () => {
    expect(tripStatus(trip(7), false, NOW)).toEqual({ kind: 'claimable' });
    expect(tripStatus(trip(6.9), false, NOW)).toEqual({ kind: 'waiting', claimFrom: new Date(NOW + 0.1 * DAY).toISOString() });
  });
});

describe('the missing-reward form', () => {
  const tripAt = '2026-03-10T18:30:00Z';
  const parse = (v: Record<string, string>) => claimSchema(tripAt, () => NOW).safeParse({ purchase_date: '2026-03-10', order_number: 'ORD-1', amount: '24,95', ...v });
  const problem = (v: Record<string, string>) => {
    const r = parse(v);
    return r.success ? null : r.error.issues.map((i) => i.message);
  };

  it('accepts a purchase on the trip day, comma or point decimals, and trims the order number', () => {
    expect(parse({ order_number: '  ORD-1 ' })).toMatchObject({ success: true, data: { purchase_date: '2026-03-10', order_number: 'ORD-1', amount: 24.95 } });
    expect(parse({ amount: '10000' }).success).toBe(true);
    expect(parse({ amount: '1.5' })).toMatchObject({ success: true, data: { amount: 1.5 } });
    expect(problem({ amount: '1e3' })).toEqual(['transactions:claim.error.amount']);
    // A Dutch thousands point is not read as a decimal sign: three decimals, refused as such.
    expect(problem({ amount: '1.000' })).toEqual(['transactions:claim.error.amountDecimals']);
  });

  it('names the rule the server would refuse', () => {
    expect(problem({ order_number: '  ' })).toEqual(['transactions:claim.error.orderNumberMissing']);
    expect(problem({ order_number: 'x'.repeat(65) })).toEqual(['validation.tooLong']);
    expect(problem({ amount: 'ten' })).toEqual(['transactions:claim.error.amount']);
    expect(problem({ amount: '0' })).toEqual(['transactions:claim.error.amountNotPositive']);
    // A negative amount is a number, just not a positive one: the same message as 0.
    expect(problem({ amount: '-5' })).toEqual(['transactions:claim.error.amountNotPositive']);
    expect(problem({ amount: '-5,50' })).toEqual(['transactions:claim.error.amountNotPositive']);
    expect(problem({ amount: '1.005' })).toEqual(['transactions:claim.error.amountDecimals']);
    expect(problem({ amount: '10000.01' })).toEqual(['transactions:claim.error.amountTooBig']);
    expect(problem({ purchase_date: '2026-03-08' })).toEqual(['transactions:claim.error.beforeTrip']);
    expect(problem({ purchase_date: '2026-03-23' })).toEqual(['transactions:claim.error.inFuture']);
    expect(problem({ purchase_date: '2026-02-30' })).toEqual(['transactions:claim.error.date']);
    expect(problem({ amount: '' })).toEqual(['transactions:claim.error.amountMissing']);
  });

  it('reports each wrong field on that field, with its own message', () => {
    const r = parse({ purchase_date: '', order_number: '', amount: '' });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['purchase_date', 'transactions:claim.error.dateMissing'],
      ['order_number', 'transactions:claim.error.orderNumberMissing'],
      ['amount', 'transactions:claim.error.amountMissing'],
    ]);
  });
});
