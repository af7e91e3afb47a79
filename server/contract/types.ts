/**
 * The HTTP contract between the app (src/) and any server (server/ is the reference one).
 * It keeps the original mobile API's resources, fields and shapes, so that server still works with
 * the app; where that API left a choice open, the choice made here is the contract, and the README's
 * "API contract" section repeats the decisions in prose.
 *
 * The app imports this file with `import type` only, so nothing here reaches the bundle.
 *
 * Conventions
 * - Every path exists under both prefixes /api/v1.0 and /api/v1 (shown here without prefix).
 * - Money is integer minor units (euro cents). Points are integers and 1 point = 1 euro cent,
 *   so a donation of 500 points shows as a contribution of €5.00.
 * - Paged lists take ?limit&offset and answer `Paged<T>`.
 * - Dates are ISO 8601 strings in UTC.
 * - Errors answer `ApiError` with a 4xx/5xx status; validation failures are 422 with violations.
 * - Auth: `Authorization: Bearer <access_token>`; `Accept-Language: en|nl`.
 */

// ---------- shared ----------

export interface Paged<T> {
  results: T[];
  metadata: { total: number; limit: number; offset: number };
}

/**
 * A brand list page. Addition: `suggestions`, only on a first page whose `filter[name]` matched nothing,
 * the brands whose name holds that text with a few typing mistakes, closest first (at most 3).
 */
export interface BrandPage extends Paged<Brand> {
  suggestions?: Brand[];
}

export interface Violation {
  /** The request field the message is about: 'email', 'password', 'password_confirmation', 'target_id', 'file', ... */
  property_path: string;
  /** Human-readable message, or (for target rules) a translation key such as 'at_least_one_should_be_social'. */
  message: string;
  /** Stable machine code, e.g. 'email_already_exists', 'too_short', 'not_equal', 'invalid_email'. */
  code?: string;
}

export interface ApiError {
  /** Stable machine code: 'validation_error', 'unauthorized', 'forbidden', 'not_found',
   *  'edit_conflict', 'invalid_grant', 'too_many_requests', 'insufficient_points',
   *  'at_least_one_should_be_social', 'loyalty_project_not_found', 'internal_server_error', ... */
  error: string;
  error_description: string;
  violations?: Violation[];
}

export interface ImageRef {
  url: string;
}

// ---------- auth: POST /oauth/v2/token (JSON or form-urlencoded) ----------

export type TokenRequest =
  | { grant_type: 'password'; username: string; password: string; client_id?: string; client_secret?: string; scope?: 'ios' }
  | { grant_type: 'refresh_token'; refresh_token: string; client_id?: string; client_secret?: string; scope?: 'ios' }
  | { grant_type: 'client_credentials'; client_id?: string; client_secret?: string; scope?: 'ios' };

export interface TokenResponse {
  access_token: string;
  /** Absent for client_credentials (visitor) tokens. Rotates on every use. */
  refresh_token?: string;
  token_type: 'bearer';
  /** Seconds until the access token expires (about 900). */
  expires_in: number;
  scope: 'ios';
}
/** Token failures: 400 { error: 'invalid_grant' | 'invalid_request' | 'unsupported_grant_type', error_description }
 *  429 { error: 'too_many_requests', error_description } when sign-in attempts are throttled. */

/** Addition (server): POST /oauth/v2/revoke { token } (JSON or form) → 200 {} always, for logout.
 *  A refresh token revokes its whole session (every refresh and access token issued from that
 *  sign-in); an access token revokes just itself. */
export interface RevokeRequest {
  token: string;
}

// ---------- countries: GET /site/countries (public) → Paged<Country> ----------

export interface Country {
  id: number;
  name: string;
  alpha2: string;
  alpha3: string;
  currency: string;
  numeric: string;
}

// ---------- users ----------

export interface Interest {
  id: number;
  name: string;
}

