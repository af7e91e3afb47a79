/** Every call of the contract (paths without prefix), for the access-rule and prefix tests. */

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** The body is multipart (POST /files). */
  multipart?: boolean;
}

/** Calls that need a user token: none → 401, a visitor token → 403. */
export const USER_CALLS: Endpoint[] = [
  { method: 'GET', path: '/application-users/me' },
  { method: 'PUT', path: '/application-users/me', body: { first_name: 'x', last_name: 'y', email: 'x@example.test', country_id: 1, edit_version: 1 } },
  { method: 'DELETE', path: '/application-users/me' },
  { method: 'PUT', path: '/application-users/me/interests', body: { user_interests: [1], edit_version: 1 } },
  { method: 'GET', path: '/interests' },
  { method: 'GET', path: '/application-users/me/privacy' },
  { method: 'PUT', path: '/application-users/me/privacy', body: { screen_visits: true } },
  { method: 'GET', path: '/application-users/me/devices' },
  { method: 'DELETE', path: '/application-users/me/devices/0123456789abcdef0123456789abcdef' },
  { method: 'POST', path: '/application-users/me/devices/sign-out-others' },
  { method: 'PUT', path: '/application-users/me/push-subscription', body: { endpoint: 'https://push.example.com/x', keys: { p256dh: 'x', auth: 'y' } } },
  { method: 'DELETE', path: '/application-users/me/push-subscription' },
  { method: 'GET', path: '/application-users/me/notification-settings' },
  { method: 'PUT', path: '/application-users/me/notification-settings', body: { expiry: true } },
  { method: 'GET', path: '/application-users/me/notifications' },
  { method: 'PUT', path: '/application-users/me/notifications/1/read' },
  { method: 'POST', path: '/application-users/me/notifications/read-all' },
  { method: 'POST', path: '/application-users/me/export', body: { password: 'x' } },
  { method: 'GET', path: '/application-users/targets' },
  { method: 'POST', path: '/application-users/targets', body: { target_id: 3 } },
  { method: 'DELETE', path: '/application-users/targets', body: { target_id: 3 } },
  { method: 'POST', path: '/files', multipart: true },
  { method: 'GET', path: '/categories' },
  { method: 'GET', path: '/corporate-partners/category/all' },
  { method: 'GET', path: '/corporate-partners/category/1' },
  { method: 'GET', path: '/corporate-partners/1' },
  { method: 'GET', path: '/corporate-partners/by-name/Groenhuis' },
  { method: 'GET', path: '/corporate-partners/favorites' },
  { method: 'POST', path: '/corporate-partners/1/favorite' },
  { method: 'DELETE', path: '/corporate-partners/1/favorite' },
  { method: 'POST', path: '/corporate-partners/1/pay', body: { amount: 10 } },
  { method: 'GET', path: '/wallet/me' },
  { method: 'POST', path: '/wallet/1/balance-events', body: { event_id: 'access-rule-1', type: 'spend', amount: 1 } },
  { method: 'GET', path: '/wallet/1/balance-events' },
  { method: 'POST', path: '/wallet/1/used' },
  { method: 'DELETE', path: '/wallet/1/used' },
  { method: 'GET', path: '/payment-intent/order-is-ready/1' },
  { method: 'GET', path: '/orders/me' },
  { method: 'GET', path: '/orders/1' },
  { method: 'POST', path: '/orders/1/cancel' },
  { method: 'POST', path: '/orders/1/resume' },
  { method: 'GET', path: '/project' },
  { method: 'GET', path: '/project/1' },
  { method: 'POST', path: '/project/1/donate', body: { amount: 10 } },
  { method: 'GET', path: '/user-saving' },
  { method: 'GET', path: '/contribution' },
  { method: 'GET', path: '/user-loyalty-transactions' },
  { method: 'GET', path: '/user-loyalty-transactions/1' },
  { method: 'POST', path: '/shopping-trips', body: { corporate_partner_id: 1, idempotency_key: 'access-rule-trip' } },
  { method: 'GET', path: '/shopping-trips' },
  { method: 'GET', path: '/shopping-trips/1' },
  { method: 'POST', path: '/shopping-trips/1/claim', body: { idempotency_key: 'access-rule-claim', purchase_date: '2026-01-01', order_number: 'A1', amount: 10 } },
  { method: 'GET', path: '/loyalty/fondo/journey/start' },
];

/** Public calls: no token, a visitor token or a user token. */
export const PUBLIC_CALLS: Endpoint[] = [
  { method: 'GET', path: '/health' },
  { method: 'GET', path: '/site/countries' },
  { method: 'GET', path: '/site/categories' },
  { method: 'GET', path: '/site/corporate-partners/all' },
  { method: 'GET', path: '/site/corporate-partners/1' },
  { method: 'GET', path: '/site/corporate-partners/by-id/1' },
  { method: 'GET', path: '/site/corporate-partners/by-name/Groenhuis' },
  { method: 'GET', path: '/site/corporate-partners/by-site/shop.example.nl' },
  { method: 'POST', path: '/application-users', body: {} },
  { method: 'POST', path: '/reset-password/someone%40example.test' },
  { method: 'POST', path: '/tracking/screen-visit', body: { screen: 'Start Screen' } },
  { method: 'GET', path: '/notifications/push-key' },
];

export const label = (e: Endpoint) => `${e.method} ${e.path}`;
