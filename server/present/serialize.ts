/** Row → contract shapes. URLs of generated media are same-origin paths. */
import type { Brand, Category, Project, User, WalletItem, BarcodeFormat } from '../contract/types.ts';
import type { BrandRow } from '../db/brand-columns.ts';

export const brandPhotoUrl = (id: number) => `/media/brands/${id}/photo.svg`;
export const brandLogoUrl = (id: number) => `/media/brands/${id}/logo.svg`;
export const projectImageUrl = (id: number) => `/media/projects/${id}.svg`;

export function isoDate(v: unknown): string {
  return (v instanceof Date ? v : new Date(String(v))).toISOString();
}

export interface CategoryRow {
  id: number;
  name: string;
  name_nld: string;
  sort_order: number | null;
}

export function toCategory(r: CategoryRow): Category {
  return { id: r.id, name: r.name, name_nld: r.name_nld, sort_order: r.sort_order };
}

/** A brands row as the catalogue reads it (BRAND_SELECT), with the is_favorite flag and secondary categories added. */
export type BrandRowOut = Omit<BrandRow, 'search_key'> & {
  c_name: string | null;
  c_name_nld: string | null;
  c_sort_order: number | null;
  is_favorite: boolean;
  secondary: unknown;
};

function parseJson<T>(v: unknown, fallback: T): T {
  if (v === null || v === undefined) return fallback;
  if (typeof v === 'string') {
    try {
      return JSON.parse(v) as T;
    } catch {
      return fallback;
    }
  }
  return v as T;
}

export function toBrand(r: BrandRowOut): Brand {
  return {
    id: r.id,
    name: r.name,
    name_nld: r.name_nld,
    description: r.description,
    description_nld: r.description_nld,
    photo: r.has_photo ? { url: brandPhotoUrl(r.id) } : null,
    logo: r.has_logo ? { url: brandLogoUrl(r.id) } : null,
    hide_background_image: r.hide_background_image,
    hide_logo: r.hide_logo,
    hide_name: r.hide_name,
    site: r.site,
    affiliate_percent: r.affiliate_percent,
    commission_type: r.commission_type,
    commission_currency: r.commission_currency,
    affiliate_link: r.affiliate_link,
    click_ref_param: r.click_ref_param,
    giftcard_percent: r.giftcard_percent,
    giftcard_type: r.giftcard_type,
    is_primary: r.is_primary,
    is_favorite: Boolean(r.is_favorite),
    category:
      r.category_id === null
        ? null
        : { id: r.category_id, name: r.c_name ?? '', name_nld: r.c_name_nld ?? '', sort_order: r.c_sort_order },
    secondary_categories: parseJson<Category[]>(r.secondary, []),
    country: { name: r.country_name, alpha3: r.country_alpha3 },
    last_signed_off_worker:
      r.rating === null ? null : { rating: r.rating, proof_points_found_list: parseJson(r.proof_points, []) },
  };
}

export interface ProjectRowOut {
  id: number;
  name: string;
  description: string;
  unit_description: string | null;
  social: boolean;
  has_image: boolean;
  type_id: number | null;
  type_name: string | null;
  category_id: number | null;
  category_name: string | null;
  unit: string;
  unit_points: number;
  unit_amount: number;
  accumulation_units_plural: string;
  loyalty_eligible: boolean;
  user_units: number | null;
}

export function toProject(r: ProjectRowOut): Project {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    unit_description: r.unit_description,
    social: r.social,
    background_image: r.has_image ? { url: projectImageUrl(r.id) } : null,
    type: r.type_id === null ? null : { id: r.type_id, name: r.type_name ?? '' },
    category: r.category_id === null ? null : { id: r.category_id, name: r.category_name ?? '' },
    unit: r.unit,
    unit_points: r.unit_points,
    unit_amount: r.unit_amount,
    user_total_units_amount: Math.round(Number(r.user_units ?? 0) * 100) / 100,
    accumulation_units_plural: r.accumulation_units_plural,
    loyalty_eligible: r.loyalty_eligible,
  };
}

export interface WalletRowOut {
  id: number;
  amount: number;
  currency: string;
  digital_card_link: string | null;
  brand_id: number;
  is_primary: boolean;
  has_logo: boolean;
  brand_name: string;
  card_number: string;
  pin: string;
  barcode_value: string;
  barcode_format: BarcodeFormat;
  created_at: unknown;
  /** 'YYYY-MM-DD' (selected with to_char: a date column would come back as a local-time Date). */
  expiry_date: string | null;
  used_at: unknown;
  balance_updated_at: unknown;
  /** The order that bought the card; null for cards that came another way. */
  order_id: number | null;
}

export function toWalletItem(r: WalletRowOut): WalletItem {
  return {
    id: r.id,
    amount: r.amount,
    currency: r.currency,
    digital_card_link: r.digital_card_link,
    corporate_partner: {
      id: r.brand_id,
      is_primary: r.is_primary,
      logo: r.has_logo ? { url: brandLogoUrl(r.brand_id) } : null,
      name: r.brand_name,
    },
    card_number: r.card_number,
    pin: r.pin,
    barcode_value: r.barcode_value,
    barcode_format: r.barcode_format,
    created_at: isoDate(r.created_at),
    expiry_date: r.expiry_date,
    used_at: r.used_at == null ? null : isoDate(r.used_at),
    balance_updated_at: r.balance_updated_at == null ? null : isoDate(r.balance_updated_at),
    order_id: r.order_id ?? null,
  };
}

export type { User };
