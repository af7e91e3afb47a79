/**
 * The backup drills' read checks: what a restored copy must answer as the original did (catalogue,
 * categories, the demo user's profile, wallet, orders, favorites and transactions), through a server
 * process on it.
 */
import { expect } from 'vitest';
import { makeClient } from '../support/client.ts';
import { DEMO } from '../support/harness.ts';
import type { Proc } from './processes.ts';

export async function reads(p: Proc) {
  const anon = makeClient(p.url, null);
  const tok = await anon.post('/oauth/v2/token', { grant_type: 'password', username: DEMO.email, password: DEMO.password, client_id: 'web', scope: 'ios' });
  expect(tok.status, tok.text).toBe(200);
  const user = makeClient(p.url, tok.body.access_token);
  const out: Record<string, unknown> = {};
  for (const [name, client, path] of [
    ['catalogue', anon, '/site/corporate-partners/all?limit=50'],
    ['categories', anon, '/site/categories'],
    ['me', user, '/application-users/me'],
    ['wallet', user, '/wallet/me'],
    ['orders', user, '/orders/me'],
    ['favorites', user, '/corporate-partners/favorites'],
    ['transactions', user, '/user-loyalty-transactions'],
  ] as const) {
    const r = await client.get(path);
    expect(r.status, `${name}: ${r.text.slice(0, 200)}`).toBe(200);
    out[name] = r.body;
  }
  // Links carry each process's own public URL (PUBLIC_URL): compare them without it.
  return { out: JSON.parse(JSON.stringify(out).replaceAll(p.url, 'ORIGIN')) as Record<string, unknown>, user };
}
