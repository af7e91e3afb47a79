/**
 * The route registry: every operation of the reference server, with the zod schemas its route
 * parses with (imported from the route) and every answer it can give. document.ts turns it into
 * OpenAPI 3.1; the API suite validates every response against that document.
 */
import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';
import * as S from './schemas.ts';
import { ByNameQuery, CategoriesQuery, ListQuery as BrandListQuery } from '../routes/catalogue.ts';
import { ExportBody } from '../routes/data-export.ts';
import { ActionsQuery, ApproveBody, ClaimsQuery, ConversionsQuery, MatchBody, RejectBody } from '../routes/operator.ts';
import { ListQuery as OrdersQuery } from '../routes/orders.ts';
import { ConversionBody } from '../routes/partner.ts';
import { PrivacyBody } from '../routes/privacy.ts';
import { DonateBody, ProjectsQuery, TargetBody, TargetsQuery, TxQuery, YearQuery } from '../routes/projects.ts';
import { RevokeBody, TokenSchema } from '../routes/token.ts';
import { InboxQuery, SettingsBody, subscriptionBody } from '../routes/notifications.ts';
import { ClaimBody, TripBody, TripsQuery } from '../routes/trips.ts';
import { InterestsQuery, InterestsSchema, SignUpSchema, UpdateMeSchema } from '../routes/users.ts';
import { CorrectionBody, HistoryQuery, SpendBody } from '../routes/wallet-balance.ts';
import { PayBody, TrackBody } from '../routes/wallet.ts';

/** Where the app API lives; every path is served under /api/v1 too. */
export const API = '/api/v1.0';

type Auth = 'user' | 'optional' | 'none' | 'operator' | 'partner' | 'metrics';
type Status = '200' | '201' | '202' | '204' | '304' | '400' | '401' | '403' | '404' | '409' | '413' | '422' | '429' | '431' | '500' | '503';

interface Op {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  id: string;
  tag: string;
  summary: string;
  description?: string;
  auth: Auth;
  query?: z.ZodObject;
  params?: z.ZodObject;
  /** A JSON body (also form-urlencoded when `form`). */
  body?: z.ZodType;
  form?: boolean;
  /** The success answers. */
  ok: Partial<Record<Status, ZodOpenApiResponseObject>>;
  /** Refusals beyond the ones every operation of its kind has (see `refusals`). */
  errors?: Status[];
  /** Answers 304 to a matching If-None-Match (and carries an ETag). */
  etag?: boolean;
}

const json = (schema: z.ZodType, description: string, headers?: ZodOpenApiResponseObject['headers']): ZodOpenApiResponseObject => ({
  description,
  content: { 'application/json': { schema } },
  ...(headers ? { headers } : {}),
});
const noContent = (description: string): ZodOpenApiResponseObject => ({ description });

const etagHeader = { ETag: { description: 'Strong tag of this body; send it back as If-None-Match.', schema: { type: 'string' } } } as const;
const noStore = { 'Cache-Control': { description: 'no-store', schema: { type: 'string' } } } as const;

const errorAnswer = (id: string, description: string, headers?: ZodOpenApiResponseObject['headers']): ZodOpenApiResponseObject => ({
  id,
  description,
  content: { 'application/json': { schema: S.ApiError } },
  ...(headers ? { headers } : {}),
});

const ERRORS: Partial<Record<Status, ZodOpenApiResponseObject>> = {
  '304': { id: 'NotModified', description: 'The If-None-Match tag still matches: no body.', headers: etagHeader },
  '400': errorAnswer('BadRequest', 'invalid_request: malformed JSON, a bad query string (with violations) or a NUL character in the URL.'),
  '401': errorAnswer('Unauthorized', 'unauthorized: no, an invalid or an expired token.', {
    'WWW-Authenticate': { description: 'The realm to authenticate against.', required: true, schema: { type: 'string' } },
  }),
  '403': errorAnswer('Forbidden', 'forbidden: this call needs a signed-in user (a visitor token was sent).'),
  '404': errorAnswer('NotFound', 'not_found: no such resource (or another user\'s).'),
  '409': errorAnswer('Conflict', 'A conflict with the stored state (the error code says which); nothing was written.'),
  '413': errorAnswer('PayloadTooLarge', 'payload_too_large: the body is larger than this endpoint accepts.'),
  '422': errorAnswer('ValidationError', 'validation_error (or a rule\'s code) with violations per field; nothing was written.'),
  '429': errorAnswer('TooManyRequests', 'too_many_requests: slow down.', {
    'Retry-After': { description: 'Seconds to wait.', required: true, schema: { type: 'string' } },
  }),
  '431': { id: 'HeadersTooLarge', description: 'The request\'s headers are larger than the HTTP server reads (answered before the API, no body).' },
  '500': errorAnswer('InternalError', 'internal_server_error: the server failed (its database did not answer, say); try again later.'),
  '503': errorAnswer('NotReady', 'not_ready: the server is draining, or its database is not ready.'),
};

