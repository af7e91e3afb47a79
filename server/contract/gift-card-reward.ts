/**
 * The reward a paid gift card earns, in points (1 point = 1 cent): giftcard_percent of the amount, or
 * for the fixed type giftcard_percent itself (minor units), but never more than FIXED_REWARD_MAX_PERCENT
 * of the card: a fixed €4 on a €1 card was €3 for nothing, as often as one liked (the spec puts rewards
 * at 5 to 10% of a purchase). The server books it; the gift card screen shows it for the chosen amount.
 * No imports: the app bundles this file as is.
 */
export const FIXED_REWARD_MAX_PERCENT = 10;

export function giftCardRewardPoints(type: string, giftcardPercent: number, amountCents: number): number {
  if (type !== 'fixed') return Math.round((amountCents * giftcardPercent) / 100);
  return Math.min(Math.round(giftcardPercent), Math.floor((amountCents * FIXED_REWARD_MAX_PERCENT) / 100));
}

/** The smallest card, in cents, that earns a fixed reward in full. */
export function fixedRewardFullFrom(giftcardPercent: number): number {
  return Math.ceil((Math.round(giftcardPercent) * 100) / FIXED_REWARD_MAX_PERCENT);
}
