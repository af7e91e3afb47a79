/**
 * Following brands goes through the offline outbox (src/offline/outbox.ts): the change shows at once
 * (usePendingChanges overlay, with a pending mark), is queued in IndexedDB and synced by the outbox.
 * Synced → the favourites list and the brand's cached copies are refreshed; rejected → the overlay
 * disappears (so the toggle reverts) and a toast tells the user why, in their language.
 * The shop, brand and gift-card screens use it (and FollowToggle) from here.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ApiError, Brand, Paged } from '@contract/types';
import { useOnline } from '../../offline/online';
import { queueChangeLater } from '../../offline/outbox-lazy';
import { onOutboxRejected, onOutboxSynced, usePendingChanges } from '../../offline/outbox-state';
import { i18next } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { showToast } from '../../ui/toast';
import { effectiveFavorite, overlayFavoritesList, pendingFavorite, queuedBrand } from '../../lib/catalogue/favorite-logic';
import type { TileBrand } from '../../ui/brand-tile';
import { catalogueQueries } from '../../lib/catalogue/queries';

function patchBrand(b: Brand, id: number, favorite: boolean): Brand {
  return b.id === id && b.is_favorite !== favorite ? { ...b, is_favorite: favorite } : b;
}

/** Write a synced favourite flag into every cached catalogue copy of the brand (rows, grids, details). */
export function patchBrandInCaches(qc: QueryClient, brandId: number, favorite: boolean): void {
  for (const queryKey of catalogueRoots()) {
    qc.setQueriesData<unknown>({ queryKey }, (old: unknown) => mapCachedBrands(old, (b) => patchBrand(b, brandId, favorite)));
  }
}

/** A brand as any cached catalogue answer holds it (for showing a brand followed offline). */
export function findCachedBrand(qc: QueryClient, brandId: number): Brand | undefined {
  let found: Brand | undefined;
  for (const queryKey of catalogueRoots()) {
    for (const [, data] of qc.getQueriesData<unknown>({ queryKey })) {
      mapCachedBrands(data, (b) => {
        if (b.id === brandId) found ??= b;
        return b;
      });
      if (found) return found;
    }
  }
  return undefined;
}

/** Every cached catalogue answer: the kept ones and the searches. */
const catalogueRoots = () => [catalogueQueries.all(), catalogueQueries.searches()];

/** Applies `fn` to every brand in a cached catalogue answer, whatever its shape. */
function mapCachedBrands(old: unknown, fn: (b: Brand) => Brand): unknown {
  if (!old || typeof old !== 'object') return old;
  const o = old as Record<string, unknown>;
  if ('pages' in o && Array.isArray(o.pages)) {
    const inf = old as InfiniteData<Paged<Brand>>;
    return { ...inf, pages: inf.pages.map((p) => ({ ...p, results: p.results.map(fn) })) };
  }
  if ('results' in o && Array.isArray(o.results)) {
    const p = old as Paged<Brand>;
    return { ...p, results: p.results.map(fn) };
  }
  if ('brands' in o && Array.isArray(o.brands)) {
    return { ...o, brands: (o.brands as Brand[]).map(fn) };
  }
  if (Array.isArray(old)) return (old as Brand[]).map((b) => (b && typeof b === 'object' && 'is_favorite' in b ? fn(b) : b));
  if ('is_favorite' in o && 'id' in o) return fn(old as Brand);
  return old;
}

let installedFor: QueryClient | null = null;

/** Subscribe once per query client to the outbox's synced/rejected events. */
export function installFavoriteSync(qc: QueryClient): void {
  if (installedFor === qc) return;
  installedFor = qc;
  onOutboxSynced((change) => {
    if (change.kind !== 'favorite') return;
    patchBrandInCaches(qc, change.brandId, change.favorite);
    void qc.invalidateQueries({ queryKey: catalogueQueries.favorites().queryKey });
  });
  onOutboxRejected((change, error: ApiError | null) => {
    if (change.kind !== 'favorite') return;
    // The overlay has already dropped the change, so the toggle shows the server's state again.
    void qc.invalidateQueries({ queryKey: catalogueQueries.favorites().queryKey });
    showToast(rejectionMessage(change.favorite, error), { tone: 'error', duration: 5000 });
  });
}

/** The message shown when the server refuses a favourite change, in the active language. */
function rejectionMessage(favorite: boolean, error: ApiError | null): string {
  const key = favorite ? 'favorite_rejected_add' : 'favorite_rejected_remove';
  const base = i18next.t(key, { ns: 'shop' });
  return error?.error_description ? `${base} (${error.error_description})` : base;
}

export interface FavoriteState {
  favorite: boolean;
  pending: boolean;
}

/**
 * Favourite state with the outbox overlay, and a setter that queues the change. `busy` blocks another
 * Toggle while one is in progress: while it is being queued, and while online until the
 * server has it. Offline the toggle stays usable: the outbox coalesces, so toggling back cancels it.
 */
export function useFavorites(): {
  stateOf: (brand: { id: number; is_favorite: boolean }) => FavoriteState;
  /** `brand.is_favorite` is the server's flag (so a change back to it cancels the queued one). */
  setFavorite: (brand: TileBrand, favorite: boolean) => Promise<void>;
  busy: (brandId: number) => boolean;
} {
  const qc = useQueryClient();
  const { userId } = useSession();
  const pending = usePendingChanges();
  const online = useOnline();
  const [inFlight, setInFlight] = useState<ReadonlySet<number>>(new Set());
  const inFlightRef = useRef(new Set<number>());
  useEffect(() => installFavoriteSync(qc), [qc]);

  const stateOf = useCallback((brand: { id: number; is_favorite: boolean }) => effectiveFavorite(brand, pending), [pending]);
  const setFavorite = useCallback(
    async (brand: TileBrand, favorite: boolean) => {
      const brandId = brand.id;
      if (userId == null || inFlightRef.current.has(brandId)) return;
      inFlightRef.current.add(brandId);
      setInFlight(new Set(inFlightRef.current));
      try {
        // A follow carries the brand, so Favorites can list it whatever the saved cache holds.
        const change = favorite ? { kind: 'favorite' as const, brandId, favorite, brand: queuedBrand(brand) } : { kind: 'favorite' as const, brandId, favorite };
        await queueChangeLater(userId, change, brand.is_favorite);
      } finally {
        inFlightRef.current.delete(brandId);
        setInFlight(new Set(inFlightRef.current));
      }
    },
    [userId],
  );
  const busy = useCallback(
    (brandId: number) => inFlight.has(brandId) || (online && pendingFavorite(pending, brandId) !== undefined),
    [inFlight, online, pending],
  );
  // One object while nothing changes: the shop's callbacks depend on it, and memoised rows (hidden
  // during a search) would otherwise re-render on every keystroke.
  return useMemo(() => ({ stateOf, setFavorite, busy }), [stateOf, setFavorite, busy]);
}

/**
 * The user's favourites as the Favorites screen and the shop's row show them: the server's list with
 * the queued changes applied, brands followed offline included (from the cached catalogue, else as
 * the follow carries them).
 */
export function useFavoritesList() {
  const qc = useQueryClient();
  const pending = usePendingChanges();
  const query = useQuery(catalogueQueries.favorites());
  const data = query.data;
  const view = useMemo(
    () => (data ? overlayFavoritesList(data.results, data.metadata.total, pending, (id) => findCachedBrand(qc, id)) : null),
    [data, pending, qc],
  );
  /** Whether the brand's follow or unfollow still waits to sync. */
  const isPending = useCallback((brandId: number) => pendingFavorite(pending, brandId) !== undefined, [pending]);
  return { query, view, isPending };
}