export interface LoyaltyAccount {
  /** Spendable points balance. */
  amount: { amount: number; currency: 'PTS' };
  detailed: { points_earned: number; points_cleared: number };
}

export interface User {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  country: Country | null;
  currency: string;
  profile_photo: { id: number; url: string } | null;
  /** Optimistic-concurrency counter: PUT must send the value it read; a stale one gets 409 edit_conflict. */
  edit_version: number;
  referrer_code: string | null;
  /** The user's own 5-character invite code and the link built from it. */
  ambassador_code: string;
  ambassador_link: string;
  /** Addition: when the account was made (ISO); My Impact pages no further back than its year. */
  created_at?: string;
  user_interests: Interest[];
  loyalty_account: LoyaltyAccount;
}

/** POST /application-users (visitor or no token) → 201 User; 422 violations (email invalid or
 *  already registered with code 'email_already_exists', password too_short (< 8),
 *  password_confirmation not_equal, country_id unknown). */
export interface SignUpRequest {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  country_id: number;
  currency?: string;
  referrer_code?: string | null;
}

/** PUT /application-users/me → 200 User; 422 violations; 409 { error: 'edit_conflict', ... } when
 *  edit_version is stale (nothing is written). */
export interface UpdateMeRequest {
  first_name: string;
  last_name: string;
  email: string;
  country_id: number;
  currency?: string;
  edit_version: number;
  profile_photo_id?: number | null;
}

/** PUT /application-users/me/interests → 200 User (same edit_version rule as PUT me). */
export interface SaveInterestsRequest {
  user_interests: number[];
  edit_version: number;
}
// GET /interests → Paged<Interest>
// DELETE /application-users/me → 204 (personal data, tokens, favorites, targets, wallet removed)
// POST /reset-password/{email} → 200 {} always (never reveals whether the email exists)
// POST /files (multipart: file, mime) → 201 UploadedFile; 422 violations on 'file'
//   (not an image, or larger than 2 MB); 413 when the body itself is too large.
export interface UploadedFile {
  id: number;
  /** Where the image is served: /media/uploads/{id}-{random key} (the key keeps photos unguessable). */
  url: string;
}

// ---------- catalogue ----------

export interface Category {
  id: number;
  name: string;
  name_nld: string;
  sort_order: number | null;
}
// GET /site/categories (public) and /categories → Paged<Category>

export type CommissionType = 'percentage' | 'fixed';
export type SustainabilityRating = 'GREEN' | 'AMBER' | 'GREY';

export interface ProofPoint {
  pillar: 'planet' | 'people' | 'principles';
  text: string;
  text_nld: string;
}

export interface Brand {
  id: number;
  name: string;
  name_nld: string;
  /** HTML: must be sanitised before rendering. */
  description: string;
  description_nld: string;
  photo: ImageRef | null;
  logo: ImageRef | null;
  hide_background_image: boolean;
  hide_logo: boolean;
  hide_name: boolean;
  site: string;
  /** Cashback for shopping through affiliate_link: a percent (commission_type percentage) or minor units (fixed). */
  affiliate_percent: number;
  commission_type: CommissionType;
  commission_currency: string;
  affiliate_link: string | null;
  /** Addition: the query parameter of affiliate_link the brand's network reads the SHOP tap's click
   *  reference from (default 'subid'). A relative affiliate_link is on this server (the demo shop). */
  click_ref_param?: string;
  /** Reward for buying a gift card: a percent (giftcard_type percentage) or minor units (fixed). */
  giftcard_percent: number;
  giftcard_type: CommissionType;
  is_primary: boolean;
  /** Always false for visitors. */
  is_favorite: boolean;
  category: Category | null;
  secondary_categories: Category[];
  country: { name: string; alpha3: string };
  last_signed_off_worker: {
    rating: SustainabilityRating;
    proof_points_found_list: ProofPoint[];
  } | null;
}

