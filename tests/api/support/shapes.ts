/**
 * The contract's shapes (server/contract/types.ts) as zod schemas, for asserting responses.
 * Objects are not strict: the contract allows additive fields.
 */
import { expect } from 'vitest';
import { z } from 'zod';
import type { Res } from './client.ts';
import { BARCODE_FORMATS } from '../../../server/contract/barcode.ts';

const int = z.number().int();
const nonNegInt = int.min(0);
const image = z.object({ url: z.string().min(1) });
export const isoDate = z.string().refine((s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}T/.test(s), 'ISO date');

export const violationShape = z.object({ property_path: z.string(), message: z.string().min(1), code: z.string().optional() });
export const apiErrorShape = z.object({
  error: z.string().min(1),
  error_description: z.string().min(1),
  violations: z.array(violationShape).optional(),
});

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    metadata: z.object({ total: nonNegInt, limit: nonNegInt, offset: nonNegInt }),
  });

export const tokenShape = z.object({
  access_token: z.string().min(20),
  refresh_token: z.string().min(20).optional(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().positive(),
  scope: z.literal('ios'),
});

export const countryShape = z.object({
  id: int,
  name: z.string(),
  alpha2: z.string().length(2),
  alpha3: z.string().length(3),
  currency: z.string().length(3),
  numeric: z.string(),
});

export const interestShape = z.object({ id: int, name: z.string().min(1) });

export const userShape = z.object({
  id: int,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  country: countryShape.nullable(),
  currency: z.string(),
  profile_photo: z.object({ id: int, url: z.string().min(1) }).nullable(),
  edit_version: int,
  referrer_code: z.string().nullable(),
  ambassador_code: z.string().regex(/^[A-Za-z0-9]{5}$/),
  ambassador_link: z.string().min(1),
  created_at: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'an ISO time'),
  user_interests: z.array(interestShape),
  loyalty_account: z.object({
    amount: z.object({ amount: int, currency: z.literal('PTS') }),
    detailed: z.object({ points_earned: int, points_cleared: int }),
  }),
});

export const categoryShape = z.object({ id: int, name: z.string().min(1), name_nld: z.string().min(1), sort_order: int.nullable() });

const commissionType = z.enum(['percentage', 'fixed']);
export const brandShape = z.object({
  id: int,
  name: z.string().min(1),
  name_nld: z.string().min(1),
  description: z.string(),
  description_nld: z.string(),
  photo: image.nullable(),
  logo: image.nullable(),
  hide_background_image: z.boolean(),
  hide_logo: z.boolean(),
  hide_name: z.boolean(),
  site: z.string(),
  affiliate_percent: z.number(),
  commission_type: commissionType,
  commission_currency: z.string(),
  affiliate_link: z.string().nullable(),
  giftcard_percent: z.number(),
  giftcard_type: commissionType,
  is_primary: z.boolean(),
  is_favorite: z.boolean(),
  category: categoryShape.nullable(),
  secondary_categories: z.array(categoryShape),
  country: z.object({ name: z.string(), alpha3: z.string().length(3) }),
  last_signed_off_worker: z
    .object({
      rating: z.enum(['GREEN', 'AMBER', 'GREY']),
      proof_points_found_list: z.array(
        z.object({ pillar: z.enum(['planet', 'people', 'principles']), text: z.string(), text_nld: z.string() }),
      ),
    })
    .nullable(),
});

export const payShape = z.object({ payment_url: z.string().url(), order_id: int.positive() });

export const walletItemShape = z.object({
  id: int,
  amount: int,
  currency: z.string().length(3),
  digital_card_link: z.string().nullable(),
  corporate_partner: z.object({ id: int, is_primary: z.boolean(), logo: image.nullable(), name: z.string().min(1) }),
  card_number: z.string().min(1),
  pin: z.string().min(1),
  barcode_value: z.string().min(1),
  barcode_format: z.enum(BARCODE_FORMATS),
  created_at: isoDate,
  // Additions (optional in the contract; this server sends them).
  expiry_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  used_at: isoDate.nullable(),
  balance_updated_at: isoDate.nullable(),
  order_id: int.positive().nullable(),
});

export const orderStatusShape = z.object({
  ready: z.boolean(),
  status: z.enum(['pending', 'paid']),
  wallet_item_id: int.optional(),
});

