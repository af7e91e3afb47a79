/**
 * The contract's response shapes (server/contract/types.ts) as zod schemas, each registered as an
 * OpenAPI component by its `id`. Request shapes are the routes' own parse schemas (operations.ts);
 * contract-check.ts fails the typecheck when these and the contract's types differ.
 */
import { z } from 'zod';
import 'zod-openapi';
import { BARCODE_FORMATS } from '../contract/barcode.ts';

const int = z.int();
const isoTime = z.string().meta({ format: 'date-time', example: '2026-03-05T10:00:00.000Z' });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).meta({ format: 'date', example: '2026-03-05' });
const image = z.object({ url: z.string() }).meta({ id: 'ImageRef' });
const money = (currency: z.ZodType<string>) => z.object({ amount: int, currency });
const points = z.object({ amount: int, currency: z.literal('PTS') });

export const Violation = z
  .object({
    property_path: z.string().meta({ description: "The request field the message is about ('' for the whole body)." }),
    message: z.string(),
    code: z.string().optional().meta({ description: "Stable machine code, e.g. 'required', 'too_short', 'email_already_exists'." }),
  })
  .meta({ id: 'Violation' });

export const ApiError = z
  .object({
    error: z.string().meta({ description: "Stable machine code: 'invalid_request', 'validation_error', 'unauthorized', 'not_found', …" }),
    error_description: z.string(),
    violations: z.array(Violation).optional(),
  })
  .meta({
    id: 'ApiError',
    description: 'Every refusal (4xx, 5xx) answers this shape.',
    example: { error: 'validation_error', error_description: 'The request is not valid.', violations: [{ property_path: 'email', message: 'This value is not a valid email address.', code: 'invalid_email' }] },
  });

const pageMeta = z.object({ total: int.min(0), limit: int.min(0), offset: int.min(0) }).meta({ id: 'PageMetadata' });
const paged = <T extends z.ZodType>(item: T, id: string) => z.object({ results: z.array(item), metadata: pageMeta }).meta({ id });

export const Empty = z.object({}).meta({ id: 'Empty', description: 'An empty object.' });

export const Health = z.object({ ok: z.literal(true) }).meta({ id: 'Health', example: { ok: true } });

