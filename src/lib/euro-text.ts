/**
 * A euro amount as a person types it, the one reading every amount field shares (gift card, wallet
 * balance, missing-reward claim): '7.5', '7,50', '€ 7.50', '-5' (so a negative can be told it must be
 * more than 0). One decimal sign, a point or a comma, in either language: '1.000' is read as three
 * decimals (which the fields' two-decimal rule refuses), never as a thousand or as one euro.
 */
export interface EuroText {
  value: number;
  /** How many decimals were typed ('1.000': 3), for the two-decimal rule. */
  decimals: number;
}

/** Nothing typed but spaces or a euro sign. */
export function isBlankEuroText(text: string): boolean {
  return text.trim().replace(/^€/, '').trim() === '';
}

/** Null when the text is not a plain number (letters, two signs, grouping like '1.000,50'). */
export function readEuroText(text: string): EuroText | null {
  const m = /^(-?)\s*(\d+)(?:[.,](\d+))?$/.exec(text.trim().replace(/^€\s*/, ''));
  if (!m) return null;
  return { value: Number(`${m[1]}${m[2]}.${m[3] ?? '0'}`), decimals: (m[3] ?? '').length };
}
