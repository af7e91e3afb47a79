/**
 * The reward a paid gift card earns, in points (1 point = 1 cent): giftcard_percent of the amount, or
 * for the fixed type giftcard_percent itself (minor units). The server books it; the gift card screen
 * shows it for the chosen amount. No imports: the app bundles this file as is.
 */
export function giftCardRewardPoints(type: string, giftcardPercent: number, amountCents: number): number {
  return type === 'fixed' ? Math.round(giftcardPercent) : Math.round((amountCents * giftcardPercent) / 100);
}