/**
 * Brand lists, all Paged<Brand>, ordered by name; brands appear under their secondary categories too.
 * Query: limit (default 12, max 200), offset, filter[name] (case- and accent-insensitive substring),
 * filter[country]=NLD (only brands of that country; the app sends it in Dutch mode).
 *   user:    GET /corporate-partners/category/all | /corporate-partners/category/{categoryId}
 *   visitor: GET /site/corporate-partners/all     | /site/corporate-partners/{categoryId}
 * Single brand (404 not_found when missing):
 *   user:    GET /corporate-partners/{id}          | GET /corporate-partners/by-name/{name}
 *   visitor: GET /site/corporate-partners/by-id/{id} | GET /site/corporate-partners/by-name/{name}
 *   by-name matches case-insensitively; ?filter[country]=NLD picks that country's brand.
 * By a shop page's host (addition): GET /site/corporate-partners/by-site/{host} → Paged<Brand>, the brands
 *   whose site is the host or a parent domain of it, most specific first (empty when none; 400 for a
 *   host that is not a domain name).
 * Favorites (user): GET /corporate-partners/favorites → Paged<Brand>;
 *   POST /corporate-partners/{id}/favorite → 200 Brand (idempotent);
 *   DELETE /corporate-partners/{id}/favorite → 200 Brand (idempotent).
 * Primary brands: GET /corporate-partners/category/all?filter[primary]=1 (and the site variant).
 */

/** POST /corporate-partners/{id}/pay { amount: number (euros, > 0, ≤ 500) } → 201 PayResponse. */
export interface PayRequest {
  amount: number;
}
export interface PayResponse {
  payment_url: string;
  order_id: number;
}

// ---------- wallet and payment ----------

/**
 * How a wallet card's code is drawn at the till. SPEC named CODE128, EAN13 and QR; PDF417, AZTEC and
 * DATAMATRIX are additions (real gift cards use them). Which values each carries: ./barcode.ts.
 */
export type BarcodeFormat = 'CODE128' | 'EAN13' | 'QR' | 'PDF417' | 'AZTEC' | 'DATAMATRIX';

/** GET /wallet/me → WalletItem[] (a plain list, primary partners first, then newest first). */
export interface WalletItem {
  id: number;
  /** Remaining balance in minor units. */
  amount: number;
  currency: string;
  digital_card_link: string | null;
  corporate_partner: { id: number; is_primary: boolean; logo: ImageRef | null; name: string };
  card_number: string;
  pin: string;
  barcode_value: string;
  barcode_format: BarcodeFormat;
  created_at: string;
  // Additions (optional: a server that honours only the original contract leaves them out, and the
  // app then hides what needs them).
  /** Last day the card can be used, 'YYYY-MM-DD'; null: it does not expire. */
  expiry_date?: string | null;
  /** When the card was marked used (by the user, or by a balance event that reached 0); null: in use.
   *  Present: the server takes POST/DELETE /wallet/{id}/used. */
  used_at?: string | null;
  /** Time of the latest balance event; null: none yet. Present: the server takes balance events. */
  balance_updated_at?: string | null;
  /** The gift-card order that bought the card (its receipt: GET /orders/{id}); null: none. */
  order_id?: number | null;
}

/**
 * Addition. POST /wallet/{id}/balance-events: record what is left on a card.
 *   { event_id, type: 'spend', amount }        amount spent, euros (> 0, two decimals, ≤ the balance)
 *   { event_id, type: 'correction', balance }  the new balance, euros (≥ 0, two decimals)
 * `event_id` (8–64 of A–Z a–z 0–9 _ -) is chosen by the client: sending the same event again answers
 * 200 with the stored event and changes nothing (201 the first time); the same id with another body
 * is 409 `event_conflict`. Events of one card are applied one at a time in arrival order (row lock),
 * so two devices end at one balance with every event in the history. A balance that reaches 0 marks
 * the card used. Bad amounts: 422 `validation_error` with violations on `amount`/`balance`
 * (codes `too_small`, `too_big`, `too_many_decimals`, `exceeds_balance`, `invalid_type`, `required`).
 * → BalanceEventResult. Another user's or an unknown card: 404.
 */
