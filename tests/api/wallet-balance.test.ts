/**
 * Additions to the wallet: balance events (POST/GET /wallet/{id}/balance-events), the 'used' mark
 * (POST/DELETE /wallet/{id}/used), expiry dates. Bad amounts are a 422 that changes nothing; a resent
 * event is a replay; parallel events from two devices (on PostgreSQL also through two server
 * instances on one database) end at one balance with every event in the history.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { BalanceEvent, Paged, PayResponse, WalletItem } from '../../server/contract/types.ts';
import { createApp } from '../../server/app.ts';
import type { Db } from '../../server/db/open.ts';
import { makeClient, type Client } from './support/client.ts';
import { databaseUrl } from './support/database.ts';
import { useServer, type SignedUp } from './support/harness.ts';
import { expectClientError, expectError, expectOk, isoDate, payShape, walletItemShape } from './support/shapes.ts';

const t = useServer();

const eventShape = z.object({
  id: z.number().int(),
  event_id: z.string(),
  type: z.enum(['spend', 'correction']),
  change: z.number().int(),
  balance: z.number().int().min(0),
  created_at: isoDate,
});
const resultShape = z.object({ event: eventShape, wallet_item: walletItemShape });
const historyShape = z.object({ results: z.array(eventShape), metadata: z.object({ total: z.number(), limit: z.number(), offset: z.number() }) });

/** A user with one paid card of `euros`, bought through the sandbox provider like the app does. */
async function userWithCard(euros = 25): Promise<{ u: SignedUp; card: WalletItem }> {
  const u = await t.signUp();
  const p: PayResponse = expectOk(await u.api.post('/corporate-partners/5/pay', { amount: euros }), 201, payShape);
  const page = await t.anon.get(p.payment_url);
  const action = /action="([^"]+\/pay)"/.exec(page.text)![1];
  expect((await t.anon.post(action, undefined, { raw: '', contentType: 'application/x-www-form-urlencoded' })).status).toBe(303);
  const cards = (await u.api.get<WalletItem[]>('/wallet/me')).body;
  expect(cards).toHaveLength(1);
  return { u, card: cards[0] };
}

const evId = (): string => randomUUID();
const spend = (amount: unknown, event_id = evId()) => ({ event_id, type: 'spend', amount });
const correction = (balance: unknown, event_id = evId()) => ({ event_id, type: 'correction', balance });

async function state(api: Client, id: number): Promise<{ card: WalletItem; history: BalanceEvent[] }> {
  const card = (await api.get<WalletItem[]>('/wallet/me')).body.find((c) => c.id === id)!;
  const history = expectOk(await api.get<Paged<BalanceEvent>>(`/wallet/${id}/balance-events`, { query: { limit: 200 } }), 200, historyShape).results;
  return { card, history };
}

describe('wallet items carry the additions', () => {
  test('a bought card: expiry two years on, in use, no balance event yet', async () => {
    const { card } = await userWithCard();
    expect(walletItemShape.parse(card)).toBeTruthy();
    const expected = new Date(Date.now() + 730 * 86_400_000).toISOString().slice(0, 10);
    expect([expected, new Date(Date.now() + 729 * 86_400_000).toISOString().slice(0, 10)]).toContain(card.expiry_date);
    expect(card.used_at).toBeNull();
    expect(card.balance_updated_at).toBeNull();
  });

  test('the demo wallet has varied expiries (none, soon, expired) and a seeded spend in its history', async () => {
    const api = t.api(await t.userToken());
    const cards = (await api.get<WalletItem[]>('/wallet/me')).body;
    const today = new Date().toISOString().slice(0, 10);
    expect(cards.some((c) => c.expiry_date === null)).toBe(true);
    expect(cards.some((c) => c.expiry_date! > today)).toBe(true);
    expect(cards.some((c) => c.expiry_date !== null && c.expiry_date! < today)).toBe(true);
    const withHistory = cards.filter((c) => c.balance_updated_at !== null);
    expect(withHistory.length).toBeGreaterThan(0);
    const { history } = await state(api, withHistory[0].id);
    expect(history[0]).toMatchObject({ type: 'spend', change: -1250, balance: withHistory[0].amount });
  });
});