/** The refusals an operation has by its kind: where it lives, how it authenticates, whether it takes a body. */
function refusals(op: Op): Status[] {
  const s = new Set<Status>(['400', '431', '500', ...(op.errors ?? [])]);
  const rateLimited = op.path.startsWith('/api/') || op.path.startsWith('/oauth/');
  if (rateLimited) s.add('429');
  if (op.auth === 'user') for (const x of ['401', '403'] as const) s.add(x);
  if (op.auth === 'optional' || op.auth === 'operator' || op.auth === 'partner') s.add('401');
  if (op.body && op.method !== 'get') for (const x of ['413', op.form ? '400' : '422'] as const) s.add(x);
  if (op.etag) s.add('304');
  if (op.params) s.add('404');
  return [...s].sort();
}

const SECURITY: Record<Auth, Record<string, string[]>[] | undefined> = {
  user: [{ userToken: [] }],
  optional: [{}, { userToken: [] }, { visitorToken: [] }],
  none: [],
  operator: [{ operatorKey: [] }],
  partner: [{ partnerSignature: [] }],
  metrics: [{}, { metricsToken: [] }],
};

const id = z.int().min(1).max(999_999_999).meta({ description: 'A positive whole number.' });
const idParams = (name = 'id') => z.object({ [name]: id });

const PAGE = 'A page of results with `metadata` { total, limit, offset }.';