export const TokenResponse = z
  .object({
    access_token: z.string(),
    refresh_token: z.string().optional().meta({ description: 'Absent for client_credentials (visitor) tokens. Rotates on every use.' }),
    token_type: z.literal('bearer'),
    expires_in: int.meta({ description: 'Seconds until the access token expires.' }),
    scope: z.literal('ios'),
  })
  .meta({
    id: 'TokenResponse',
    example: { access_token: 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6', refresh_token: 'z9x8c7v6b5n4m3l2k1j0h9g8f7d6s5a4', token_type: 'bearer', expires_in: 900, scope: 'ios' },
  });

export const Country = z
  .object({ id: int, name: z.string(), alpha2: z.string(), alpha3: z.string(), currency: z.string(), numeric: z.string() })
  .meta({ id: 'Country', example: { id: 1, name: 'Netherlands', alpha2: 'NL', alpha3: 'NLD', currency: 'EUR', numeric: '528' } });

export const Interest = z.object({ id: int, name: z.string() }).meta({ id: 'Interest' });

export const User = z
  .object({
    id: int,
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    country: Country.nullable(),
    currency: z.string(),
    profile_photo: z.object({ id: int, url: z.string() }).nullable(),
    edit_version: int.meta({ description: 'PUT must send the value it read; a stale one gets 409 edit_conflict.' }),
    referrer_code: z.string().nullable(),
    ambassador_code: z.string(),
    ambassador_link: z.string(),
    created_at: z.string().optional().meta({ description: 'Addition: when the account was made (ISO 8601).' }),
    user_interests: z.array(Interest),
    loyalty_account: z.object({ amount: points, detailed: z.object({ points_earned: int, points_cleared: int }) }),
  })
  .meta({
    id: 'User',
    example: {
      id: 7, email: 'demo@socialpay.test', first_name: 'Demi', last_name: 'de Vries',
      country: { id: 1, name: 'Netherlands', alpha2: 'NL', alpha3: 'NLD', currency: 'EUR', numeric: '528' },
      currency: 'EUR', profile_photo: null, edit_version: 3, referrer_code: null, ambassador_code: 'K7P2Q',
      ambassador_link: 'https://socialpay.example/invite/K7P2Q', created_at: '2026-03-14T09:30:00.000Z', user_interests: [{ id: 2, name: 'Food' }],
      loyalty_account: { amount: { amount: 1250, currency: 'PTS' }, detailed: { points_earned: 1500, points_cleared: 1250 } },
    },
  });

export const UploadedFile = z.object({ id: int, url: z.string() }).meta({ id: 'UploadedFile', example: { id: 12, url: '/media/uploads/12-Xk3bQ9fLm2Rt' } });

export const Category = z.object({ id: int, name: z.string(), name_nld: z.string(), sort_order: int.nullable() }).meta({ id: 'Category' });

const commissionType = z.enum(['percentage', 'fixed']);
export const Brand = z
  .object({
    id: int,
    name: z.string(),
    name_nld: z.string(),
    description: z.string().meta({ description: 'HTML: sanitise before rendering.' }),
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
    click_ref_param: z.string().optional(),
    giftcard_percent: z.number(),
    giftcard_type: commissionType,
    is_primary: z.boolean(),
    is_favorite: z.boolean(),
    category: Category.nullable(),
    secondary_categories: z.array(Category),
    country: z.object({ name: z.string(), alpha3: z.string() }),
    last_signed_off_worker: z
      .object({
        rating: z.enum(['GREEN', 'AMBER', 'GREY']),
        proof_points_found_list: z.array(z.object({ pillar: z.enum(['planet', 'people', 'principles']), text: z.string(), text_nld: z.string() })),
      })
      .nullable(),
  })
  .meta({ id: 'Brand' });

export const CountryPage = paged(Country, 'CountryPage');
export const InterestPage = paged(Interest, 'InterestPage');
export const CategoryPage = paged(Category, 'CategoryPage');
export const BrandPage = z
  .object({
    results: z.array(Brand),
    metadata: pageMeta,
    suggestions: z.array(Brand).optional().meta({ description: 'On a first page whose filter[name] matched nothing: close names (at most 3).' }),
  })
  .meta({ id: 'BrandPage' });

export const PayResponse = z.object({ payment_url: z.string(), order_id: int }).meta({ id: 'PayResponse' });

export const WalletItem = z
  .object({
    id: int,
    amount: int.meta({ description: 'Remaining balance in minor units.' }),
    currency: z.string(),
    digital_card_link: z.string().nullable(),
    corporate_partner: z.object({ id: int, is_primary: z.boolean(), logo: image.nullable(), name: z.string() }),
    card_number: z.string(),
    pin: z.string(),
    barcode_value: z.string(),
    barcode_format: z.enum(BARCODE_FORMATS),
    created_at: isoTime,
    expiry_date: day.nullable().optional(),
    used_at: isoTime.nullable().optional(),
    balance_updated_at: isoTime.nullable().optional(),
    order_id: int.nullable().optional(),
  })
  .meta({ id: 'WalletItem' });
export const WalletList = z.array(WalletItem).meta({ id: 'WalletList' });

export const BalanceEvent = z
  .object({ id: int, event_id: z.string(), type: z.enum(['spend', 'correction']), change: int, balance: int, created_at: isoTime })
  .meta({ id: 'BalanceEvent' });
export const BalanceEventPage = paged(BalanceEvent, 'BalanceEventPage');
export const BalanceEventResult = z.object({ event: BalanceEvent, wallet_item: WalletItem }).meta({ id: 'BalanceEventResult' });

export const OrderStatus = z
  .object({ ready: z.boolean(), status: z.enum(['pending', 'paid']), wallet_item_id: int.optional() })
  .meta({ id: 'OrderStatus' });

export const Order = z
  .object({
    id: int,
    status: z.enum(['pending', 'paid', 'cancelled']),
    amount: int,
    currency: z.string(),
    corporate_partner: z.object({ id: int, name: z.string(), name_nld: z.string(), logo: image.nullable() }),
    reward_points: int.nullable(),
    wallet_item_id: int.nullable(),
    created_at: isoTime,
    settled_at: isoTime.nullable(),
    expired: z.boolean().optional(),
  })
  .meta({ id: 'Order' });
export const OrderPage = paged(Order, 'OrderPage');

export const Project = z
  .object({
    id: int,
    name: z.string(),
    description: z.string(),
    unit_description: z.string().nullable(),
    social: z.boolean(),
    background_image: image.nullable(),
    type: z.object({ id: int, name: z.string() }).nullable(),
    category: z.object({ id: int, name: z.string() }).nullable(),
    unit: z.string(),
    unit_points: int,
    unit_amount: z.number(),
    user_total_units_amount: z.number(),
    accumulation_units_plural: z.string(),
    loyalty_eligible: z.boolean().optional(),
  })
  .meta({ id: 'Project' });
export const ProjectPage = paged(Project, 'ProjectPage');

export const DonateResponse = z.object({ transaction_id: int, balance: int, units: z.number() }).meta({ id: 'DonateResponse' });
export const TargetItem = z.object({ id: int, target: Project }).meta({ id: 'TargetItem' });
export const TargetPage = paged(TargetItem, 'TargetPage');

export const SavingsSummary = z
  .object({
    year: int,
    current_month: int,
    year_to_date: int,
    total: int,
    monthly: z.record(z.string(), int).meta({ description: 'English month name → minor units, all twelve months.' }),
    monthly_average: int,
    currency: z.string(),
  })
  .meta({ id: 'SavingsSummary' });

export const ContributionSummary = z
  .object({
    currency: z.string(),
    results: z.array(z.object({ project_id: int, project_name: z.string(), amount: int, badge_url: z.string().nullable() })),
  })
  .meta({ id: 'ContributionSummary' });

const accountRef = z.object({ id: int, user: z.object({ id: int }).nullable(), project: z.object({ id: int, name: z.string() }).nullable() });
export const Transaction = z
  .object({
    id: int,
    date: isoTime,
    type: z.object({ id: int, name: z.string() }),
    debit_account: accountRef,
    credit_account: accountRef,
    debit_amount: points,
    credit_amount: points,
    units: z.number().nullable(),
    external_transaction: z
      .object({
        amount: money(z.string()),
        state: z.object({ name: z.string() }),
        corporate_partner: z.object({ name: z.string(), id: int.optional() }).nullable(),
        tracked_at: isoTime.optional(),
        pending_at: isoTime.nullable().optional(),
        confirmed_at: isoTime.nullable().optional(),
        paid_at: isoTime.nullable().optional(),
        canceled_at: isoTime.nullable().optional(),
        cancel_reason: z.string().nullable().optional(),
      })
      .nullable(),
  })
  .meta({ id: 'Transaction' });
export const TransactionPage = paged(Transaction, 'TransactionPage');

const claimStatus = z.enum(['submitted', 'reviewing', 'approved', 'rejected']);
export const RewardClaim = z
  .object({
    id: int,
    trip_id: int,
    purchase_date: day,
    order_number: z.string(),
    amount: money(z.string()),
    status: claimStatus,
    reason: z.string().nullable().optional(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .meta({ id: 'RewardClaim' });

export const ShoppingTrip = z
  .object({
    id: int,
    created_at: isoTime,
    corporate_partner: z.object({ id: int, name: z.string(), name_nld: z.string(), logo: image.nullable() }),
    transaction_id: int.nullable(),
    reward_state: z.enum(['pending', 'confirmed', 'paid', 'canceled']).nullable().optional(),
    claim: RewardClaim.nullable(),
    click_ref: z.string().nullable().optional(),
    terms: z.object({ type: commissionType, value: z.number() }).nullable().optional(),
  })
  .meta({ id: 'ShoppingTrip' });
export const ShoppingTripPage = paged(ShoppingTrip, 'ShoppingTripPage');

export const FondoJourney = z.object({ url: z.string() }).meta({ id: 'FondoJourney' });

export const PrivacySettings = z
  .object({ screen_visits: z.boolean().nullable(), screen_visits_chosen_at: isoTime.nullable() })
  .meta({ id: 'PrivacySettings' });

export const SignedInDevice = z
  .object({ id: z.string(), browser: z.string().nullable(), os: z.string().nullable(), first_seen: isoTime, last_seen: isoTime, current: z.boolean() })
  .meta({ id: 'SignedInDevice' });
export const DeviceList = z.object({ results: z.array(SignedInDevice) }).meta({ id: 'DeviceList' });

const notificationKind = z.enum(['expiry', 'reward', 'claim', 'invite']);
export const PushKey = z.object({ public_key: z.string().meta({ description: 'The VAPID public key, base64url.' }) }).meta({ id: 'PushKey' });
export const NotificationSettings = z
  .object({
    expiry: z.boolean(),
    reward: z.boolean(),
    claim: z.boolean(),
    invite: z.boolean(),
    time_zone: z.string().meta({ example: 'Europe/Amsterdam' }),
    lang: z.enum(['en', 'nl']),
    subscribed: z.boolean().meta({ description: 'This device has a push subscription.' }),
  })
  .meta({ id: 'NotificationSettings' });
export const InboxNotification = z
  .object({
    id: int,
    kind: notificationKind,
    title: z.string(),
    body: z.string(),
    path: z.string().meta({ description: 'The screen it is about, without the language prefix.', example: '/wallet/12' }),
    created_at: isoTime,
    read: z.boolean(),
  })
  .meta({ id: 'InboxNotification' });
export const InboxPage = z
  .object({ results: z.array(InboxNotification), metadata: z.object({ total: int.min(0), limit: int.min(0), offset: int.min(0), unread: int.min(0) }) })
  .meta({ id: 'InboxPage' });

export const PartnerConversionResult = z
  .object({
    event_id: z.string(),
    conversion_id: int,
    outcome: z.enum(['applied', 'ignored', 'after_payout', 'unmatched']).meta({
      description: 'after_payout: a decline that came after the reward was paid out or its points were spent; recorded for the operator, not applied.',
    }),
    transaction: z.object({ id: int, state: z.enum(['Pending', 'Confirmed', 'Paid', 'Canceled']) }).nullable(),
  })
  .meta({ id: 'PartnerConversionResult', example: { event_id: 'evt-1001', conversion_id: 4, outcome: 'applied', transaction: { id: 88, state: 'Pending' } } });

export const OperatorClaim = z
  .object({
    id: int,
    trip_id: int,
    user_id: int,
    corporate_partner: z.object({ id: int, name: z.string() }),
    trip_created_at: isoTime,
    click_ref: z.string().nullable(),
    purchase_date: day,
    order_number: z.string(),
    amount: money(z.string()),
    status: claimStatus,
    reason: z.string().nullable(),
    transaction_id: int.nullable(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .meta({ id: 'OperatorClaim' });
export const OperatorClaimPage = paged(OperatorClaim, 'OperatorClaimPage');

export const OperatorConversion = z
  .object({
    id: int,
    network: z.string(),
    order_ref: z.string(),
    click_ref: z.string(),
    status: z.enum(['pending', 'approved', 'declined']),
    order_amount: money(z.string()),
    reason: z.string().nullable(),
    occurred_at: isoTime,
    created_at: isoTime,
    trip_id: int.nullable(),
    transaction_id: int.nullable(),
    declined_after_payout: z.boolean(),
  })
  .meta({ id: 'OperatorConversion' });
export const OperatorConversionPage = paged(OperatorConversion, 'OperatorConversionPage');

export const OperatorAction = z
  .object({
    id: int,
    operator: z.string(),
    action: z.enum(['approve_claim', 'confirm_claim', 'reject_claim', 'match_conversion']),
    subject: z.string(),
    detail: z.record(z.string(), z.unknown()),
    created_at: isoTime,
  })
  .meta({ id: 'OperatorAction' });
export const OperatorActionPage = paged(OperatorAction, 'OperatorActionPage');
