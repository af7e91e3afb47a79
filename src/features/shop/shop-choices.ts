/**
 * The shop's choices, kept across reloads: the order last chosen (localStorage, this device), whether
 * the Sort & filter panel was open, its gift-cards-only filter, the category chosen and the search text
 * (sessionStorage, this tab). Part of the shop's first paint, so it stays this small; the sorting itself
 * is in the deals chunk (deal-logic.ts).
 */
import { STORAGE_KEYS } from '../../offline/storage-keys';

export type DealSort = 'recommended' | 'reward' | 'az';
export const DEAL_SORTS: readonly DealSort[] = ['recommended', 'reward', 'az'];

export function isDealSort(v: unknown): v is DealSort {
  return typeof v === 'string' && (DEAL_SORTS as readonly string[]).includes(v);
}

/** Storage may be blocked (privacy settings): the choice is then just not kept. */
function read(store: () => Storage, key: string): string | null {
  try {
    return store().getItem(key);
  } catch {
    return null;
  }
}
function write(store: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) store().removeItem(key);
    else store().setItem(key, value);
  } catch {
    /* not kept */
  }
}

/** The order last chosen, 'recommended' when none is kept. */
export function keptSort(): DealSort {
  const v = read(() => localStorage, STORAGE_KEYS.dealSort);
  return isDealSort(v) ? v : 'recommended';
}

export function keepSort(sort: DealSort): void {
  write(() => localStorage, STORAGE_KEYS.dealSort, sort);
}

/** The panel's order after a reload of this tab, or null when it was closed. */
export function keptPanel(): DealSort | null {
  return read(() => sessionStorage, STORAGE_KEYS.dealsOpen) === '1' ? keptSort() : null;
}

export function keepPanelOpen(open: boolean): void {
  write(() => sessionStorage, STORAGE_KEYS.dealsOpen, open ? '1' : null);
}

/** The category chosen in this tab before a reload, or 'all'. */
export function keptCategory(): 'all' | number {
  const v = Number(read(() => sessionStorage, STORAGE_KEYS.shopCategory));
  return Number.isSafeInteger(v) && v > 0 ? v : 'all';
}

export function keepCategory(category: 'all' | number): void {
  write(() => sessionStorage, STORAGE_KEYS.shopCategory, category === 'all' ? null : String(category));
}

/** The search text typed in this tab before a reload ('' when none). */
export function keptSearch(): string {
  return read(() => sessionStorage, STORAGE_KEYS.shopSearch) ?? '';
}

export function keepSearch(text: string): void {
  write(() => sessionStorage, STORAGE_KEYS.shopSearch, text || null);
}

/** The Sort & filter panel's "Only brands with gift cards", as left in this tab. */
export function keptGiftCardsOnly(): boolean {
  return read(() => sessionStorage, STORAGE_KEYS.giftCardsOnly) === '1';
}

export function keepGiftCardsOnly(on: boolean): void {
  write(() => sessionStorage, STORAGE_KEYS.giftCardsOnly, on ? '1' : null);
}
