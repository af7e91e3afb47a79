/**
 * A brand tile: photo (or logo, or name) honouring the hide flags, the gift-card reward badge and the site.
 * Shared by the shop and favorites features. Its rules are in brand-tile.css; the visually hidden
 * badge label uses .sp-visually-hidden from the shop stylesheet, which the first-paint shop page always loads.
 */
import { useState, type ReactNode } from 'react';
import type { Brand } from '@contract/types';
import type { QueuedBrand } from '../offline/outbox-change';
import { giftcardBadge } from '../lib/catalogue/badge';
import { brandName, type Lang } from '../lib/catalogue/catalogue-logic';
import { hashHref } from '../lib/navigation';
import './brand-tile.css';

/** What a tile shows: the brand as a queued follow carries it, and its favourite flag. */
export type TileBrand = QueuedBrand & Pick<Brand, 'is_favorite'>;

/** Image URLs that finished loading on this page: a tile that shows them again downloads nothing. */
const loadedImages = new Set<string>();
const LOADED_IMAGES_MAX = 4000;

function rememberLoaded(url: string): void {
  if (loadedImages.has(url)) return;
  if (loadedImages.size >= LOADED_IMAGES_MAX) loadedImages.delete(loadedImages.values().next().value as string);
  loadedImages.add(url);
}

/** The photo a tile shows (none when hidden or missing): BrandTile's rule, also used to fetch it early. */
export function tilePhoto(brand: Pick<Brand, 'photo' | 'hide_background_image'>): string | null {
  return !brand.hide_background_image && brand.photo?.url ? brand.photo.url : null;
}

/**
 * Starts downloading a tile's photo before the tile exists (src/app/boot-prefetch.ts: the first row's
 * high-priority photos, as soon as the row's data is in, so the download overlaps the rows' render).
 * The tile's <img> then takes it from the page's memory cache: one request.
 */
export function fetchTilePhotoEarly(url: string): void {
  const img = new Image();
  img.fetchPriority = 'high';
  img.decoding = 'async';
  img.onload = () => rememberLoaded(url);
  img.src = url;
}

/** Whether this page has already loaded the image at `url` (exported for tests). */
export function imageLoaded(url: string): boolean {
  return loadedImages.has(url);
}

export function siteLabel(site: string): string {
  return site.replace(/^https?:\/\//i, '').replace(/^www\./i, '').replace(/\/$/, '');
}

/** The heart on a followed brand's tile (its `mark`), outlined while the follow waits to sync. */
export function FavoriteMark(props: { pending: boolean; label: string }) {
  return (
    <span className={props.pending ? 'sp-tile__fav sp-tile__fav--pending' : 'sp-tile__fav'}>
      <span aria-hidden="true">♥</span>
      <span className="sp-visually-hidden">{props.label}</span>
    </span>
  );
}

export function BrandTile(props: {
  brand: TileBrand;
  lang: Lang;
  onOpen: (brand: TileBrand) => void;
  /** Extra controls rendered on the tile, outside the main button (e.g. an unfollow icon). */
  extra?: ReactNode;
  /** Visible mark for an unsynced change. */
  mark?: ReactNode;
  badgeLabel: string;
  /**
   * Where the tile sits: 'lazy' (default) loads its images when they come near the screen; 'eager'
   * (the first screenful) at once; 'high' also at high fetch priority (the likely largest paint);
   * 'none' downloads nothing yet and shows only images this page has already loaded (the media area
   * keeps its background, as while an image downloads): for rows still far from the screen
   * (src/features/shop/tile-load.ts). 'later': a tile that has not shown its images yet shows none, not
   * even loaded ones, and one that has keeps them: search tiles while the text changes (a new <img> is a
   * request again and, for an SVG, a parse on the main thread, even for an image loaded before).
   */
  load?: 'lazy' | 'eager' | 'high' | 'none' | 'later';
}) {
  const { brand, lang } = props;
  const name = brandName(brand, lang);
  // 'later' holds back only a tile that has never been allowed its images (derived state, set in render).
  const [allowed, setAllowed] = useState(props.load !== 'later');
  if (!allowed && props.load !== 'later') setAllowed(true);
  const load = props.load === 'later' ? (allowed ? 'lazy' : 'later') : (props.load ?? 'lazy');
  const photo = tilePhoto(brand);
  const logo = !brand.hide_logo && brand.logo?.url ? brand.logo.url : null;
  const badge = giftcardBadge(brand, lang);
  const loading = load === 'lazy' ? 'lazy' : 'eager';
  const fetchPriority = load === 'high' ? 'high' : undefined;
  const showPhoto = !!photo && load !== 'later' && (load !== 'none' || loadedImages.has(photo));
  const showLogo = !!logo && load !== 'later' && (load !== 'none' || loadedImages.has(logo));
  return (
    <div className="sp-tile" data-brand-id={brand.id}>
      {/* A link to the brand's gift card: a plain click opens it by the caller's rules (a visitor signs in
          first), while Ctrl/⌘/Shift or a middle click opens the address in a new tab or window. */}
      <a
        className="sp-tile__main"
        href={hashHref(`/gift-card/${brand.id}`, lang)}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          props.onOpen(brand);
        }}
      >
        <span className="sp-tile__media">
          {showPhoto ? (
            <img className="sp-tile__photo" src={photo} alt="" loading={loading} fetchPriority={fetchPriority} decoding="async" width={320} height={180} onLoad={() => rememberLoaded(photo)} />
          ) : null}
          {showLogo ? (
            <img className={photo ? 'sp-tile__logo sp-tile__logo--over' : 'sp-tile__logo'} src={logo} alt="" loading={loading} decoding="async" width={64} height={64} onLoad={() => rememberLoaded(logo)} />
          ) : null}
          {!photo && !logo ? <span className="sp-tile__initial" aria-hidden="true">{name.slice(0, 1)}</span> : null}
          <span className="sp-tile__badge">
            <span className="sp-visually-hidden">{props.badgeLabel} </span>
            {badge}
          </span>
        </span>
        <span className={brand.hide_name ? 'sp-visually-hidden' : 'sp-tile__name'}>{name}</span>
        {brand.site ? <span className="sp-tile__site">{siteLabel(brand.site)}</span> : null}
        {props.mark}
      </a>
      {props.extra}
    </div>
  );
}
