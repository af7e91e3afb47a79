/**
 * A card's balance as the user sees it: the server's card with the changes still in the outbox laid
 * over it (spends, corrections, the 'used' mark), and the rules for an amount typed on the card.
 */
import { newClientId } from '../../lib/client-id';
import { isBlankEuroText, readEuroText } from '../../lib/euro-text';
import type { WalletItem } from '@contract/types';
import type { OutboxChange } from '../../offline/outbox-change';

/** The highest balance a correction may set, in cents (the server's limit: €100,000). */
export const MAX_BALANCE_CENTS = 100_000 * 100;

export type EuroInputError = 'empty' | 'not_a_number' | 'too_many_decimals' | 'negative' | 'zero' | 'too_big' | 'exceeds_balance';

/**
 * A typed euro amount ('7.5', '7,50', '€ 7.50') in cents. A spend must be more than 0 and at most the
 * balance; a new balance 0 or more, at most €100,000. Whole numbers with at most two decimals only.
 */
export function parseEuroInput(text: string, kind: 'spend' | 'correction', balanceCents: number): { cents: number | null; error: EuroInputError | null } {
  if (isBlankEuroText(text)) return { cents: null, error: 'empty' };
  const typed = readEuroText(text);
  if (!typed) return { cents: null, error: 'not_a_number' };
  if (typed.value < 0 || Object.is(typed.value, -0)) return { cents: null, error: 'negative' };
  if (typed.decimals > 2) return { cents: null, error: 'too_many_decimals' };
  const cents = Math.round(typed.value * 100);
  if (!Number.isSafeInteger(cents) || cents > MAX_BALANCE_CENTS) return { cents: null, error: 'too_big' };
  if (kind === 'spend' && cents === 0) return { cents: null, error: 'zero' };
  if (kind === 'spend' && cents > balanceCents) return { cents: null, error: 'exceeds_balance' };
  return { cents, error: null };
}

export interface PendingBalanceEvent {
  eventId: string;
  type: 'spend' | 'correction';
  change: number;
  balance: number;
  at: number;
}

export interface CardView {
  /** Balance with the pending events applied, cents. */
  amount: number;
  used: boolean;
  /** Events not yet on the server, newest first, each with the balance it leads to. */
  pendingEvents: PendingBalanceEvent[];
  /** Something for this card waits in the outbox. */
  pending: boolean;
}

export function cardView(item: WalletItem, changes: readonly OutboxChange[]): CardView {
  let amount = item.amount;
  let used = item.used_at != null;
  let pending = false;
  const events: PendingBalanceEvent[] = [];
  for (const c of changes) {
    if (c.kind === 'balance' && c.walletId === item.id) {
      const next = c.type === 'spend' ? Math.max(0, amount - c.cents) : c.cents;
      events.push({ eventId: c.eventId, type: c.type, change: next - amount, balance: next, at: c.at });
      amount = next;
      // The server marks a card used when its balance reaches 0: show it so at once.
      if (next === 0) used = true;
      pending = true;
    } else if (c.kind === 'wallet-used' && c.walletId === item.id) {
      used = c.used;
      pending = true;
    }
  }
  return { amount, used, pendingEvents: events.reverse(), pending };
}

/** What the server supports for this card: a server with only the original contract sends neither field. */
export function walletCapabilities(item: WalletItem): { balance: boolean; used: boolean } {
  return { balance: item.balance_updated_at !== undefined, used: item.used_at !== undefined };
}

/** A client id for a balance event: the server applies an event once per id, however often it is sent. */
export const newEventId = newClientId;
