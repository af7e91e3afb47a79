import { describe, expect, it } from 'vitest';
import { brandTapAction, effectiveFavorite, overlayFavoritesList, shouldAutoFollow } from './favorite-logic';

describe('add-favourite rule (SPEC §4)', () => {
  it('sends visitors to the start screen, to come back to the brand\'s gift card after signing in', () => {
    expect(brandTapAction({ signedIn: false, addFavoriteFlag: true, brandId: 1, isFavorite: false })).toEqual({ kind: 'start', returnTo: '/gift-card/1' });
  });
  it('adds the brand only when the flag is on and it is not a favourite, then opens the gift card', () => {
    expect(brandTapAction({ signedIn: true, addFavoriteFlag: true, brandId: 7, isFavorite: false })).toEqual({ kind: 'gift-card', brandId: 7, addFavorite: true });
    expect(brandTapAction({ signedIn: true, addFavoriteFlag: true, brandId: 7, isFavorite: true })).toEqual({ kind: 'gift-card', brandId: 7, addFavorite: false });
    expect(brandTapAction({ signedIn: true, addFavoriteFlag: false, brandId: 7, isFavorite: false })).toEqual({ kind: 'gift-card', brandId: 7, addFavorite: false });
  });
  it('auto-follows on arrival from Favorites when not followed', () => {
    expect(shouldAutoFollow({ signedIn: true, fromFavorites: true, isFavorite: false })).toBe(true);
    expect(shouldAutoFollow({ signedIn: true, fromFavorites: true, isFavorite: true })).toBe(false);
    expect(shouldAutoFollow({ signedIn: true, fromFavorites: false, isFavorite: false })).toBe(false);
    expect(shouldAutoFollow({ signedIn: false, fromFavorites: true, isFavorite: false })).toBe(false);
  });
});

describe('optimistic overlay', () => {
  it('prefers the queued value and marks it pending', () => {
    const pending = [{ kind: 'favorite' as const, brandId: 3, favorite: true }];
    expect(effectiveFavorite({ id: 3, is_favorite: false }, pending)).toEqual({ favorite: true, pending: true });
    expect(effectiveFavorite({ id: 4, is_favorite: true }, pending)).toEqual({ favorite: true, pending: false });
  });
  it('hides queued unfollows from the list and lowers the count', () => {
    const list = [{ id: 1 }, { id: 2 }, { id: 3 }];
    const pending = [
      { kind: 'favorite' as const, brandId: 2, favorite: false },
      { kind: 'target' as const, targetId: 1, selected: true },
    ];
    expect(overlayFavoritesList(list, 3, pending)).toEqual({ items: [{ id: 1 }, { id: 3 }], total: 2 });
    expect(overlayFavoritesList(list, 3, [])).toEqual({ items: list, total: 3 });
  });
});
