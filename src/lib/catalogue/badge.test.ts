import { describe, expect, it } from 'vitest';
import { affiliateReward, giftcardBadge } from './badge';

const norm = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

describe('reward badge', () => {
  it('shows a percent for percentage brands', () => {
    expect(giftcardBadge({ giftcard_percent: 5, giftcard_type: 'percentage', commission_currency: 'EUR' }, 'en')).toBe('5%');
    expect(giftcardBadge({ giftcard_percent: 2.5, giftcard_type: 'percentage', commission_currency: 'EUR' }, 'nl')).toBe('2,5%');
  });
  it('shows an amount in the commission currency for fixed brands (minor units)', () => {
    expect(norm(giftcardBadge({ giftcard_percent: 250, giftcard_type: 'fixed', commission_currency: 'EUR' }, 'en'))).toBe('€2.50');
    expect(norm(giftcardBadge({ giftcard_percent: 250, giftcard_type: 'fixed', commission_currency: 'EUR' }, 'nl'))).toBe('€ 2,50');
    expect(norm(affiliateReward({ affiliate_percent: 100, commission_type: 'fixed', commission_currency: 'USD' }, 'en'))).toContain('1.00');
  });
});
