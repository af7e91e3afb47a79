import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError, resetHttpForTests } from '../lib/http';
import { getSession, resetSessionForTests } from '../lib/session';
import { registerOutboxOperations } from '../app/outbox-operations';
import {
  backoffDelay,
  clearOutbox,
  drainOutbox,
  getPendingChanges,
  onOutboxRejected,
  onOutboxSynced,
  queueChange,
  resetOutboxForTests,
  setOutboxTransport,
  setOutboxUser,
  type OutboxChange,
} from './outbox';
import { coalesce, loadQueue, resetOutboxStoreHandle, rollbackUnit, type OutboxEntry } from './outbox-queue';
import { keepOffline } from './keep-offline';
import { flushQueryPersistence, resetQueryPersistHandle, resetQueryPersistenceForTests, startQueryPersistence } from './query-persist';

const fav = (brandId: number, favorite: boolean): OutboxChange => ({ kind: 'favorite', brandId, favorite });
const tgt = (targetId: number, selected: boolean): OutboxChange => ({ kind: 'target', targetId, selected });

function setNavigatorOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

beforeEach(() => {
  // A fresh IndexedDB per test; the store handle is re-created against it.
  globalThis.indexedDB = new IDBFactory();
  resetOutboxStoreHandle();
  resetQueryPersistHandle();
  resetQueryPersistenceForTests();
  resetOutboxForTests();
  setNavigatorOnline(false);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('coalesce', () => {
  it('keeps one net change per brand: three toggles of an unfollowed brand leave one follow', () => {
    let q: OutboxEntry[] = [];
    q = coalesce(q, fav(1, true));
    q = coalesce(q, fav(1, false));
    q = coalesce(q, fav(1, true));
    expect(q.map((e) => e.change)).toEqual([fav(1, true)]);
  });

  it('follow then unfollow nets to nothing', () => {
    let q = coalesce([], fav(2, true));
    q = coalesce(q, fav(2, false));
    expect(q).toEqual([]);
  });

  it('follow three brands, unfollow one, toggle another three times', () => {
    let q: OutboxEntry[] = [];
    for (const id of [1, 2, 3]) q = coalesce(q, fav(id, true));
    q = coalesce(q, fav(2, false));
    // brand 7 starts followed on the server: unfollow, follow, unfollow
    q = coalesce(q, fav(7, false));
    q = coalesce(q, fav(7, true));
    q = coalesce(q, fav(7, false));
    expect(q.map((e) => e.change)).toEqual([fav(1, true), fav(3, true), fav(7, false)]);
  });

  it('puts a target removal before a waiting addition (max two on the server)', () => {
    let q = coalesce([], tgt(10, true));
    q = coalesce(q, fav(5, true));
    q = coalesce(q, tgt(20, false));
    expect(q.map((e) => e.change)).toEqual([tgt(20, false), tgt(10, true), fav(5, true)]);
  });

  it('toggling the target selection back and forth nets to nothing', () => {
    let q = coalesce([], tgt(20, false)); // remove A
    q = coalesce(q, tgt(30, true)); // add C
    q = coalesce(q, tgt(30, false)); // remove C again
    q = coalesce(q, tgt(20, true)); // add A back
    expect(q).toEqual([]);
  });

  it('does not cancel an entry that is on the wire; queues the reversal behind it', () => {
    const q0 = coalesce([], fav(1, true)).map((e) => ({ ...e, inflight: 1 }));
    const q1 = coalesce(q0, fav(1, false));
    expect(q1.map((e) => [e.change, !!e.inflight])).toEqual([
      [fav(1, true), true],
      [fav(1, false), false],
    ]);
    // and toggling back to the in-flight value removes only the waiting reversal
    const q2 = coalesce(q1, fav(1, true));
    expect(q2.map((e) => e.change)).toEqual([fav(1, true)]);
  });

  it('honours an explicit previous state (not a toggle)', () => {
    expect(coalesce([], fav(1, true), true)).toEqual([]);
  });

  it('queues a change behind an applied (sent) target entry instead of cancelling it', () => {
    const q0 = coalesce([], tgt(3, false)).map((e) => ({ ...e, sent: true as const }));
    const q1 = coalesce(q0, tgt(3, true));
    expect(q1.map((e) => [e.change, e.base, !!e.sent])).toEqual([
      [tgt(3, false), true, true],
      [tgt(3, true), false, false],
    ]);
  });
});

describe('rollbackUnit', () => {
  const sent = (change: OutboxChange, base: boolean): OutboxEntry => ({ uid: `u${Math.random()}`, key: `target:${(change as { targetId: number }).targetId}`, change, base, queuedAt: 0, sent: true });

  it('undoes what the server applied, removals first, and drops the rest of the unit', () => {
    // [3, 4] → [1, 2]: both removals and the first addition went through, the second was refused.
    let q: OutboxEntry[] = [sent(tgt(3, false), true), sent(tgt(4, false), true), sent(tgt(1, true), false)];
    q = coalesce(q, tgt(2, true));
    q = coalesce(q, fav(7, true));
    const after = rollbackUnit(q);
    expect(after.map((e) => [e.change, !!e.restore])).toEqual([
      [tgt(1, false), true],
      [tgt(3, true), true],
      [tgt(4, true), true],
      [fav(7, true), false],
    ]);
  });

  it('leaves nothing to restore when a target went back to where it started', () => {
    const q = [sent(tgt(3, false), true), sent(tgt(3, true), false)];
    expect(rollbackUnit(q)).toEqual([]);
  });

  it('new restores queue behind restores still waiting, and restores are never coalesced', () => {
    const waiting: OutboxEntry = { uid: 'r', key: 'target:9', change: tgt(9, true), base: false, queuedAt: 0, restore: true };
    const q = rollbackUnit([waiting, sent(tgt(5, true), false)]);
    expect(q.map((e) => e.change)).toEqual([tgt(9, true), tgt(5, false)]);
    expect(coalesce(q, tgt(9, false)).map((e) => e.change)).toEqual([tgt(9, true), tgt(5, false), tgt(9, false)]);
  });
});

describe('outbox queue and drain', () => {
  it('shows pending changes at once and survives a reload', async () => {
    setOutboxUser(1);
    const p = queueChange(1, fav(4, true));
    expect(getPendingChanges()).toEqual([fav(4, true)]);
    await p;
    resetOutboxForTests(); // "reload": memory gone
    expect(getPendingChanges()).toEqual([]);
    expect((await loadQueue(1)).map((e) => e.change)).toEqual([fav(4, true)]);
    setOutboxUser(1);
    await vi.waitFor(() => expect(getPendingChanges()).toEqual([fav(4, true)]));
  });

  it('drains in order, one request per net change, and reports synced changes', async () => {
    const sent: OutboxChange[] = [];
    setOutboxTransport(async (c) => {
      sent.push(c);
    });
    const synced: OutboxChange[] = [];
    onOutboxSynced((c) => synced.push(c));
    setOutboxUser(1);
    await queueChange(1, fav(1, true));
    await queueChange(1, fav(2, true));
    await queueChange(1, fav(3, true));
    await queueChange(1, fav(2, false));
    await queueChange(1, tgt(9, true));
    await queueChange(1, tgt(8, false));
    setNavigatorOnline(true);
    await drainOutbox();
    expect(sent).toEqual([fav(1, true), fav(3, true), tgt(8, false), tgt(9, true)]);
    expect(synced).toEqual(sent);
    expect(getPendingChanges()).toEqual([]);
    expect(await loadQueue(1)).toEqual([]);
  });

  it("saves the query cache as soon as a change syncs, so a reload right after shows the server's answer", async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { gcTime: 1000 * 60 * 60 * 24 } } });
    qc.setQueryDefaults(['wallet'], { meta: keepOffline.meta });
    await startQueryPersistence(qc, 1);
    qc.setQueryData(['wallet'], { balance: 3000 });
    await flushQueryPersistence();
    setOutboxTransport(async () => ({ balance: 2250 }));
    onOutboxSynced((_c, answer) => qc.setQueryData(['wallet'], answer));
    setOutboxUser(1);
    await queueChange(1, fav(1, true));
    setNavigatorOnline(true);
    await drainOutbox();
    // What a reload restores, read straight away (the throttled save would take another second).
    resetQueryPersistenceForTests();
    const reloaded = new QueryClient();
    await startQueryPersistence(reloaded, 1);
    expect(reloaded.getQueryData(['wallet'])).toEqual({ balance: 2250 });
  });

  it('drops a refused change (422) and tells the listener, then continues', async () => {
    const body = { error: 'at_least_one_should_be_social', error_description: 'At least one selected target must be Social.' };
    setOutboxTransport(async (c) => {
      if (c.kind === 'target') throw new ApiRequestError('validation_error', 422, body);
    });
    const rejected: Array<[OutboxChange, unknown]> = [];
    onOutboxRejected((c, e) => rejected.push([c, e]));
    setOutboxUser(1);
    await queueChange(1, tgt(5, true));
    await queueChange(1, fav(1, true));
    setNavigatorOnline(true);
    await drainOutbox();
    expect(rejected).toEqual([[tgt(5, true), body]]);
    expect(await loadQueue(1)).toEqual([]);
  });

  it('treats target changes as one unit: a refusal puts the server back to the selection it started from', async () => {
    // A server with the real rules: at most two targets, at least one of two social (3 and 4 are).
    const server = new Set([3, 4]);
    const social = new Set([3, 4]);
    const body = { error: 'at_least_one_should_be_social', error_description: 'At least one selected target must be Social.' };
    const states: number[][] = [];
    setOutboxTransport(async (c) => {
      if (c.kind !== 'target') return;
      if (c.selected) {
        const others = [...server].filter((id) => id !== c.targetId);
        if (others.length >= 2) throw new ApiRequestError('validation_error', 422, { error: 'max_two_targets', error_description: '' });
        if (others.length === 1 && !social.has(others[0]) && !social.has(c.targetId)) throw new ApiRequestError('validation_error', 422, body);
        server.add(c.targetId);
      } else server.delete(c.targetId);
      states.push([...server].sort());
    });
    const rejected: Array<[OutboxChange, unknown]> = [];
    const synced: OutboxChange[] = [];
    onOutboxRejected((c, e) => rejected.push([c, e]));
    onOutboxSynced((c) => synced.push(c));
    setOutboxUser(1);
    for (const c of [tgt(3, false), tgt(4, false), tgt(1, true), tgt(2, true), fav(6, true)]) await queueChange(1, c);
    setNavigatorOnline(true);
    await drainOutbox();
    expect(states).toEqual([[4], [], [1], [], [3], [3, 4]]);
    expect([...server].sort()).toEqual([3, 4]);
    expect(rejected).toEqual([[tgt(2, true), body]]);
    // Only the restores and the favorite reached the server for good; nothing of the refused unit is reported synced.
    expect(synced).toEqual([tgt(1, false), tgt(3, true), tgt(4, true), fav(6, true)]);
    expect(await loadQueue(1)).toEqual([]);
    expect(getPendingChanges()).toEqual([]);
  });

  it('reports a target unit synced only when all of it is through, and resumes a half-sent unit after a failure', async () => {
    let failNext = false;
    const sent: OutboxChange[] = [];
    const synced: OutboxChange[] = [];
    setOutboxTransport(async (c) => {
      if (failNext) {
        failNext = false;
        throw new ApiRequestError('network_error', 0, null);
      }
      sent.push(c);
      if (c.kind === 'target' && c.targetId === 3) failNext = true;
    });
    onOutboxSynced((c) => synced.push(c));
    setOutboxUser(1);
    await queueChange(1, tgt(3, false));
    await queueChange(1, tgt(5, true));
    setNavigatorOnline(true);
    await drainOutbox();
    expect(sent).toEqual([tgt(3, false)]);
    expect(synced).toEqual([]);
    // The applied removal is kept (marked sent) and still shown as waiting.
    expect((await loadQueue(1)).map((e) => [e.change, !!e.sent])).toEqual([[tgt(3, false), true], [tgt(5, true), false]]);
    expect(getPendingChanges()).toEqual([tgt(3, false), tgt(5, true)]);
    resetOutboxForTests(); // a reload in between
    setOutboxTransport(async (c) => {
      sent.push(c);
    });
    onOutboxSynced((c) => synced.push(c));
    setOutboxUser(1);
    await drainOutbox();
    expect(sent).toEqual([tgt(3, false), tgt(5, true)]);
    expect(synced).toEqual([tgt(3, false), tgt(5, true)]);
    expect(await loadQueue(1)).toEqual([]);
  });

  it('drops a refused restore without telling the user again', async () => {
    const sent: OutboxChange[] = [];
    setOutboxTransport(async (c) => {
      sent.push(c);
      if (c.kind === 'target' && (c.targetId === 8 || !c.selected)) throw new ApiRequestError('validation_error', 422, null);
    });
    const rejected: OutboxChange[] = [];
    onOutboxRejected((c) => rejected.push(c));
    setOutboxUser(1);
    await queueChange(1, tgt(2, true));
    await queueChange(1, tgt(8, true));
    setNavigatorOnline(true);
    await drainOutbox(); // 2 applied, 8 refused → restore "unselect 2" is refused too
    expect(sent).toEqual([tgt(2, true), tgt(8, true), tgt(2, false)]);
    expect(rejected).toEqual([tgt(8, true)]);
    expect(await loadQueue(1)).toEqual([]);
  });

  it('drops a favorite for a brand that vanished (404)', async () => {
    setOutboxTransport(async () => {
      throw new ApiRequestError('unknown_error', 404, { error: 'not_found', error_description: 'Not found' });
    });
    const rejected: OutboxChange[] = [];
    onOutboxRejected((c) => rejected.push(c));
    setOutboxUser(1);
    await queueChange(1, fav(99, true));
    setNavigatorOnline(true);
    await drainOutbox();
    expect(rejected).toEqual([fav(99, true)]);
  });

  it('stops on a network error or 5xx, keeps order, and retries with backoff', async () => {
    // Only the timers the outbox uses are faked; fake-indexeddb keeps its real setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const settle = async () => {
      for (let i = 0; i < 50; i += 1) await new Promise((r) => setImmediate(r));
    };
    const sent: OutboxChange[] = [];
    let fail = 2;
    setOutboxTransport(async (c) => {
      sent.push(c);
      if (fail > 0) {
        fail -= 1;
        throw fail === 1
          ? new ApiRequestError('network_error', 0, null)
          : new ApiRequestError('unknown_error', 503, null);
      }
    });
    setOutboxUser(1);
    await queueChange(1, fav(1, true));
    await queueChange(1, fav(2, true));
    setNavigatorOnline(true);
    await drainOutbox();
    expect(sent).toEqual([fav(1, true)]);
    expect((await loadQueue(1)).map((e) => e.change)).toEqual([fav(1, true), fav(2, true)]);
    expect((await loadQueue(1)).some((e) => e.inflight)).toBe(false);
    // first retry after 1 s fails again (503), the next after 2 s more succeeds
    await vi.advanceTimersByTimeAsync(999);
    await settle();
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    await settle();
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(sent).toEqual([fav(1, true), fav(1, true), fav(1, true), fav(2, true)]);
    expect(await loadQueue(1)).toEqual([]);
  });

  it('backoff doubles from 1 s and is capped at 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(backoffDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });

  it('stops without dropping when the session is gone (401 after refresh)', async () => {
    setOutboxTransport(async () => {
      throw new ApiRequestError('unknown_error', 401, null);
    });
    const rejected: OutboxChange[] = [];
    onOutboxRejected((c) => rejected.push(c));
    setOutboxUser(1);
    await queueChange(1, fav(1, true));
    setNavigatorOnline(true);
    await drainOutbox();
    expect(rejected).toEqual([]);
    expect((await loadQueue(1)).map((e) => e.change)).toEqual([fav(1, true)]);
  });

  it('keeps queues per user and clears only the one that logged out', async () => {
    await queueChange(1, fav(1, true));
    await queueChange(2, fav(2, true));
    await clearOutbox(1);
    expect(await loadQueue(1)).toEqual([]);
    expect((await loadQueue(2)).map((e) => e.change)).toEqual([fav(2, true)]);
  });

  it('drains only the active user and never sends while offline', async () => {
    const sent: OutboxChange[] = [];
    setOutboxTransport(async (c) => {
      sent.push(c);
    });
    setOutboxUser(2);
    await queueChange(1, fav(1, true));
    await queueChange(2, fav(2, true));
    await drainOutbox();
    expect(sent).toEqual([]);
    setNavigatorOnline(true);
    await drainOutbox();
    expect(sent).toEqual([fav(2, true)]);
    expect((await loadQueue(1)).length).toBe(1);
  });

  it('a change whose operation is not registered stays queued and is retried, not dropped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    setOutboxTransport(null); // the registered operations; none for 'favorite' here
    const rejected: OutboxChange[] = [];
    onOutboxRejected((c) => rejected.push(c));
    setOutboxUser(1);
    await queueChange(1, fav(8, true));
    setNavigatorOnline(true);
    await drainOutbox();
    expect(rejected).toEqual([]);
    expect((await loadQueue(1)).map((e) => e.change)).toEqual([fav(8, true)]);
  });

  it('a 401 during the drain goes through the one shared refresh, then retries', async () => {
    resetHttpForTests();
    resetSessionForTests({ tokens: { access_token: 'old', refresh_token: 'r1', expires_at: Date.now() + 60_000 } });
    const calls: string[] = [];
    let refreshes = 0;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/oauth/v2/token')) {
        refreshes += 1;
        return new Response(
          JSON.stringify({ access_token: 'new', refresh_token: 'r2', token_type: 'bearer', expires_in: 900, scope: 'ios' }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        );
      }
      const auth = new Headers(init?.headers).get('Authorization');
      calls.push(`${init?.method} ${url} ${auth}`);
      if (auth !== 'Bearer new') return new Response(JSON.stringify({ error: 'unauthorized', error_description: 'expired' }), { status: 401 });
      return new Response(init?.method === 'DELETE' && url.includes('targets') ? null : '{}', {
        status: init?.method === 'DELETE' && url.includes('targets') ? 204 : 200,
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    registerOutboxOperations(); // the features' real requests, as at boot
    try {
      setOutboxUser(1);
      await queueChange(1, fav(3, true));
      await queueChange(1, tgt(4, false));
      setNavigatorOnline(true);
      await drainOutbox();
      expect(refreshes).toBe(1);
      expect(calls).toEqual([
        'POST /api/v1.0/corporate-partners/3/favorite Bearer old',
        'POST /api/v1.0/corporate-partners/3/favorite Bearer new',
        'DELETE /api/v1.0/application-users/targets Bearer new',
      ]);
      expect(getSession().tokens?.refresh_token).toBe('r2');
      expect(await loadQueue(1)).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
      resetSessionForTests();
    }
  });
});

