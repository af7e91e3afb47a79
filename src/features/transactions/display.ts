/** Transaction display rules (docs/product.md#transactions), as pure functions (tested in display.test.ts). */
import type { Transaction } from '@contract/types';
import { formatDateDMY } from '../../lib/dates';

export type TransactionKind = 'ambassador' | 'contribution' | 'bonus' | 'impact' | 'purchase' | 'return' | 'other';
export type TransactionState = 'confirmed' | 'paid' | 'canceled' | 'pending';

const KIND_BY_TYPE: Record<string, TransactionKind> = {
  signup: 'ambassador',
  first_purchase_card_linking: 'ambassador',
  referral: 'ambassador',
  contribution: 'contribution',
  first_purchase_affiliate: 'bonus',
  card_linking: 'bonus',
  share: 'bonus',
  donation: 'impact',
  purchase: 'purchase',
  refund: 'return',
};

export function transactionKind(typeName: string): TransactionKind {
  return Object.hasOwn(KIND_BY_TYPE, typeName) ? KIND_BY_TYPE[typeName] : 'other';
}

/**
 * The 500 points every new account gets (type signup, shown as Ambassador as the spec names it) is a
 * welcome bonus, not an invite's reward: the row and the detail say so. The type name tells it apart.
 */
export function isWelcomeBonus(tx: Transaction): boolean {
  return tx.type.name === 'signup';
}

/** Cleared → Confirmed, Declined → Canceled, anything else → Pending; null without an external transaction. */
export function transactionState(tx: Transaction): TransactionState | null {
  const name = tx.external_transaction?.state?.name;
  if (name == null) return null;
  // Paid out to the reward targets after it was confirmed (the reward path's last step, an addition).
  if (name === 'Cleared') return tx.external_transaction?.paid_at ? 'paid' : 'confirmed';
  if (name === 'Declined') return 'canceled';
  return 'pending';
}

/** '-' and the credit amount when the credit account is the user's, otherwise '+' and the debit amount. */
export function signedPoints(tx: Transaction, userId: number | null): { sign: '+' | '-'; points: number } {
  if (userId != null && tx.credit_account.user?.id === userId) return { sign: '-', points: tx.credit_amount.amount };
  return { sign: '+', points: tx.debit_amount.amount };
}

export interface DayGroup<T> {
  day: string;
  items: T[];
}

/** Groups in the order given (the server sends newest first); a day seen again joins its group. */
export function groupByDay<T extends { date: string }>(items: T[], timeZone?: string): DayGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const day = formatDateDMY(item.date, timeZone);
    const list = groups.get(day);
    if (list) list.push(item);
    else groups.set(day, [item]);
  }
  return [...groups].map(([day, list]) => ({ day, items: list }));
}

/** The project a transaction concerns (donations: the project's account). */
export function transactionProject(tx: Transaction): { id: number; name: string } | null {
  return tx.debit_account.project ?? tx.credit_account.project ?? null;
}

/** The unit label for a donation (a project named REWILDING shows its unit as m2). */
export function unitLabel(project: { name: string; unit: string; accumulation_units_plural: string } | undefined, count: number): string | null {
  if (!project) return null;
  if (project.name.trim().toUpperCase() === 'REWILDING') return 'm2';
  return count === 1 ? project.unit : project.accumulation_units_plural || project.unit;
}
