// The outbox with wallet changes: balance events are never coalesced (each spend counts), survive a
// reload, and are sent once each; a resend after a lost answer keeps the same event id; the 'used'
// mark coalesces like a favorite.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { ApiRequestError } from '../lib/http';
import {
  drainOutbox,
  getPendingChanges,
  onOutboxSynced,
  queueChange,
  resetOutboxForTests,
  setOutboxTransport,
  setOutboxUser,
  type OutboxChange,
} from './outbox';
import { coalesce, loadQueue, resetOutboxStoreHandle } from './outbox-queue';

const spend = (eventId: string, cents: number): OutboxChange => ({ kind: 'balance', walletId: 3, eventId, type: 'spend', cents, at: 1 });
const used = (value: boolean): OutboxChange => ({ kind: 'wallet-used', walletId: 3, used: value });

function setNavigatorOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetOutboxStoreHandle();
  resetOutboxForTests();
  setNavigatorOnline(false);
});
afterEach(() => resetOutboxForTests());

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