export type BalanceEventRequest =
  | { event_id: string; type: 'spend'; amount: number }
  | { event_id: string; type: 'correction'; balance: number };

/** Addition. GET /wallet/{id}/balance-events?limit&offset → Paged<BalanceEvent>, newest first. */
export interface BalanceEvent {
  id: number;
  event_id: string;
  type: 'spend' | 'correction';
  /** Change of the balance in minor units (negative for a spend). */
  change: number;
  /** The balance after this event, minor units. */
  balance: number;
  created_at: string;
}

export interface BalanceEventResult {
  event: BalanceEvent;
  wallet_item: WalletItem;
}

/**
 * GET /payment-intent/order-is-ready/{orderId}
 *   200 { ready: true, status: 'paid', wallet_item_id }      once paid
 *   202 { ready: false, status: 'pending' }                  before
 *   409 { error: 'order_cancelled', error_description }       the user cancelled on the provider's page
 *   404 not_found                                              unknown, or another user's order
 * The sandbox provider sends the browser back to `${PUBLIC_URL}/#/wallet?orderId={id}`
 * (with `&status=cancelled` after Cancel).
 */
export interface OrderStatus {
  ready: boolean;
  status: 'pending' | 'paid';
  wallet_item_id?: number;
}

/**
 * Addition: the user's gift-card orders and their receipts.
 *   GET /orders/me?limit&offset (default 20, max 100) → Paged<Order>, newest first
 *   GET /orders/{id} → Order
 *   POST /orders/{id}/cancel → 200 Order (cancelled; again → 200 unchanged); a paid order → 409 order_paid
 *   POST /orders/{id}/resume → 200 PayResponse: a new sandbox payment link (the previous one stops
 *     working) in the caller's Accept-Language, and a new ORDER_PAYMENT_TTL to pay in; paid → 409
 *     order_paid, cancelled → 409 order_cancelled, expired → 409 order_expired
 * Another user's, an unknown or a malformed id: 404 not_found.
 * An order still pending ORDER_PAYMENT_TTL seconds (default 30 min) after its latest payment link is
 * cancelled by the server, with expired: true.
 */
export interface Order {
  id: number;
  status: 'pending' | 'paid' | 'cancelled';
  /** Minor units. */
  amount: number;
  currency: string;
  corporate_partner: { id: number; name: string; name_nld: string; logo: ImageRef | null };
  /** The reward the purchase earned in points (1 point = 1 cent), booked when paid; null until then. */
  reward_points: number | null;
  /** The card it bought, once paid. */
  wallet_item_id: number | null;
  created_at: string;
  /** When it was paid or cancelled; null while pending (and for orders settled before receipts existed). */
  settled_at: string | null;
  /** Addition: true when the server cancelled it because it was not paid in time (status 'cancelled'). */
  expired?: boolean;
}

// ---------- projects, targets, impact ----------

export interface Project {
  id: number;
  name: string;
  /** HTML: must be sanitised. */
  description: string;
  /** HTML: must be sanitised. */
  unit_description: string | null;
  social: boolean;
  background_image: ImageRef | null;
  type: { id: number; name: string } | null;
  category: { id: number; name: string } | null;
  /** Unit name, singular: 'tree', 'meal', 'm2'. */
  unit: string;
  /** Points per step of the donation stepper. */
  unit_points: number;
  /** Units bought by one step (unit_points points). */
  unit_amount: number;
  /** Units the signed-in user has funded so far (0 for visitors). */
  user_total_units_amount: number;
  accumulation_units_plural: string;
  /** Addition (server): false for a project that cannot be chosen as a reward target
   *  (POST /application-users/targets answers 422 loyalty_project_not_found). */
  loyalty_eligible?: boolean;
}
// GET /project?limit&offset&filter[name] → Paged<Project>; GET /project/{id} → Project (404 not_found)

