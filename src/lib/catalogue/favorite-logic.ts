/**
 * Favourite rules and the optimistic overlay of outbox changes that are not yet synced.
 * Pure: the hooks in features/favorites/use-favorites.ts feed them usePendingChanges().
 */
import type { OutboxChange } from '../../offline/outbox';
import type { QueuedBrand } from '../../offline/outbox-change';

/** The pending (unsynced) favourite value for a brand, or undefined when nothing is queued. */
export function pendingFavorite(pending: readonly OutboxChange[], brandId: number): boolean | undefined {
  let value: boolean | undefined;
  for (const c of pending) if (c.kind === 'favorite' && c.brandId === brandId) value = c.favorite;
  return value;
}

/** What the UI shows: the queued value when there is one, else the server's flag. */
export function effectiveFavorite(
  brand: { id: number; is_favorite: boolean },
  pending: readonly OutboxChange[],
): { favorite: boolean; pending: boolean } {
  const queued = pendingFavorite(pending, brand.id);
  return queued === undefined ? { favorite: brand.is_favorite, pending: false } : { favorite: queued, pending: true };
}

export type BrandTap =
  | { kind: 'start'; returnTo: string }
  | { kind: 'gift-card'; brandId: number; addFavorite: boolean };

/**
 * Tapping a brand tile: a visitor goes to the start screen, and after signing in on to the
 * brand's gift card (returnTo); a signed-in user goes to the
 * brand's gift card screen, adding the brand to favourites first when the add-favourite flag is on and
 * the brand is not a favourite yet.
 */
export function brandTapAction(input: {
  signedIn: boolean;
  addFavoriteFlag: boolean;
  brandId: number;
  isFavorite: boolean;
}): BrandTap {
  if (!input.signedIn) return { kind: 'start', returnTo: `/gift-card/${input.brandId}` };
  return { kind: 'gift-card', brandId: input.brandId, addFavorite: input.addFavoriteFlag && !input.isFavorite };
}

/** Auto-follow on the brand detail: arrived from Favorites and not followed yet. */
export function shouldAutoFollow(input: { signedIn: boolean; fromFavorites: boolean; isFavorite: boolean }): boolean {
  return input.signedIn && input.fromFavorites && !input.isFavorite;
}

/** The brand as a queued follow carries it: the fields its tile shows, nothing more. */
export function queuedBrand(b: QueuedBrand): QueuedBrand {
  const { id, name, name_nld, photo, logo, hide_background_image, hide_logo, hide_name, site, giftcard_percent, giftcard_type, commission_currency } = b;
  return { id, name, name_nld, photo, logo, hide_background_image, hide_logo, hide_name, site, giftcard_percent, giftcard_type, commission_currency };
}

/** A brand followed offline as the list shows it (the server does not list it as a favourite yet). */
export type PendingFavorite = QueuedBrand & { is_favorite: boolean };

/**
 * The favourites list as the queued changes make it: queued unfollows hidden, brands followed while
 * offline added in name order (where the server will list them once synced; `lookup` finds them in
 * the cached catalogue, else the follow's own copy of the brand is shown; an older follow without
 * one, for a brand no cached answer holds, is left out), and the count adjusted the same way.
 */
export function overlayFavoritesList<B extends { id: number; name: string }>(
  list: readonly B[],
  total: number,
  pending: readonly OutboxChange[],
  lookup: (brandId: number) => B | undefined = () => undefined,
): { items: Array<B | PendingFavorite>; total: number } {
  const net = new Map<number, { favorite: boolean; brand?: QueuedBrand }>();
  for (const c of pending) if (c.kind === 'favorite') net.set(c.brandId, { favorite: c.favorite, brand: c.brand ?? net.get(c.brandId)?.brand });
  const items: Array<B | PendingFavorite> = list.filter((b) => net.get(b.id)?.favorite !== false);
  const count = Math.max(0, total - (list.length - items.length));
  const listed = new Set(list.map((b) => b.id));
  let added = 0;
  for (const [brandId, { favorite, brand: queued }] of net) {
    if (!favorite || listed.has(brandId)) continue;
    const brand = lookup(brandId) ?? (queued ? { ...queued, is_favorite: false } : undefined);
    if (!brand) continue;
    const at = items.findIndex((b) => b.name.localeCompare(brand.name) > 0);
    items.splice(at < 0 ? items.length : at, 0, brand);
    added += 1;
  }
  return { items, total: count + added };
}