export const OPERATIONS: Op[] = [
  // ---------- health ----------
  { method: 'get', path: `${API}/health`, id: 'getHealth', tag: 'Health', summary: 'Liveness', auth: 'none', ok: { '200': json(S.Health, 'The process answers.') } },
  {
    method: 'get', path: `${API}/ready`, id: 'getReady', tag: 'Health', summary: 'Readiness', auth: 'none',
    description: '200 when the database answers, every migration is applied and the process is not draining; else 503.',
    ok: { '200': json(S.Health, 'Ready for work.', noStore) }, errors: ['503'],
  },
  {
    method: 'get', path: '/metrics', id: 'getMetrics', tag: 'Health', summary: 'Prometheus metrics', auth: 'metrics',
    description: 'Answered to loopback clients, or with `Authorization: Bearer <METRICS_TOKEN>`; otherwise 401 (a token is configured) or 403.',
    ok: { '200': { description: 'Prometheus text exposition format.', content: { 'text/plain': { schema: { type: 'string' } } } } },
    errors: ['401', '403'],
  },

  // ---------- OAuth ----------
  {
    method: 'post', path: '/oauth/v2/token', id: 'createToken', tag: 'Auth', summary: 'Sign in, refresh, or get a visitor token', auth: 'none',
    description: 'Grants: `password` (a user), `refresh_token` (rotates: the old refresh token stops working; reusing one revokes the session), `client_credentials` (a visitor). Failures are 400 `invalid_grant` | `invalid_request` | `unsupported_grant_type`; throttled sign-in attempts 429.',
    body: TokenSchema, form: true,
    ok: { '200': json(S.TokenResponse, 'The tokens.', noStore) },
  },
  {
    method: 'post', path: '/oauth/v2/revoke', id: 'revokeToken', tag: 'Auth', summary: 'Sign out (revoke a token)', auth: 'none',
    description: 'A refresh token revokes its whole session; an access token just itself. 200 whatever the token was.',
    body: RevokeBody, form: true,
    ok: { '200': json(S.Empty, 'Revoked (or it was not valid).', noStore) },
  },

  // ---------- users ----------
  { method: 'get', path: `${API}/site/countries`, id: 'listCountries', tag: 'Users', summary: 'Countries', auth: 'optional', etag: true, ok: { '200': json(S.CountryPage, PAGE, etagHeader) } },
  {
    method: 'post', path: `${API}/application-users`, id: 'signUp', tag: 'Users', summary: 'Sign up', auth: 'optional',
    description: '422 violations: email invalid or already registered (`email_already_exists`), password `too_short`, password_confirmation `not_equal`, country_id unknown.',
    body: SignUpSchema, ok: { '201': json(S.User, 'The new user (sign in with the password grant next).') },
  },
  { method: 'get', path: `${API}/application-users/me`, id: 'getMe', tag: 'Users', summary: 'The signed-in user', auth: 'user', ok: { '200': json(S.User, 'The user.') } },
  {
    method: 'put', path: `${API}/application-users/me`, id: 'updateMe', tag: 'Users', summary: 'Edit the profile', auth: 'user',
    description: 'Send the `edit_version` you read; a stale one is 409 `edit_conflict` and nothing is written.',
    body: UpdateMeSchema, ok: { '200': json(S.User, 'The updated user.') }, errors: ['409'],
  },
  {
    method: 'delete', path: `${API}/application-users/me`, id: 'deleteMe', tag: 'Users', summary: 'Delete the account', auth: 'user',
    ok: { '204': noContent('Deleted: personal data, tokens, favourites, targets and wallet removed.') },
  },
  {
    method: 'put', path: `${API}/application-users/me/interests`, id: 'saveInterests', tag: 'Users', summary: 'Save interests', auth: 'user',
    body: InterestsSchema, ok: { '200': json(S.User, 'The updated user.') }, errors: ['409'],
  },
  {
    method: 'post', path: `${API}/reset-password/{email}`, id: 'resetPassword', tag: 'Users', summary: 'Ask for a password reset', auth: 'optional',
    description: 'Always 200: it never tells whether the email exists.',
    params: z.object({ email: z.string().meta({ example: 'demo@socialpay.test' }) }), ok: { '200': json(S.Empty, 'Accepted.') },
  },
  { method: 'get', path: `${API}/interests`, id: 'listInterests', tag: 'Users', summary: 'Interests', auth: 'user', query: InterestsQuery, ok: { '200': json(S.InterestPage, PAGE) } },
  {
    method: 'post', path: `${API}/application-users/me/export`, id: 'exportMyData', tag: 'Users', summary: 'Download my data', auth: 'user',
    description: 'Needs the password, or a sign-in within 5 minutes (else 403 `step_up_required`). A JSON attachment of every table holding the user\'s data. 3 an hour per user.',
    body: ExportBody,
    ok: { '200': { description: 'The export (a JSON attachment).', content: { 'application/json': { schema: { type: 'object' } } } } },
  },

  // ---------- privacy and devices ----------
  { method: 'get', path: `${API}/application-users/me/privacy`, id: 'getPrivacy', tag: 'Privacy', summary: 'Privacy settings', auth: 'user', ok: { '200': json(S.PrivacySettings, 'The settings.') } },
  { method: 'put', path: `${API}/application-users/me/privacy`, id: 'updatePrivacy', tag: 'Privacy', summary: 'Choose screen-visit tracking', auth: 'user', body: PrivacyBody, ok: { '200': json(S.PrivacySettings, 'The settings.') } },
  { method: 'get', path: `${API}/application-users/me/devices`, id: 'listDevices', tag: 'Privacy', summary: 'Signed-in devices', auth: 'user', ok: { '200': json(S.DeviceList, 'Active sign-ins, most recently seen first.') } },
  { method: 'post', path: `${API}/application-users/me/devices/sign-out-others`, id: 'signOutOtherDevices', tag: 'Privacy', summary: 'Sign out every other device', auth: 'user', ok: { '204': noContent('Signed out.') } },
  {
    method: 'delete', path: `${API}/application-users/me/devices/{id}`, id: 'signOutDevice', tag: 'Privacy', summary: 'Sign one device out', auth: 'user',
    params: z.object({ id: z.string().meta({ description: '32 hex characters.', example: '0123456789abcdef0123456789abcdef' }) }), ok: { '204': noContent('Signed out.') },
  },
  {
    method: 'post', path: `${API}/tracking/screen-visit`, id: 'trackScreenVisit', tag: 'Privacy', summary: 'Record a screen visit', auth: 'optional',
    description: 'Stored for a user only after they chose screen-visit tracking. Never required for a screen to work.',
    body: TrackBody, ok: { '204': noContent('Recorded (or not, by the user\'s choice).') },
  },

  // ---------- notifications ----------
  { method: 'get', path: `${API}/notifications/push-key`, id: 'getPushKey', tag: 'Notifications', summary: 'The push key', auth: 'optional', ok: { '200': json(S.PushKey, 'The key for pushManager.subscribe (applicationServerKey).') } },
  {
    method: 'put', path: `${API}/application-users/me/push-subscription`, id: 'savePushSubscription', tag: 'Notifications', summary: 'Subscribe this device', auth: 'user',
    description: 'A PushSubscription\'s toJSON(): `endpoint` must be an https URL of a browser\'s push service (FCM, Mozilla, Apple, Windows, or a host in PUSH_HOSTS), default port; else 422 on endpoint. One per signed-in device (an account keeps its 10 newest); the endpoint belongs to the account that subscribed it last; signing the device out removes it.',
    body: subscriptionBody(false), ok: { '204': noContent('Saved.') },
  },
  { method: 'delete', path: `${API}/application-users/me/push-subscription`, id: 'deletePushSubscription', tag: 'Notifications', summary: 'Unsubscribe this device', auth: 'user', ok: { '204': noContent('Removed (or there was none).') } },
  { method: 'get', path: `${API}/application-users/me/notification-settings`, id: 'getNotificationSettings', tag: 'Notifications', summary: 'Notification switches', auth: 'user', ok: { '200': json(S.NotificationSettings, 'The switches (all off until turned on), time zone and language.', noStore) } },
  {
    method: 'put', path: `${API}/application-users/me/notification-settings`, id: 'updateNotificationSettings', tag: 'Notifications', summary: 'Change notification switches', auth: 'user',
    description: 'Any subset of the switches, `time_zone` (IANA, for quiet hours 21:00–08:00) and `lang` (what pushes are written in).',
    body: SettingsBody, ok: { '200': json(S.NotificationSettings, 'The settings now.') },
  },
  { method: 'get', path: `${API}/application-users/me/notifications`, id: 'listNotifications', tag: 'Notifications', summary: 'Inbox', auth: 'user', description: 'Newest first, in the request\'s language; `metadata.unread` counts the unread ones.', query: InboxQuery, ok: { '200': json(S.InboxPage, 'A page of the inbox.') } },
  { method: 'put', path: `${API}/application-users/me/notifications/{id}/read`, id: 'markNotificationRead', tag: 'Notifications', summary: 'Mark one read', auth: 'user', params: idParams(), ok: { '204': noContent('Read (again: no change).') } },
  { method: 'post', path: `${API}/application-users/me/notifications/read-all`, id: 'markAllNotificationsRead', tag: 'Notifications', summary: 'Mark all read', auth: 'user', ok: { '204': noContent('All read.') } },

  // ---------- files ----------
  {
    method: 'post', path: `${API}/files`, id: 'uploadFile', tag: 'Files', summary: 'Upload an image', auth: 'user',
    description: 'multipart/form-data with the image in `file` (PNG, JPEG, WebP or GIF, at most 2 MB). 422 violations on `file`; 413 when the body itself is too large (3 MB); 409 when five newer uploads of the same user, made at the same time, left this one out of the five kept (send it again).',
    ok: { '201': json(S.UploadedFile, 'Stored; use its id as profile_photo_id.') }, errors: ['409', '413', '422'],
  },

  // ---------- catalogue ----------
  { method: 'get', path: `${API}/site/categories`, id: 'listSiteCategories', tag: 'Catalogue', summary: 'Categories (public)', auth: 'optional', etag: true, query: CategoriesQuery, ok: { '200': json(S.CategoryPage, PAGE, etagHeader) } },
  { method: 'get', path: `${API}/categories`, id: 'listCategories', tag: 'Catalogue', summary: 'Categories', auth: 'user', etag: true, query: CategoriesQuery, ok: { '200': json(S.CategoryPage, PAGE, etagHeader) } },
  {
    method: 'get', path: `${API}/site/corporate-partners/by-id/{id}`, id: 'getSiteBrand', tag: 'Catalogue', summary: 'A brand (public)', auth: 'optional', etag: true,
    params: idParams(), ok: { '200': json(S.Brand, 'The brand (is_favorite false).', etagHeader) },
  },
  {
    method: 'get', path: `${API}/site/corporate-partners/by-name/{name}`, id: 'getSiteBrandByName', tag: 'Catalogue', summary: 'A brand by name (public)', auth: 'optional', etag: true,
    params: z.object({ name: z.string().meta({ example: 'Bol' }) }), query: ByNameQuery, ok: { '200': json(S.Brand, 'The brand.', etagHeader) },
  },
  {
    method: 'get', path: `${API}/site/corporate-partners/by-site/{host}`, id: 'listSiteBrandsBySite', tag: 'Catalogue', summary: 'Brands of a shop\'s host (public)', auth: 'optional', etag: true,
    description: 'The brands whose site is the host or a parent domain of it, most specific first (empty when none; 400 for a host that is not a domain name).',
    params: z.object({ host: z.string().meta({ example: 'shop.example.nl' }) }), query: ByNameQuery, ok: { '200': json(S.BrandPage, PAGE, etagHeader) },
  },
  {
    method: 'get', path: `${API}/site/corporate-partners/{category}`, id: 'listSiteBrands', tag: 'Catalogue', summary: 'Brands (public)', auth: 'optional', etag: true,
    description: '`{category}` is `all` or a category id. Ordered by name; filter[name] is a case- and accent-insensitive substring.',
    params: z.object({ category: z.string().meta({ example: 'all' }) }), query: BrandListQuery, ok: { '200': json(S.BrandPage, PAGE, etagHeader) },
  },
  {
    method: 'get', path: `${API}/corporate-partners/category/{category}`, id: 'listBrands', tag: 'Catalogue', summary: 'Brands', auth: 'user', etag: true,
    description: '`{category}` is `all` or a category id; is_favorite is the caller\'s.',
    params: z.object({ category: z.string().meta({ example: 'all' }) }), query: BrandListQuery, ok: { '200': json(S.BrandPage, PAGE, etagHeader) },
  },
  { method: 'get', path: `${API}/corporate-partners/favorites`, id: 'listFavoriteBrands', tag: 'Catalogue', summary: 'Favourite brands', auth: 'user', etag: true, query: BrandListQuery, ok: { '200': json(S.BrandPage, PAGE, etagHeader) } },
  {
    method: 'get', path: `${API}/corporate-partners/by-name/{name}`, id: 'getBrandByName', tag: 'Catalogue', summary: 'A brand by name', auth: 'user', etag: true,
    params: z.object({ name: z.string().meta({ example: 'Bol' }) }), query: ByNameQuery, ok: { '200': json(S.Brand, 'The brand.', etagHeader) },
  },
  { method: 'get', path: `${API}/corporate-partners/{id}`, id: 'getBrand', tag: 'Catalogue', summary: 'A brand', auth: 'user', etag: true, params: idParams(), ok: { '200': json(S.Brand, 'The brand.', etagHeader) } },
  { method: 'post', path: `${API}/corporate-partners/{id}/favorite`, id: 'addFavorite', tag: 'Catalogue', summary: 'Follow a brand (idempotent)', auth: 'user', params: idParams(), ok: { '200': json(S.Brand, 'The brand, is_favorite true.') } },
  { method: 'delete', path: `${API}/corporate-partners/{id}/favorite`, id: 'removeFavorite', tag: 'Catalogue', summary: 'Unfollow a brand (idempotent)', auth: 'user', params: idParams(), ok: { '200': json(S.Brand, 'The brand, is_favorite false.') } },

  // ---------- wallet and payment ----------
  { method: 'get', path: `${API}/wallet/me`, id: 'listWallet', tag: 'Wallet', summary: 'The wallet', auth: 'user', ok: { '200': json(S.WalletList, 'Gift cards, primary partners first, then newest first.') } },
  {
    method: 'post', path: `${API}/corporate-partners/{id}/pay`, id: 'buyGiftCard', tag: 'Wallet', summary: 'Buy a gift card', auth: 'user',
    description: '`amount` in euros (> 0, ≤ 500, two decimals). Answers the sandbox provider\'s payment page.',
    params: idParams(), body: PayBody, ok: { '201': json(S.PayResponse, 'The order and where to pay it.') },
  },
  {
    method: 'get', path: `${API}/payment-intent/order-is-ready/{orderId}`, id: 'getOrderStatus', tag: 'Wallet', summary: 'Is the order paid?', auth: 'user',
    params: idParams('orderId'),
    ok: { '200': json(S.OrderStatus, 'Paid: the card is in the wallet.'), '202': json(S.OrderStatus, 'Not paid yet.') }, errors: ['409'],
  },
  {
    method: 'post', path: `${API}/wallet/{id}/balance-events`, id: 'recordBalanceEvent', tag: 'Wallet', summary: 'Record what is left on a card', auth: 'user',
    description: '`event_id` is chosen by the client: the same event again answers 200 and changes nothing; the same id with another body is 409 `event_conflict`.',
    params: idParams(), body: z.discriminatedUnion('type', [SpendBody, CorrectionBody]).meta({ id: 'BalanceEventRequest' }),
    ok: { '201': json(S.BalanceEventResult, 'Recorded.'), '200': json(S.BalanceEventResult, 'Already recorded (the same event again).') }, errors: ['409'],
  },
  { method: 'get', path: `${API}/wallet/{id}/balance-events`, id: 'listBalanceEvents', tag: 'Wallet', summary: 'A card\'s balance history', auth: 'user', params: idParams(), query: HistoryQuery, ok: { '200': json(S.BalanceEventPage, PAGE) } },
  { method: 'post', path: `${API}/wallet/{id}/used`, id: 'markCardUsed', tag: 'Wallet', summary: 'Mark a card used', auth: 'user', params: idParams(), ok: { '200': json(S.WalletItem, 'The card.') } },
  { method: 'delete', path: `${API}/wallet/{id}/used`, id: 'unmarkCardUsed', tag: 'Wallet', summary: 'Put a card back in use', auth: 'user', params: idParams(), ok: { '200': json(S.WalletItem, 'The card.') } },
  { method: 'get', path: `${API}/loyalty/fondo/journey/start`, id: 'startFondoJourney', tag: 'Wallet', summary: 'Start the fund sign-up', auth: 'user', ok: { '200': json(S.FondoJourney, 'The sandbox fund-signup page to embed.') } },

  // ---------- orders ----------
  { method: 'get', path: `${API}/orders/me`, id: 'listOrders', tag: 'Orders', summary: 'My gift-card orders', auth: 'user', query: OrdersQuery, ok: { '200': json(S.OrderPage, PAGE) } },
  { method: 'get', path: `${API}/orders/{id}`, id: 'getOrder', tag: 'Orders', summary: 'An order (its receipt)', auth: 'user', params: idParams(), ok: { '200': json(S.Order, 'The order.') } },
  { method: 'post', path: `${API}/orders/{id}/cancel`, id: 'cancelOrder', tag: 'Orders', summary: 'Cancel a pending order', auth: 'user', params: idParams(), ok: { '200': json(S.Order, 'Cancelled (again: unchanged).') }, errors: ['409'] },
  {
    method: 'post', path: `${API}/orders/{id}/resume`, id: 'resumeOrder', tag: 'Orders', summary: 'A new payment link for a pending order', auth: 'user',
    description: '409 `order_paid`, `order_cancelled` or `order_expired`.',
    params: idParams(), ok: { '200': json(S.PayResponse, 'The new payment link (the previous one stops working).') }, errors: ['409'],
  },

  // ---------- projects, targets, impact ----------
  { method: 'get', path: `${API}/project`, id: 'listProjects', tag: 'Projects', summary: 'Projects', auth: 'user', query: ProjectsQuery, ok: { '200': json(S.ProjectPage, PAGE) } },
  { method: 'get', path: `${API}/project/{id}`, id: 'getProject', tag: 'Projects', summary: 'A project', auth: 'user', params: idParams(), ok: { '200': json(S.Project, 'The project.') } },
  {
    method: 'post', path: `${API}/project/{id}/donate`, id: 'donate', tag: 'Projects', summary: 'Donate points', auth: 'user',
    description: '422 `insufficient_points` when above the balance (nothing changes).',
    params: idParams(), body: DonateBody, ok: { '201': json(S.DonateResponse, 'Donated.') },
  },
  { method: 'get', path: `${API}/application-users/targets`, id: 'listTargets', tag: 'Projects', summary: 'My reward targets', auth: 'user', query: TargetsQuery, ok: { '200': json(S.TargetPage, PAGE) } },
  {
    method: 'post', path: `${API}/application-users/targets`, id: 'addTarget', tag: 'Projects', summary: 'Choose a reward target', auth: 'user',
    description: '422 `loyalty_project_not_found` | `at_least_one_should_be_social` | `max_two_targets`.',
    body: TargetBody, ok: { '201': json(S.TargetItem, 'Chosen.'), '200': json(S.TargetItem, 'Already chosen.') },
  },
  {
    method: 'delete', path: `${API}/application-users/targets`, id: 'removeTarget', tag: 'Projects', summary: 'Drop a reward target', auth: 'user',
    description: 'The target in a JSON body, or as `?target_id=`. 204 also when it was not chosen.',
    query: z.object({ target_id: z.string().optional() }), body: TargetBody, ok: { '204': noContent('Dropped.') },
  },
  { method: 'get', path: `${API}/user-saving`, id: 'getSavings', tag: 'Projects', summary: 'Savings of a year', auth: 'user', query: YearQuery, ok: { '200': json(S.SavingsSummary, 'Minor units per month.') } },
  { method: 'get', path: `${API}/contribution`, id: 'getContributions', tag: 'Projects', summary: 'Contributions per project', auth: 'user', ok: { '200': json(S.ContributionSummary, 'Minor units per project.') } },
  { method: 'get', path: `${API}/user-loyalty-transactions`, id: 'listTransactions', tag: 'Projects', summary: 'Points transactions', auth: 'user', query: TxQuery, ok: { '200': json(S.TransactionPage, PAGE) } },
  { method: 'get', path: `${API}/user-loyalty-transactions/{id}`, id: 'getTransaction', tag: 'Projects', summary: 'A points transaction', auth: 'user', params: idParams(), ok: { '200': json(S.Transaction, 'The transaction.') } },

  // ---------- shopping trips and claims ----------
  {
    method: 'post', path: `${API}/shopping-trips`, id: 'recordShoppingTrip', tag: 'Trips', summary: 'Record a SHOP tap', auth: 'user',
    description: 'The same idempotency_key again answers the stored trip (200); with another brand it is 409 `idempotency_conflict`.',
    body: TripBody, ok: { '201': json(S.ShoppingTrip, 'Recorded.'), '200': json(S.ShoppingTrip, 'Already recorded.') }, errors: ['409'],
  },
  { method: 'get', path: `${API}/shopping-trips`, id: 'listShoppingTrips', tag: 'Trips', summary: 'My shopping trips', auth: 'user', query: TripsQuery, ok: { '200': json(S.ShoppingTripPage, PAGE) } },
  { method: 'get', path: `${API}/shopping-trips/{id}`, id: 'getShoppingTrip', tag: 'Trips', summary: 'A shopping trip', auth: 'user', params: idParams(), ok: { '200': json(S.ShoppingTrip, 'The trip.') } },
  {
    method: 'post', path: `${API}/shopping-trips/{id}/claim`, id: 'claimMissingReward', tag: 'Trips', summary: 'Report a missing reward', auth: 'user',
    description: '409 `claim_exists`, `reward_found`, `claim_too_early` or `idempotency_conflict`.',
    params: idParams(), body: ClaimBody, ok: { '201': json(S.RewardClaim, 'Reported.'), '200': json(S.RewardClaim, 'Already reported (same key).') }, errors: ['409'],
  },

  // ---------- partner networks ----------
  {
    method: 'post', path: '/partner/v1/conversions', id: 'receiveConversion', tag: 'Partner', summary: 'A network reports a conversion', auth: 'partner',
    description: 'Signed with `X-SocialPay-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The same event_id again answers what it answered first. 200 when matched to a trip, 202 when the click_ref is unknown or a trip to another network\'s brand (kept for the operator).',
    body: ConversionBody,
    ok: { '200': json(S.PartnerConversionResult, 'Matched to a shopping trip.'), '202': json(S.PartnerConversionResult, 'Unknown click_ref: kept as unmatched.') }, errors: ['409'],
  },

  // ---------- operators ----------
  { method: 'get', path: '/operator/v1/claims', id: 'operatorListClaims', tag: 'Operator', summary: 'Missing-reward claims', auth: 'operator', query: ClaimsQuery, ok: { '200': json(S.OperatorClaimPage, PAGE) } },
  { method: 'post', path: '/operator/v1/claims/{id}/approve', id: 'operatorApproveClaim', tag: 'Operator', summary: 'Approve a claim', auth: 'operator', params: idParams(), body: ApproveBody, ok: { '200': json(S.OperatorClaim, 'Approved; the reward is booked.') }, errors: ['409'] },
  {
    method: 'post', path: '/operator/v1/claims/{id}/confirm', id: 'operatorConfirmClaim', tag: 'Operator', summary: 'Confirm an approved claim\'s reward', auth: 'operator', params: idParams(),
    description: 'Pending → Confirmed (the payout then pays it), for a sale no conversion will move. 409 claim_not_approved, network_owned (a conversion took the reward over) or reward_moved.',
    ok: { '200': json(S.OperatorClaim, 'Confirmed.') }, errors: ['409'],
  },
  { method: 'post', path: '/operator/v1/claims/{id}/reject', id: 'operatorRejectClaim', tag: 'Operator', summary: 'Reject a claim', auth: 'operator', params: idParams(), body: RejectBody, ok: { '200': json(S.OperatorClaim, 'Rejected.') }, errors: ['409'] },
  { method: 'get', path: '/operator/v1/conversions', id: 'operatorListConversions', tag: 'Operator', summary: 'Conversions needing attention', auth: 'operator', query: ConversionsQuery, ok: { '200': json(S.OperatorConversionPage, PAGE) } },
  { method: 'post', path: '/operator/v1/conversions/{id}/match', id: 'operatorMatchConversion', tag: 'Operator', summary: 'Match a conversion to a trip', description: 'The trip must be to a brand of the conversion\'s network (else 422, code other_network on trip_id).', auth: 'operator', params: idParams(), body: MatchBody, ok: { '200': json(S.OperatorConversion, 'Matched.') }, errors: ['409'] },
  { method: 'get', path: '/operator/v1/actions', id: 'operatorListActions', tag: 'Operator', summary: 'The audit trail', auth: 'operator', query: ActionsQuery, ok: { '200': json(S.OperatorActionPage, PAGE) } },

  // ---------- media ----------
  {
    method: 'get', path: '/media/brands/{id}/{kind}', id: 'getBrandImage', tag: 'Media', summary: 'A brand\'s generated logo or photo', auth: 'none',
    params: z.object({ id, kind: z.enum(['logo.svg', 'photo.svg']) }),
    ok: { '200': { description: 'An SVG image.', content: { 'image/svg+xml': { schema: { type: 'string' } } } } },
  },
  {
    method: 'get', path: '/media/projects/{file}', id: 'getProjectImage', tag: 'Media', summary: 'A project\'s generated image', auth: 'none',
    params: z.object({ file: z.string().meta({ example: '3.svg' }) }),
    ok: { '200': { description: 'An SVG image.', content: { 'image/svg+xml': { schema: { type: 'string' } } } } },
  },
  {
    method: 'get', path: '/media/uploads/{ref}', id: 'getUpload', tag: 'Media', summary: 'An uploaded image', auth: 'none',
    description: 'The URL an upload answered (`{id}-{random key}`); the key keeps it unguessable.',
    params: z.object({ ref: z.string().meta({ example: '12-Xk3bQ9fLm2Rt' }) }),
    ok: { '200': { description: 'The image bytes.', content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } } } },
  },

  // ---------- this document ----------
  {
    method: 'get', path: '/openapi.json', id: 'getOpenApiDocument', tag: 'Docs', summary: 'This OpenAPI document', auth: 'none',
    ok: { '200': { description: 'OpenAPI 3.1.', content: { 'application/json': { schema: { type: 'object' } } } } },
  },
  {
    method: 'get', path: '/docs/api', id: 'getApiReference', tag: 'Docs', summary: 'The API reference page', auth: 'none',
    ok: { '200': { description: 'An HTML page rendering this document.', content: { 'text/html': { schema: { type: 'string' } } } } },
  },
];

function operationObject(op: Op): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = { ...op.ok };
  // A network's refused signature names no realm to authenticate against (no WWW-Authenticate).
  if (op.auth === 'partner') responses['401'] = errorAnswer('InvalidSignature', 'invalid_signature: missing, malformed, stale or wrong signature, or the body names another network.');
  for (const s of refusals(op)) responses[s] ??= ERRORS[s]!;
  const o: ZodOpenApiOperationObject = {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: SECURITY[op.auth],
    responses,
  };
  if (op.query || op.params) o.requestParams = { ...(op.query ? { query: op.query } : {}), ...(op.params ? { path: op.params } : {}) };
  if (op.body) {
    o.requestBody = {
      required: op.method !== 'delete',
      content: {
        'application/json': { schema: op.body },
        ...(op.form ? { 'application/x-www-form-urlencoded': { schema: op.body } } : {}),
      },
    };
  }
  if (op.id === 'uploadFile') {
    o.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: z.object({ file: z.string().meta({ format: 'binary' }) }) } },
    };
  }
  return o;
}

export function paths(): ZodOpenApiPathsObject {
  const out: ZodOpenApiPathsObject = {};
  for (const op of OPERATIONS) (out[op.path] ??= {})[op.method] = operationObject(op);
  return out;
}
