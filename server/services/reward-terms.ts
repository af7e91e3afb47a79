/**
 * Reward terms kept with a trip, in integers (percentage: basis points, fixed: cents), and the reward
 * an order earns under them, in cents with no float arithmetic (1 point = 1 cent).
 */
import type { RewardTerms } from '../contract/types.ts';

export function termsOf(type: 'percentage' | 'fixed' | null, value: number | null): RewardTerms | null {
  if (type === null || value === null) return null;
  return type === 'fixed' ? { type, value } : { type, value: value / 100 };
}

/** Points earned by an order of `orderCents` under the stored terms (half a cent rounds up). */
export function rewardPoints(orderCents: number, type: 'percentage' | 'fixed', value: number): number {
  if (type === 'fixed') return value;
  return Math.floor((orderCents * value + 5000) / 10000);
}