export const orderShape = z.object({
  id: int.positive(),
  status: z.enum(['pending', 'paid', 'cancelled']),
  amount: int.positive(),
  currency: z.string().length(3),
  corporate_partner: z.object({ id: int, name: z.string().min(1), name_nld: z.string(), logo: image.nullable() }),
  reward_points: int.min(0).nullable(),
  wallet_item_id: int.positive().nullable(),
  created_at: isoDate,
  settled_at: isoDate.nullable(),
  expired: z.boolean(),
});

export const projectShape = z.object({
  id: int,
  name: z.string().min(1),
  description: z.string(),
  unit_description: z.string().nullable(),
  social: z.boolean(),
  background_image: image.nullable(),
  type: z.object({ id: int, name: z.string() }).nullable(),
  category: z.object({ id: int, name: z.string() }).nullable(),
  unit: z.string().min(1),
  unit_points: int.positive(),
  unit_amount: z.number().positive(),
  user_total_units_amount: z.number().min(0),
  accumulation_units_plural: z.string().min(1),
});

export const donateShape = z.object({ transaction_id: int, balance: int, units: z.number().positive() });
export const targetItemShape = z.object({ id: int, target: projectShape });

export const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];
export const savingsShape = z.object({
  year: int,
  current_month: int,
  year_to_date: int,
  total: int,
  monthly: z.record(z.string(), int).refine((m) => MONTHS.every((k) => k in m) && Object.keys(m).length === 12, 'twelve months'),
  monthly_average: int,
  currency: z.string().length(3),
});

export const contributionShape = z.object({
  currency: z.string().length(3),
  results: z.array(z.object({ project_id: int, project_name: z.string(), amount: int, badge_url: z.string().nullable() })),
});

const accountRef = z.object({
  id: int,
  user: z.object({ id: int }).nullable(),
  project: z.object({ id: int, name: z.string() }).nullable(),
});
export const transactionShape = z.object({
  id: int,
  date: isoDate,
  type: z.object({ id: int, name: z.string().min(1) }),
  debit_account: accountRef,
  credit_account: accountRef,
  debit_amount: z.object({ amount: int, currency: z.literal('PTS') }),
  credit_amount: z.object({ amount: int, currency: z.literal('PTS') }),
  units: z.number().nullable(),
  external_transaction: z
    .object({
      amount: z.object({ amount: int, currency: z.string() }),
      state: z.object({ name: z.string() }),
      corporate_partner: z.object({ name: z.string() }).nullable(),
    })
    .nullable(),
});

/** Asserts the body matches the schema, with a readable message. */
export function expectShape<T extends z.ZodType>(schema: T, value: unknown, label = 'body'): z.infer<T> {
  const r = schema.safeParse(value);
  if (!r.success) {
    const issues = r.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    expect.fail(`${label} does not match the contract: ${issues}\n${JSON.stringify(value).slice(0, 600)}`);
  }
  return r.data;
}

/** A successful response with the given status and shape. */
export function expectOk<T extends z.ZodType>(res: Res, status: number, schema?: T): z.infer<T> {
  expect(res.status, `${res.status} ${res.text.slice(0, 400)}`).toBe(status);
  if (schema) return expectShape(schema, res.body);
  return res.body;
}

/** The contract's error shape with the given status (and error code, when given). */
export function expectError(res: Res, status: number, code?: string): z.infer<typeof apiErrorShape> {
  expect(res.status, `expected ${status}${code ? ' ' + code : ''}, got ${res.status}: ${res.text.slice(0, 400)}`).toBe(status);
  expect(res.headers.get('content-type') ?? '').toContain('application/json');
  const body = expectShape(apiErrorShape, res.body, 'error body');
  if (code) expect(body.error).toBe(code);
  return body;
}

/** Any 4xx in the contract's error shape (bad input must never be a 5xx). */
export function expectClientError(res: Res): z.infer<typeof apiErrorShape> {
  expect(res.status, `expected a 4xx, got ${res.status}: ${res.text.slice(0, 400)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `expected a 4xx, got ${res.status}: ${res.text.slice(0, 400)}`).toBeLessThan(500);
  return expectShape(apiErrorShape, res.body, 'error body');
}

export function violationPaths(body: { violations?: { property_path: string }[] }): string[] {
  return (body.violations ?? []).map((v) => v.property_path);
}
