import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { forgetParked, queueChangeLater, resetOutboxLazyForTests, sendParkedOf, setOutboxEngine } from './outbox-lazy';
import { getPendingChanges, resetOutboxStateForTests } from './outbox-state';
import type { OutboxChange } from './outbox-change';

type Engine = typeof import('./outbox');

function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

/** An engine whose chunk arrives when the test says so. */
function engineLater() {
  const queueChange = vi.fn((_userId: number, _change: OutboxChange, _previous?: boolean) => Promise.resolve());
  let arrive: () => void = () => undefined;
  const promise = new Promise<Engine>((resolve) => (arrive = () => resolve({ queueChange } as unknown as Engine)));
  setOutboxEngine(promise, () => session);
  return { queueChange, arrive: async () => (arrive(), await promise, await new Promise((r) => setTimeout(r, 20))) };
}

const follow = (brandId: number, favorite: boolean): OutboxChange => ({ kind: 'favorite', brandId, favorite });

/** Whose the device's session is: a user id, null when nobody is signed in, undefined while not known yet. */
let session: number | null | undefined = 7;
function signedInAs(id: number | null | undefined): void {
  session = id;
}

describe('queueChangeLater before the engine is in', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    signedInAs(7);
  });
  afterEach(() => {
    setOnline(true);
    resetOutboxLazyForTests();
    resetOutboxStateForTests();
  });

  it('offline: a follow shows as waiting at once and reaches the engine, in order, when it loads', async () => {
    setOnline(false);
    const engine = engineLater();
    await queueChangeLater(7, follow(1, true), false);
    await queueChangeLater(7, follow(2, false), true);
    expect(getPendingChanges()).toEqual([follow(1, true), follow(2, false)]);
    expect(engine.queueChange).not.toHaveBeenCalled();
    await engine.arrive();
    expect(engine.queueChange.mock.calls).toEqual([
      [7, follow(1, true), false],
      [7, follow(2, false), true],
    ]);
    // Once it is in, changes go straight to it.
    await queueChangeLater(7, follow(3, true), false);
    expect(engine.queueChange).toHaveBeenLastCalledWith(7, follow(3, true), false);
  });

  it('offline: tapped back to the server\'s value, nothing is left to send', async () => {
    setOnline(false);
    const engine = engineLater();
    await queueChangeLater(7, follow(1, true), false);
    await queueChangeLater(7, follow(1, false), false);
    expect(getPendingChanges()).toEqual([]);
    await engine.arrive();
    expect(engine.queueChange).not.toHaveBeenCalled();
  });

  it('offline: wallet changes are parked too, each balance event once and the used mark as its net value', async () => {
    setOnline(false);
    const engine = engineLater();
    const spend: OutboxChange = { kind: 'balance', walletId: 4, eventId: 'e1', type: 'spend', cents: 500, at: 1 };
    const correction: OutboxChange = { kind: 'balance', walletId: 4, eventId: 'e2', type: 'correction', cents: 0, at: 2 };
    const used = (walletId: number, value: boolean): OutboxChange => ({ kind: 'wallet-used', walletId, used: value });
    await queueChangeLater(7, spend);
    await queueChangeLater(7, spend); // the same event again: once
    await queueChangeLater(7, used(4, true), false);
    await queueChangeLater(7, used(4, false), true); // restored: back to the server's value, nothing to send
    await queueChangeLater(7, used(5, true), false);
    await queueChangeLater(7, correction);
    expect(getPendingChanges()).toEqual([spend, used(5, true), correction]);
    await engine.arrive();
    expect(engine.queueChange.mock.calls).toEqual([
      [7, spend, undefined],
      [7, used(5, true), false],
      [7, correction, undefined],
    ]);
  });

  it('a user who signs out takes their parked changes along', async () => {
    setOnline(false);
    const engine = engineLater();
    await queueChangeLater(7, follow(1, true), false);
    void forgetParked(7);
    expect(getPendingChanges()).toEqual([]);
    await engine.arrive();
    expect(engine.queueChange).not.toHaveBeenCalled();
  });

  it('online: waits for the engine instead (it can load)', async () => {
    const engine = engineLater();
    let done = false;
    void queueChangeLater(7, follow(1, true), false).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    expect(getPendingChanges()).toEqual([]);
    await engine.arrive();
    await Promise.resolve();
    expect(engine.queueChange).toHaveBeenCalledWith(7, follow(1, true), false);
    expect(done).toBe(true);
  });

  it('offline, then the tab closed before the engine could load: the next tab that loads it queues them, once', async () => {
    setOnline(false);
    engineLater(); // never arrives: the tab is closed
    await queueChangeLater(7, follow(1, true), false);
    await queueChangeLater(7, follow(2, true), false);
    await queueChangeLater(7, follow(2, false), false); // back to the server's value: nothing for 2
    resetOutboxLazyForTests(); // a new tab, same IndexedDB
    resetOutboxStateForTests();
    setOnline(true);
    const next = engineLater();
    await next.arrive();
    expect(next.queueChange.mock.calls).toEqual([[7, follow(1, true), false]]);
    resetOutboxLazyForTests(); // and the one after finds nothing left
    const third = engineLater();
    await third.arrive();
    expect(third.queueChange).not.toHaveBeenCalled();
  });

  it('a closed tab\'s changes wait for their own user: another user\'s session, or none, leaves them alone', async () => {
    setOnline(false);
    engineLater(); // never arrives: the tab is closed
    await queueChangeLater(7, follow(1, true), false);
    resetOutboxLazyForTests(); // a tab whose session is user 8's (another tab signed in as 8 since, say)
    resetOutboxStateForTests();
    signedInAs(8);
    const next = engineLater();
    await next.arrive();
    expect(next.queueChange).not.toHaveBeenCalled();
    resetOutboxLazyForTests(); // a tab that read no session (a stored-session read that timed out)
    signedInAs(null);
    const third = engineLater();
    await third.arrive();
    expect(third.queueChange).not.toHaveBeenCalled();
    signedInAs(7); // user 7's next tab sends it
    resetOutboxLazyForTests();
    const fourth = engineLater();
    await fourth.arrive();
    expect(fourth.queueChange.mock.calls).toEqual([[7, follow(1, true), false]]);
  });

  it('a user who signs out in another tab takes a closed tab\'s changes along: signed in again, nothing old is sent', async () => {
    setOnline(false);
    engineLater(); // never arrives: the tab is closed
    await queueChangeLater(7, follow(1, true), false);
    await queueChangeLater(7, follow(2, true), false);
    resetOutboxLazyForTests(); // user 8 parks one in a second tab, closed too
    engineLater();
    signedInAs(8);
    await queueChangeLater(8, follow(3, true), false);
    resetOutboxLazyForTests(); // a third tab: user 7 signs out there
    await forgetParked(7);
    signedInAs(7);
    resetOutboxLazyForTests();
    const next = engineLater();
    await next.arrive();
    expect(next.queueChange).not.toHaveBeenCalled();
    signedInAs(8); // user 8's change is still there for them
    resetOutboxLazyForTests();
    const last = engineLater();
    await last.arrive();
    expect(last.queueChange.mock.calls).toEqual([[8, follow(3, true), false]]);
  });

  it('a closed tab\'s changes wait while the session\'s user is not known yet', async () => {
    setOnline(false);
    engineLater();
    await queueChangeLater(7, follow(1, true), false);
    resetOutboxLazyForTests();
    signedInAs(undefined); // signed in, the user not loaded yet
    const next = engineLater();
    await next.arrive();
    expect(next.queueChange).not.toHaveBeenCalled();
    signedInAs(7);
    resetOutboxLazyForTests();
    const third = engineLater();
    await third.arrive();
    expect(third.queueChange.mock.calls).toEqual([[7, follow(1, true), false]]);
  });

  it('a closed tab\'s changes go as soon as the session\'s user is known, not at the next page load', async () => {
    setOnline(false);
    engineLater(); // never arrives: the tab is closed
    await queueChangeLater(7, follow(1, true), false);
    resetOutboxLazyForTests();
    await sendParkedOf(7); // before this tab's engine is in: its load will do it
    signedInAs(undefined); // signed in, the user not loaded yet when the engine arrives
    const next = engineLater();
    await next.arrive();
    expect(next.queueChange).not.toHaveBeenCalled();
    await sendParkedOf(7); // the user loaded (outbox-start's session listener)
    expect(next.queueChange.mock.calls).toEqual([[7, follow(1, true), false]]);
    await sendParkedOf(7); // and once only
    expect(next.queueChange).toHaveBeenCalledTimes(1);
  });

  it('two tabs taking over the same closed tab\'s changes at once queue them once', async () => {
    // Web Locks as the browser gives them: one holder per name, the others in turn.
    const held = new Map<string, Promise<unknown>>();
    const request = vi.fn((name: string, fn: () => Promise<unknown>) => {
      const run = (held.get(name) ?? Promise.resolve()).then(fn);
      held.set(name, run.catch(() => undefined));
      return run;
    });
    Object.defineProperty(navigator, 'locks', { configurable: true, value: { request } });
    try {
      setOnline(false);
      engineLater(); // never arrives: the tab is closed
      await queueChangeLater(7, follow(1, true), false);
      resetOutboxLazyForTests();
      signedInAs(undefined); // the engine arrives before the user is known: it takes over nothing
      const next = engineLater();
      await next.arrive();
      // The user becomes known in two tabs at the same moment (here: twice in one).
      await Promise.all([sendParkedOf(7), sendParkedOf(7)]);
      expect(next.queueChange.mock.calls).toEqual([[7, follow(1, true), false]]);
      expect(request).toHaveBeenCalledWith('socialpay-parked', expect.any(Function));
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('a closed tab\'s changes and this tab\'s go in the order they were made', async () => {
    setOnline(false);
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000 });
    try {
      engineLater(); // tab A, closed later: follows brand 1
      await queueChangeLater(7, follow(1, true), false);
      resetOutboxLazyForTests(); // tab B stays open: unfollows brand 2, then (after A's) follows brand 3
      const b = engineLater();
      vi.setSystemTime(500);
      await queueChangeLater(7, follow(2, false), true);
      vi.setSystemTime(2_000);
      await queueChangeLater(7, follow(3, true), false);
      await b.arrive();
      expect(b.queueChange.mock.calls).toEqual([
        [7, follow(2, false), true],
        [7, follow(1, true), false],
        [7, follow(3, true), false],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a user who signs out leaves nothing parked for the next tab', async () => {
    setOnline(false);
    engineLater();
    await queueChangeLater(7, follow(1, true), false);
    await forgetParked(7);
    resetOutboxLazyForTests();
    const next = engineLater();
    await next.arrive();
    expect(next.queueChange).not.toHaveBeenCalled();
  });
});
