import { describe, expect, it } from 'vitest';
import type { Brand } from '@contract/types';
import { brandTapAction, effectiveFavorite, overlayFavoritesList, queuedBrand, shouldAutoFollow } from './favorite-logic';

describe('add-favourite rule', () => {
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
    const list = [{ id: 1, name: 'A' }, { id: 2, name: 'B' }, { id: 3, name: 'C' }];
    const pending = [
      { kind: 'favorite' as const, brandId: 2, favorite: false },
      { kind: 'target' as const, targetId: 1, selected: true },
    ];
    expect(overlayFavoritesList(list, 3, pending)).toEqual({ items: [list[0], list[2]], total: 2 });
    expect(overlayFavoritesList(list, 3, [])).toEqual({ items: list, total: 3 });
  });
  it('adds brands followed offline in name order, and drops them again on an offline unfollow', () => {
    const list = [{ id: 1, name: 'Alpha' }, { id: 3, name: 'Delta' }];
    const known = new Map([[7, { id: 7, name: 'Bravo' }], [8, { id: 8, name: 'Zulu' }]]);
    const lookup = (id: number) => known.get(id);
    const follow = (brandId: number, favorite = true) => ({ kind: 'favorite' as const, brandId, favorite });
    expect(overlayFavoritesList(list, 2, [follow(8), follow(7)], lookup)).toEqual({
      items: [list[0], known.get(7), list[1], known.get(8)],
      total: 4,
    });
    // followed then unfollowed offline (a later change wins); one already listed is not added twice;
    // one not in any cached answer is left out
    expect(overlayFavoritesList(list, 2, [follow(7), follow(7, false), follow(1), follow(9)], lookup)).toEqual({ items: list, total: 2 });
  });

  it('shows a follow by the brand it carries when no cached answer holds the brand; older follows without one stay left out', () => {
    const list = [{ id: 1, name: 'Alpha' }, { id: 3, name: 'Delta' }];
    const carried = { id: 7, name: 'Bravo', name_nld: 'Bravo NL', photo: null, logo: { url: '/media/brands/7/logo.svg' }, hide_background_image: false, hide_logo: false, hide_name: false, site: 'bravo.example', giftcard_percent: 5, giftcard_type: 'percentage' as const, commission_currency: 'EUR' };
    const pending = [
      { kind: 'favorite' as const, brandId: 7, favorite: true, brand: carried },
      { kind: 'favorite' as const, brandId: 9, favorite: true }, // queued before follows carried their brand
    ];
    expect(overlayFavoritesList(list, 2, pending)).toEqual({ items: [list[0], { ...carried, is_favorite: false }, list[1]], total: 3 });
    // a cached copy, when there is one, is preferred (it is the server's latest)
    const cached = { id: 7, name: 'Bravo (cached)' };
    expect(overlayFavoritesList(list, 2, pending, (id) => (id === 7 ? cached : undefined)).items).toEqual([list[0], cached, list[1]]);
    // unfollowed again offline: gone, whatever it carried
    expect(overlayFavoritesList(list, 2, [...pending, { kind: 'favorite' as const, brandId: 7, favorite: false }])).toEqual({ items: list, total: 2 });
  });

  it('a follow carries only what the tile shows', () => {
    const brand = { id: 7, name: 'Bravo', name_nld: '', description: '<p>long</p>', description_nld: '', photo: null, logo: null, hide_background_image: false, hide_logo: false, hide_name: false, site: 'bravo.example', affiliate_percent: 3, commission_type: 'percentage', commission_currency: 'EUR', affiliate_link: null, giftcard_percent: 5, giftcard_type: 'percentage', is_primary: false, is_favorite: false, category: null, secondary_categories: [], country: { name: 'Netherlands', alpha3: 'NLD' }, last_signed_off_worker: null } satisfies Brand;
    expect(Object.keys(queuedBrand(brand)).sort()).toEqual(['commission_currency', 'giftcard_percent', 'giftcard_type', 'hide_background_image', 'hide_logo', 'hide_name', 'id', 'logo', 'name', 'name_nld', 'photo', 'site']);
  });
});
