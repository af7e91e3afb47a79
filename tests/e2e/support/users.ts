import { expect, type APIRequestContext } from '@playwright/test';
// Each spec file claims its own demo user so parallel workers never share state.
// The server seeds demo@socialpay.test plus demo2..demo13 (DEMO_USERS=13), all with DEMO_PASSWORD.
//
//   shell*.spec.ts          fresh sign-ups (uniqueEmail()); demo8 for read-only sign-in checks
//   shop*.spec.ts           demo2
//   impact*/targets*/transactions*/calculator*/investment*  demo3
//   offline*/pwa* (tests/e2e/offline/)  demo4, demo5, demo6 (one per spec file)
//   gift-cards*/wallet*/favorites*     demo7
//   wallet-balance* (balance, lifecycle) demo9
//   a11y*/ (tests/e2e/a11y/)           demo10
//   trips* (shopping trips, claims, a reward's path) demo11
//   reward-loop* (claims decided by the operator)     demo12
//   notifications* (push, inbox: its 7-day expiry reminder) demo13
//   anything read-only                 demo@socialpay.test
export const DEMO_PASSWORD = 'demo-pass-2026';

export const USERS = {
  demo: 'demo@socialpay.test',
  shell: 'demo8@socialpay.test',
  shop: 'demo2@socialpay.test',
  impact: 'demo3@socialpay.test',
  offline1: 'demo4@socialpay.test',
  offline2: 'demo5@socialpay.test',
  offline3: 'demo6@socialpay.test',
  commerce: 'demo7@socialpay.test',
  walletBalance: 'demo9@socialpay.test',
  a11y: 'demo10@socialpay.test',
  trips: 'demo11@socialpay.test',
  rewardLoop: 'demo12@socialpay.test',
  notifications: 'demo13@socialpay.test',
} as const;

export type UserKey = keyof typeof USERS;

export function userEmail(key: UserKey): string {
  return USERS[key];
}

/** A never-used email for sign-up journeys. */
export function uniqueEmail(tag = 'e2e'): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/** Creates an account through the API (as the Sign Up screen does, with an invite code when given) and returns its access token. */
export async function createAccount(request: APIRequestContext, email: string, password: string, firstName = 'Edit', referrerCode?: string): Promise<string> {
  const visitor = await (await request.post('/oauth/v2/token', { data: { grant_type: 'client_credentials', scope: 'ios' } })).json();
  const countries = await (await request.get('/api/v1.0/site/countries', { headers: { Authorization: `Bearer ${visitor.access_token}` } })).json();
  const country = (countries.results ?? countries)[0];
  const res = await request.post('/api/v1.0/application-users', {
    headers: { Authorization: `Bearer ${visitor.access_token}` },
    data: { first_name: firstName, last_name: 'Tester', email, password, password_confirmation: password, country_id: country.id, currency: 'EUR', referrer_code: referrerCode },
  });
  expect(res.status()).toBe(201);
  const token = await (await request.post('/oauth/v2/token', { data: { grant_type: 'password', username: email, password, scope: 'ios' } })).json();
  return token.access_token as string;
}