describe('POST /wallet/{id}/balance-events', () => {
  test('a spend lowers the balance; a correction sets it; the history is newest first with change and result', async () => {
    const { u, card } = await userWithCard(25);
    const first = expectOk(await u.api.post(`/wallet/${card.id}/balance-events`, spend(7.5)), 201, resultShape);
    expect(first.event).toMatchObject({ type: 'spend', change: -750, balance: 1750 });
    expect(first.wallet_item).toMatchObject({ id: card.id, amount: 1750, used_at: null });
    expect(first.wallet_item.balance_updated_at).not.toBeNull();
    const second = expectOk(await u.api.post(`/wallet/${card.id}/balance-events`, correction(20.01), { prefix: '/api/v1' }), 201, resultShape);
    expect(second.event).toMatchObject({ type: 'correction', change: 251, balance: 2001 });
    const { card: now, history } = await state(u.api, card.id);
    expect(now.amount).toBe(2001);
    expect(history.map((e) => [e.type, e.change, e.balance])).toEqual([
      ['correction', 251, 2001],
      ['spend', -750, 1750],
    ]);
  });

  test('spending the whole balance, or correcting to 0, marks the card used; a correction up keeps that mark', async () => {
    const { u, card } = await userWithCard(10);
    const r = expectOk(await u.api.post(`/wallet/${card.id}/balance-events`, spend(10)), 201, resultShape);
    expect(r.wallet_item.amount).toBe(0);
    expect(r.wallet_item.used_at).not.toBeNull();
    const other = await userWithCard(10);
    const c = expectOk(await other.u.api.post(`/wallet/${other.card.id}/balance-events`, correction(0)), 201, resultShape);
    expect(c.wallet_item.used_at).not.toBeNull();
    const up = expectOk(await other.u.api.post(`/wallet/${other.card.id}/balance-events`, correction(5)), 201, resultShape);
    expect(up.wallet_item).toMatchObject({ amount: 500, used_at: c.wallet_item.used_at });
  });

  test('bad amounts: a 422 in the contract shape naming the field, and nothing changes', async () => {
    const { u, card } = await userWithCard(25);
    const bad: Array<[unknown, string, string]> = [
      [spend(-5), 'amount', 'too_small'],
      [spend(0), 'amount', 'too_small'],
      [spend(25.01), 'amount', 'exceeds_balance'],
      [spend(1.234), 'amount', 'too_many_decimals'],
      [spend(1e-9), 'amount', 'too_many_decimals'],
      [spend('5'), 'amount', 'invalid_type'],
      [spend('NaN'), 'amount', 'invalid_type'],
      [spend(null), 'amount', 'invalid_type'],
      [{ event_id: evId(), type: 'spend' }, 'amount', 'required'],
      [correction(-0.01), 'balance', 'too_small'],
      [correction(100_000.01), 'balance', 'too_big'],
      [correction(3.001), 'balance', 'too_many_decimals'],
      [correction(1e-9), 'balance', 'too_many_decimals'],
      [correction('ten'), 'balance', 'invalid_type'],
      [{ event_id: evId(), type: 'refund', amount: 1 }, 'type', 'invalid_value'],
      [{ type: 'spend', amount: 1 }, 'event_id', 'required'],
      [spend(1, 'short'), 'event_id', 'invalid_format'],
      [spend(1, 'x'.repeat(65)), 'event_id', 'invalid_format'],
      [spend(1, '<script>alert(1)</script>'), 'event_id', 'invalid_format'],
    ];
    for (const [body, field, code] of bad) {
      const err = expectError(await u.api.post(`/wallet/${card.id}/balance-events`, body), 422, 'validation_error');
      expect(err.violations?.map((v) => [v.property_path, v.code]), JSON.stringify(body)).toContainEqual([field, code]);
      expect(err.error_description.length).toBeGreaterThan(0);
    }
    // Not JSON, not an object, huge numbers: still a 4xx in the contract's shape.
    for (const raw of ['{"event_id":"abcdefgh","type":"spend","amount":NaN}', '[1,2]', '"spend"', '{"type":"spend","amount":1e309,"event_id":"abcdefgh"}']) {
      expectClientError(await u.api.post(`/wallet/${card.id}/balance-events`, undefined, { raw, contentType: 'application/json' }));
    }
    const { card: now, history } = await state(u.api, card.id);
    expect(now.amount).toBe(2500);
    expect(now.balance_updated_at).toBeNull();
    expect(history).toEqual([]);
  });

  test('the same event sent twice is applied once (200 the second time); its id with another body is 409', async () => {
    const { u, card } = await userWithCard(25);
    const id = evId();
    const a = expectOk(await u.api.post(`/wallet/${card.id}/balance-events`, spend(5, id)), 201, resultShape);
    const b = expectOk(await u.api.post(`/wallet/${card.id}/balance-events`, spend(5, id)), 200, resultShape);
    expect(b.event).toEqual(a.event);
    expect(b.wallet_item.amount).toBe(2000);
    expectError(await u.api.post(`/wallet/${card.id}/balance-events`, spend(6, id)), 409, 'event_conflict');
    expectError(await u.api.post(`/wallet/${card.id}/balance-events`, correction(5, id)), 409, 'event_conflict');
    const { card: now, history } = await state(u.api, card.id);
    expect(now.amount).toBe(2000);
    expect(history).toHaveLength(1);
  });

  test("another user's card, an unknown card, a malformed id: 404; no token 401; visitor 403", async () => {
    const { card } = await userWithCard(25);
    const other = await t.signUp();
    for (const path of [`/wallet/${card.id}/balance-events`, '/wallet/999999/balance-events', '/wallet/abc/balance-events']) {
      expectError(await other.api.post(path, spend(1)), 404, 'not_found');
      expectError(await other.api.get(path), 404, 'not_found');
    }
    expectError(await t.anon.post(`/wallet/${card.id}/balance-events`, spend(1)), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).post(`/wallet/${card.id}/balance-events`, spend(1)), 403, 'forbidden');
  });

  test('history paging: limit and offset; bad paging is a 400', async () => {
    const { u, card } = await userWithCard(25);
    for (const euros of [1, 2, 3]) expectOk(await u.api.post(`/wallet/${card.id}/balance-events`, spend(euros)), 201);
    const page = expectOk(await u.api.get(`/wallet/${card.id}/balance-events`, { query: { limit: 2, offset: 1 } }), 200, historyShape);
    expect(page.metadata).toEqual({ total: 3, limit: 2, offset: 1 });
    expect(page.results.map((e) => e.change)).toEqual([-200, -100]);
    const past = expectOk(await u.api.get(`/wallet/${card.id}/balance-events`, { query: { offset: 10 } }), 200, historyShape);
    expect(past).toMatchObject({ results: [], metadata: { total: 3 } });
    expectError(await u.api.get(`/wallet/${card.id}/balance-events`, { query: { offset: -1 } }), 400, 'invalid_request');
  });
});

