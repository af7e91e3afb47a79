/**
 * What the outbox queues (one change a user made) and how a change is named and valued: shared by the
 * queue (outbox-queue.ts), the engine and first-paint code that parks changes before the engine is in
 * (outbox-lazy.ts), so it holds no code beyond that.
 */
import type { Brand } from '@contract/types';

export type OutboxChange =
  | FavoriteChange
  | { kind: 'target'; targetId: number; selected: boolean }
  | { kind: 'wallet-used'; walletId: number; used: boolean }
  | { kind: 'notification-read'; notificationId: number }
  | BalanceChange
  | TripChange
  | ClaimChange;

/** A brand followed or unfollowed. */
export interface FavoriteChange {
  kind: 'favorite';
  brandId: number;
  favorite: boolean;
  /** A follow carries the brand as lists show it, so Favorites lists it offline whatever the saved query
   *  cache holds (its save is throttled: a quick reload can lose the brand). Absent in older entries. */
  brand?: QueuedBrand;
}

/** What a brand's tile shows (names, pictures, reward badge, site). */
export type QueuedBrand = Pick<
  Brand,
  | 'id' | 'name' | 'name_nld' | 'photo' | 'logo' | 'hide_background_image' | 'hide_logo' | 'hide_name'
  | 'site' | 'giftcard_percent' | 'giftcard_type' | 'commission_currency'
>;

/** A SHOP tap, recorded as a shopping trip: sent once (the server keeps one trip per key). */
export interface TripChange {
  kind: 'trip';
  brandId: number;
  idempotencyKey: string;
  /** The click reference the outbound link carried (absent on taps queued before it existed). */
  clickRef?: string;
  at: number;
}

/** A missing-reward claim on a trip: one per trip, sent once with the client's key. `cents`: the purchase amount. */
export interface ClaimChange {
  kind: 'claim';
  tripId: number;
  idempotencyKey: string;
  purchaseDate: string;
  orderNumber: string;
  cents: number;
  at: number;
}

/** Kinds that are records, not toggles: never coalesced, each sent once with its key. */
export function isRecord(change: OutboxChange): change is BalanceChange | TripChange | ClaimChange {
  return change.kind === 'balance' || change.kind === 'trip' || change.kind === 'claim';
}

/**
 * A wallet card's balance event: never coalesced (each spend counts), sent with its client id so
 * the server applies it once however often it is sent. `cents`: the amount spent, or the new balance.
 */
export interface BalanceChange {
  kind: 'balance';
  walletId: number;
  eventId: string;
  type: 'spend' | 'correction';
  cents: number;
  /** When the user recorded it (ms), for the history shown before it syncs. */
  at: number;
}

export function changeKey(change: OutboxChange): string {
  switch (change.kind) {
    case 'favorite':
      return `favorite:${change.brandId}`;
    case 'target':
      return `target:${change.targetId}`;
    case 'wallet-used':
      return `wallet-used:${change.walletId}`;
    case 'notification-read':
      return `notification-read:${change.notificationId}`;
    case 'balance':
      return `balance:${change.eventId}`;
    case 'trip':
      return `trip:${change.idempotencyKey}`;
    case 'claim':
      return `claim:${change.tripId}`;
  }
}

/** The on/off value of a toggle change (a record such as a balance event has none: it is always sent). */
export function changeValue(change: OutboxChange): boolean {
  switch (change.kind) {
    case 'favorite':
      return change.favorite;
    case 'target':
      return change.selected;
    case 'wallet-used':
      return change.used;
    case 'notification-read':
      return true;
    case 'balance':
    case 'trip':
    case 'claim':
      return true;
  }
}