/** POST /project/{id}/donate { amount: points (positive integer) } → 201 DonateResponse;
 *  422 { error: 'insufficient_points' } when above the balance (nothing changes). */
export interface DonateRequest {
  amount: number;
}
export interface DonateResponse {
  transaction_id: number;
  balance: number;
  units: number;
}

export interface TargetItem {
  id: number;
  target: Project;
}
/**
 * GET /application-users/targets?limit=100&offset=0 → Paged<TargetItem>
 * POST /application-users/targets { target_id } → 201 TargetItem (200 with the existing item if already selected)
 *   422 { error: 'loyalty_project_not_found' | 'at_least_one_should_be_social' | 'max_two_targets',
 *         error_description, violations: [{ property_path: 'target_id', message: <the same code> }] }
 * DELETE /application-users/targets { target_id } (JSON body, or ?target_id=) → 204, also when not selected.
 */
export interface TargetRequest {
  target_id: number;
}

/** GET /user-saving?filter[year]=YYYY → SavingsSummary (minor units). */
export interface SavingsSummary {
  year: number;
  current_month: number;
  year_to_date: number;
  total: number;
  /** English month name → amount, all twelve months: { January: 1234, February: 0, ... }. */
  monthly: Record<string, number>;
  monthly_average: number;
  currency: string;
}

/** GET /contribution → ContributionSummary (amount in minor units). The original API calls the
 *  list `result`; this server sends `results`; the app reads either. */
export interface ContributionSummary {
  currency: string;
  results: ContributionItem[];
}
export interface ContributionItem {
  project_id: number;
  project_name: string;
  amount: number;
  badge_url: string | null;
}

// ---------- transactions: GET /user-loyalty-transactions?limit&offset → Paged<Transaction> ----------

export type TransactionTypeName =
  | 'signup' | 'first_purchase_card_linking' | 'referral'
  | 'contribution'
  | 'first_purchase_affiliate' | 'card_linking' | 'share'
  | 'donation' | 'purchase' | 'refund'
  | string;

export interface LoyaltyAccountRef {
  id: number;
  /** Set when the account is a user's points account. */
  user: { id: number } | null;
  /** Set when the account belongs to a project. */
  project: { id: number; name: string } | null;
}

/**
 * Points move from credit_account to debit_account. The sign the app shows follows from whose
 * account is which: `-credit_amount` when the credit account is the user's, otherwise `+debit_amount`.
 * So earning puts the user on debit_account; a donation puts the user on credit_account and the
 * project on debit_account.
 */
export interface Transaction {
  id: number;
  date: string;
  type: { id: number; name: TransactionTypeName };
  debit_account: LoyaltyAccountRef;
  credit_account: LoyaltyAccountRef;
  debit_amount: { amount: number; currency: 'PTS' };
  credit_amount: { amount: number; currency: 'PTS' };
  /** Units funded, for donations. */
  units: number | null;
  external_transaction: {
    amount: { amount: number; currency: string };
    state: { name: 'Cleared' | 'Declined' | 'Pending' | string };
    /** Addition: `id`, the brand, when the server knows it. */
    corporate_partner: { name: string; id?: number } | null;
  } & Partial<RewardPath> | null;
}

/**
 * Addition, on the external transaction of an earning: when each step of the reward's path was
 * reached (ISO times; null: not reached, or reached on a date the server does not know).
 * A server without it sends none of these fields.
 */
export interface RewardPath {
  /** The purchase was noticed (the transaction's date). */
  tracked_at: string;
  pending_at: string | null;
  confirmed_at: string | null;
  /** Paid out to the user's reward targets (pension account, projects). */
  paid_at: string | null;
  canceled_at: string | null;
  /** Why it was canceled: 'returned', 'order_canceled', 'not_eligible', 'duplicate' or another code. */
  cancel_reason: string | null;
}

// ---------- additions: shopping trips and missing-reward claims ----------