// Wallet changes: balance events are never coalesced (each spend counts), survive a reload and are
// sent once each (a resend after a lost answer keeps the event id); the used mark coalesces like a favorite.
const spend = (eventId: string, cents: number): OutboxChange => ({ kind: 'balance', walletId: 3, eventId, type: 'spend', cents, at: 1 });
const used = (value: boolean): OutboxChange => ({ kind: 'wallet-used', walletId: 3, used: value });

describe('outbox: wallet changes', () => {
  it('keeps every balance event in order, the same event once; the used mark nets out like a toggle', () => {
    let q = coalesce([], spend('a1234567', 500));
    q = coalesce(q, spend('b1234567', 500));
    q = coalesce(q, spend('a1234567', 500));
    expect(q.map((e) => e.change)).toEqual([spend('a1234567', 500), spend('b1234567', 500)]);
    q = coalesce(q, used(true), false);
    q = coalesce(q, used(false), true);
    expect(q).toHaveLength(2);
  });

  it('survives a reload, then sends each event once, in order, handing the server answer to listeners', async () => {
    setOutboxUser(1);
    await queueChange(1, spend('a1234567', 500));
    await queueChange(1, spend('b1234567', 700));
    await queueChange(1, used(true), false);
    resetOutboxForTests(); // reload
    const sent: OutboxChange[] = [];
    const answers: unknown[] = [];
    let failOnce = true;
    setOutboxTransport(async (c) => {
      sent.push(c);
      // The first send's answer is lost on the way back: it is sent again, with the same event id.
      if (failOnce) {
        failOnce = false;
        throw new ApiRequestError('network_error', 0, null);
      }
      return { ok: c.kind };
    });
    onOutboxSynced((_c, result) => answers.push(result));
    setOutboxUser(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(getPendingChanges()).toHaveLength(3);
    setNavigatorOnline(true);
    await drainOutbox();
    await new Promise((r) => setTimeout(r, 1100)); // the retry after the first backoff
    await drainOutbox();
    expect(sent).toEqual([spend('a1234567', 500), spend('a1234567', 500), spend('b1234567', 700), used(true)]);
    expect(answers).toEqual([{ ok: 'balance' }, { ok: 'balance' }, { ok: 'wallet-used' }]);
    expect(await loadQueue(1)).toEqual([]);
    expect(getPendingChanges()).toEqual([]);
  });
});

// Shopping trips and missing-reward claims are records: every SHOP tap is its own trip, a trip gets
// one claim (a second report of the same trip while the first waits is the same report).
describe('outbox: trips and claims', () => {
  it('keeps each trip, and one claim per trip', () => {
    const trip = (key: string): OutboxChange => ({ kind: 'trip', brandId: 1, idempotencyKey: key, at: 1 });
    const claim = (tripId: number, key: string): OutboxChange => ({ kind: 'claim', tripId, idempotencyKey: key, purchaseDate: '2026-03-01', orderNumber: 'A1', cents: 100, at: 1 });
    let q = coalesce([], trip('t1234567'));
    q = coalesce(q, trip('t7654321'));
    q = coalesce(q, trip('t1234567'));
    q = coalesce(q, claim(4, 'c1234567'));
    q = coalesce(q, claim(4, 'c7654321'));
    q = coalesce(q, claim(5, 'c5555555'));
    expect(q.map((e) => e.key)).toEqual(['trip:t1234567', 'trip:t7654321', 'claim:4', 'claim:5']);
    expect(q[2].change).toEqual(claim(4, 'c1234567'));
  });
});
