/**
 * The brands table's columns, each with its SQL type and its TypeScript type: the one definition the
 * seed's rows and bulk insert, the catalogue's SELECT and the serializer's row type derive from.
 * Columns the API passes through take their type from the contract's Brand, so the stored shape and
 * the API shape cannot drift apart. (The table itself was created by migration 001.)
 */
import type { Brand, ProofPoint } from '../contract/types.ts';

/** A column: its SQL type for bulk inserts; T is the type of its value (phantom, for the derived types). */
interface Column<T> {
  sql: string;
  /** Never set: carries T. */
  readonly value?: T;
}
const col = <T>(sql: string): Column<T> => ({ sql });

export const BRAND_COLUMNS = {
  id: col<Brand['id']>('integer'),
  name: col<Brand['name']>('text'),
  name_nld: col<Brand['name_nld']>('text'),
  /** Lower-cased, accents stripped, both names: what the search matches (never sent). */
  search_key: col<string>('text'),
  description: col<Brand['description']>('text'),
  description_nld: col<Brand['description_nld']>('text'),
  has_photo: col<boolean>('boolean'),
  has_logo: col<boolean>('boolean'),
  hide_background_image: col<Brand['hide_background_image']>('boolean'),
  hide_logo: col<Brand['hide_logo']>('boolean'),
  hide_name: col<Brand['hide_name']>('boolean'),
  site: col<Brand['site']>('text'),
  affiliate_percent: col<Brand['affiliate_percent']>('double precision'),
  commission_type: col<Brand['commission_type']>('text'),
  commission_currency: col<Brand['commission_currency']>('text'),
  affiliate_link: col<Brand['affiliate_link']>('text'),
  giftcard_percent: col<Brand['giftcard_percent']>('double precision'),
  giftcard_type: col<Brand['giftcard_type']>('text'),
  is_primary: col<Brand['is_primary']>('boolean'),
  category_id: col<number | null>('integer'),
  country_alpha3: col<Brand['country']['alpha3']>('text'),
  country_name: col<Brand['country']['name']>('text'),
  rating: col<NonNullable<Brand['last_signed_off_worker']>['rating'] | null>('text'),
  proof_points: col<ProofPoint[] | null>('jsonb'),
  /** The affiliate network whose conversions this brand's sales arrive from ('demo': the sandbox shop). */
  network: col<string | null>('text'),
  click_ref_param: col<NonNullable<Brand['click_ref_param']>>('text'),
};

type Columns = typeof BRAND_COLUMNS;

/** A brands row as stored (the seed writes these). */
export type BrandRow = { [K in keyof Columns]: Columns[K] extends Column<infer T> ? T : never };

/** Column names and SQL types, in table order, for insertRows. */
export const BRAND_INSERT_COLUMNS = Object.entries(BRAND_COLUMNS).map(([name, c]): [string, string] => [name, c.sql]);

/** Columns the catalogue reads (all but the search key) from brands `b`, with its category `c`. */
export const BRAND_SELECT = [
  ...Object.keys(BRAND_COLUMNS)
    .filter((name) => name !== 'search_key')
    .map((name) => `b.${name}`),
  'c.name AS c_name',
  'c.name_nld AS c_name_nld',
  'c.sort_order AS c_sort_order',
].join(', ');