/** POST /shopping-trips { corporate_partner_id, idempotency_key } → 201 ShoppingTrip (the same key again → 200). */
export interface ShoppingTripRequest {
  corporate_partner_id: number;
  /** The client's id of this tap: 8 to 64 letters, digits, _ or -. */
  idempotency_key: string;
  /** Addition: the click reference the app put into the outbound URL (16 to 64 letters, digits, _ or -);
   *  without it the server makes one. */
  click_ref?: string;
}

/** Addition: what a purchase through this trip earns, fixed at the tap: a percent of the order, or cents. */
export interface RewardTerms {
  type: CommissionType;
  /** percentage: the percent (5.5); fixed: minor units. */
  value: number;
}

/** GET /shopping-trips?limit&offset → Paged<ShoppingTrip> (newest first); GET /shopping-trips/{id}. */
export interface ShoppingTrip {
  id: number;
  created_at: string;
  corporate_partner: { id: number; name: string; name_nld: string; logo: { url: string } | null };
  /** The reward that came from this trip (matched by its click reference, or by an approved claim), or null while none did. */
  transaction_id: number | null;
  /** Addition: where that reward is on its path (null while there is none). */
  reward_state?: 'pending' | 'confirmed' | 'paid' | 'canceled' | null;
  claim: RewardClaim | null;
  /** Addition: the click reference the outbound link carried (null for trips recorded before it existed). */
  click_ref?: string | null;
  /** Addition: the brand's reward terms at the tap (null for trips recorded before they were kept). */
  terms?: RewardTerms | null;
}

/** POST /shopping-trips/{id}/claim { idempotency_key, purchase_date, order_number, amount (euros) } → 201 RewardClaim. */
export interface RewardClaimRequest {
  idempotency_key: string;
  /** YYYY-MM-DD. */
  purchase_date: string;
  order_number: string;
  amount: number;
}

export interface RewardClaim {
  id: number;
  trip_id: number;
  purchase_date: string;
  order_number: string;
  /** Minor units. */
  amount: { amount: number; currency: string };
  status: 'submitted' | 'reviewing' | 'approved' | 'rejected';
  /** Addition: why the claim was rejected (the operator's words), or null. */
  reason?: string | null;
  created_at: string;
  updated_at: string;
}

// ---------- fund signup, tracking, health ----------

/** GET /loyalty/fondo/journey/start → { url } of the sandbox fund-signup page (embedded in an iframe). */
export interface FondoJourney {
  url: string;
}

/** POST /tracking/screen-visit { screen } (any token, or none) → 204. Never required for a screen to work. */
export interface ScreenVisitRequest {
  screen: string;
}

/** GET /health (no token) → { ok: true }: the trivial route benchmarks use as a ceiling. */
export interface Health {
  ok: true;
}

/** GET /application-users/me/privacy → PrivacySettings; PUT it with { screen_visits: boolean } → the same.
 *  screen_visits null: not chosen yet (treated as off: no screen visit is stored for the user). */
export interface PrivacySettings {
  screen_visits: boolean | null;
  screen_visits_chosen_at: string | null;
}
export interface PrivacySettingsRequest {
  screen_visits: boolean;
}

/** GET /application-users/me/devices → { results: SignedInDevice[] }, most recently seen first: the
 *  user's active sign-ins (refresh-token families). DELETE /application-users/me/devices/{id} → 204 signs
 *  one out; POST /application-users/me/devices/sign-out-others → 204 signs out all but the caller's. */
export interface SignedInDevice {
  id: string;
  /** From the user agent; null when not recognised. */
  browser: string | null;
  os: string | null;
  first_seen: string;
  last_seen: string;
  /** The device making this request. */
  current: boolean;
}

// ---------- additions: the reward loop (affiliate networks' conversions, operators) ----------

/**
 * POST /partner/v1/conversions (an affiliate network; no token: X-SocialPay-Signature
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`).
 */