describe('two devices at once', () => {
  const extra: Array<{ server: ServerType; db: Db }> = [];
  afterAll(async () => {
    for (const e of extra) {
      await new Promise<void>((resolve) => e.server.close(() => resolve()));
      await e.db.close();
    }
  });

  /** On PostgreSQL the second device talks to a second server instance on the same database. */
  async function secondDevice(token: string): Promise<Client> {
    if (!databaseUrl) return t.api(token);
    const db = await t.server.database.open();
    const app = createApp({ db, config: t.server.config });
    const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve({ server: s, port: info.port }));
    });
    extra.push({ server, db });
    return makeClient(`http://127.0.0.1:${port}`, token);
  }

  test('parallel spends and corrections end at one balance, every event kept, the history adding up', async () => {
    const { u, card } = await userWithCard(100);
    const phone = u.api;
    const tablet = await secondDevice((await t.login(u.email, u.password)).access_token);
    const sends: Array<Promise<{ status: number }>> = [];
    for (let i = 0; i < 10; i++) {
      sends.push(phone.post(`/wallet/${card.id}/balance-events`, spend(1.5)));
      sends.push(tablet.post(`/wallet/${card.id}/balance-events`, spend(2.25)));
    }
    sends.push(tablet.post(`/wallet/${card.id}/balance-events`, correction(80)));
    const statuses = (await Promise.all(sends)).map((r) => r.status);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const { card: now, history } = await state(phone, card.id);
    expect(history).toHaveLength(21);
    // Every event started from the one before it: the log is a chain ending at the card's balance.
    const chronological = [...history].reverse();
    let balance = 10000;
    for (const e of chronological) {
      expect(e.balance).toBe(balance + e.change);
      if (e.type === 'spend') expect(e.change).toBeLessThan(0);
      balance = e.balance;
    }
    expect(now.amount).toBe(balance);
    const correctionAt = chronological.findIndex((e) => e.type === 'correction');
    const spentAfter = chronological.slice(correctionAt + 1).reduce((s, e) => s - e.change, 0);
    expect(now.amount).toBe(8000 - spentAfter);
  });

  test('the same event from both devices at once (an outbox resend) is applied exactly once', async () => {
    const { u, card } = await userWithCard(30);
    const tablet = await secondDevice((await t.login(u.email, u.password)).access_token);
    const id = evId();
    const results = await Promise.all([
      u.api.post(`/wallet/${card.id}/balance-events`, spend(4, id)),
      tablet.post(`/wallet/${card.id}/balance-events`, spend(4, id)),
      u.api.post(`/wallet/${card.id}/balance-events`, spend(4, id)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const { card: now, history } = await state(u.api, card.id);
    expect(now.amount).toBe(2600);
    expect(history).toHaveLength(1);
  });

  test('spends racing past the balance: the ones that fit apply, the rest get 422 exceeds_balance, nothing goes below 0', async () => {
    const { u, card } = await userWithCard(10);
    const tablet = await secondDevice((await t.login(u.email, u.password)).access_token);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? tablet : u.api).post(`/wallet/${card.id}/balance-events`, spend(3))));
    const ok = results.filter((r) => r.status === 201).length;
    expect(ok).toBe(3);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(422);
      expect((r.body as { violations: Array<{ code: string }> }).violations[0].code).toBe('exceeds_balance');
    }
    const { card: now, history } = await state(u.api, card.id);
    expect(now.amount).toBe(100);
    expect(history).toHaveLength(3);
  });
});

describe('POST/DELETE /wallet/{id}/used', () => {
  test('marks a card used and restores it, idempotently; other users get 404', async () => {
    const { u, card } = await userWithCard(25);
    const used = expectOk(await u.api.post(`/wallet/${card.id}/used`), 200, walletItemShape);
    expect(used.used_at).not.toBeNull();
    const again = expectOk(await u.api.post(`/wallet/${card.id}/used`), 200, walletItemShape);
    expect(again.used_at).toBe(used.used_at);
    expect((await u.api.get<WalletItem[]>('/wallet/me')).body[0].used_at).toBe(used.used_at);
    expect(expectOk(await u.api.delete(`/wallet/${card.id}/used`), 200, walletItemShape).used_at).toBeNull();
    expect(expectOk(await u.api.delete(`/wallet/${card.id}/used`), 200, walletItemShape).used_at).toBeNull();
    const other = await t.signUp();
    expectError(await other.api.post(`/wallet/${card.id}/used`), 404, 'not_found');
    expectError(await other.api.delete(`/wallet/${card.id}/used`), 404, 'not_found');
    expect((await u.api.get<WalletItem[]>('/wallet/me')).body[0].used_at).toBeNull();
  });
});