export interface PartnerConversion {
  network: string;
  /** Unique per delivery: the same event again answers what it answered the first time. */
  event_id: string;
  /** The network's order id: its deliveries move one transaction. */
  order_ref: string;
  /** From the outbound URL of the SHOP tap. */
  click_ref: string;
  status: 'pending' | 'approved' | 'declined';
  /** Two decimals, e.g. "59.95". */
  order_amount: string;
  /** EUR only. */
  currency: string;
  /** Why it was declined (optional). */
  reason?: string;
  occurred_at: string;
}

/** 200 (matched to a trip) or 202 (unknown click_ref: kept as an unmatched conversion for the operator). */
export interface PartnerConversionResult {
  event_id: string;
  conversion_id: number;
  /** applied; ignored (not a forward move); after_payout (a decline of a paid reward, kept for the operator); unmatched. */
  outcome: 'applied' | 'ignored' | 'after_payout' | 'unmatched';
  /** The user's reward, once there is one: its id and state. */
  transaction: { id: number; state: 'Pending' | 'Confirmed' | 'Paid' | 'Canceled' } | null;
}

/** GET /operator/v1/claims: a missing-reward claim as the operator sees it. */
export interface OperatorClaim {
  id: number;
  trip_id: number;
  user_id: number;
  corporate_partner: { id: number; name: string };
  trip_created_at: string;
  click_ref: string | null;
  purchase_date: string;
  order_number: string;
  /** Minor units. */
  amount: { amount: number; currency: string };
  status: RewardClaim['status'];
  reason: string | null;
  /** The reward an approval booked. */
  transaction_id: number | null;
  created_at: string;
  updated_at: string;
}

/** GET /operator/v1/conversions: a network's conversion (unmatched ones have no trip). */
export interface OperatorConversion {
  id: number;
  network: string;
  order_ref: string;
  click_ref: string;
  /** The furthest status the network reported. */
  status: PartnerConversion['status'];
  order_amount: { amount: number; currency: string };
  reason: string | null;
  occurred_at: string;
  created_at: string;
  trip_id: number | null;
  transaction_id: number | null;
  /** A decline that arrived after the reward was paid (recorded, not applied). */
  declined_after_payout: boolean;
}

/** GET /operator/v1/actions: who did what, when. */
export interface OperatorAction {
  id: number;
  operator: string;
  action: 'approve_claim' | 'confirm_claim' | 'reject_claim' | 'match_conversion';
  subject: string;
  detail: Record<string, unknown>;
  created_at: string;
}

// ---------- additions: notifications (Web Push and the in-app inbox) ----------

export type NotificationKind = 'expiry' | 'reward' | 'claim' | 'invite';

/** GET /notifications/push-key → the server's VAPID public key (base64url), for pushManager.subscribe. */
export interface PushKey {
  public_key: string;
}

/** PUT /application-users/me/push-subscription (this device's; a PushSubscription's toJSON()) → 204;
 *  DELETE → 204. Signing the device out removes it too. */
export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** GET/PUT /application-users/me/notification-settings: a switch per kind (all false until turned on),
 *  the IANA time zone for quiet hours (21:00–08:00) and the language pushes are written in.
 *  `subscribed`: this device has a push subscription. PUT takes any subset (not `subscribed`). */
export interface NotificationSettings {
  expiry: boolean;
  reward: boolean;
  claim: boolean;
  invite: boolean;
  time_zone: string;
  lang: 'en' | 'nl';
  subscribed: boolean;
}

/** GET /application-users/me/notifications → Paged<InboxNotification> & { metadata.unread }, newest
 *  first, title and body in the request's language. PUT /application-users/me/notifications/{id}/read
 *  → 204 (idempotent); POST /application-users/me/notifications/read-all → 204. */
export interface InboxNotification {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The screen it is about, without the language prefix (/wallet/12). */
  path: string;
  created_at: string;
  read: boolean;
}

export interface InboxPage {
  results: InboxNotification[];
  metadata: { total: number; limit: number; offset: number; unread: number };
}
