import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { claimEarlyStart, offerEarlyStart } from './early-start';
import { saveStoredTokens, takeStoredSessionRead, preloadStoredSession } from '../offline/session-storage';

beforeAll(() => {
  globalThis.indexedDB = new IDBFactory();
});
// An installed start: the worker serves the page (the early script does nothing on a first visit).
const installed = (yes: boolean) => Object.defineProperty(navigator, 'serviceWorker', { value: yes ? { controller: {} } : undefined, configurable: true });
beforeEach(() => installed(true));
afterEach(() => {
  delete (globalThis as Record<string, unknown>).__socialpayEarlyStart;
  installed(false);
});

const tokens = (access: string) => ({ access_token: access, refresh_token: 'r', expires_at: 1 });

describe('the early start handed from the inline script to the entry', () => {
  it('the entry takes the reads the early script started, before a later write', async () => {
    await saveStoredTokens(tokens('early'));
    offerEarlyStart(); // index.html's inline script, before the entry has arrived
    await saveStoredTokens(tokens('later'));
    const early = claimEarlyStart(); // the entry's first import
    preloadStoredSession(early.session);
    // The boot gets the early read (queued before the write), not a new one.
    expect((await takeStoredSessionRead()).tokens?.access_token).toBe('early');
    expect(await early.savedCache).toBeNull(); // nothing saved yet
    await expect(early.picture).resolves.toBeUndefined(); // no #root skeleton here: no picture
  });

  it('on a first visit (no worker serves the page) the early script leaves it all to the entry', async () => {
    installed(false);
    await saveStoredTokens(tokens('early'));
    offerEarlyStart();
    expect((globalThis as Record<string, unknown>).__socialpayEarlyStart).toBeUndefined();
    await saveStoredTokens(tokens('later'));
    const early = claimEarlyStart();
    preloadStoredSession(early.session);
    expect((await takeStoredSessionRead()).tokens?.access_token).toBe('later');
  });

  it('an early script that comes after the entry does nothing (the entry started the steps itself)', async () => {
    const first = claimEarlyStart();
    offerEarlyStart();
    expect((globalThis as Record<string, unknown>).__socialpayEarlyStart).toBe('claimed');
    // Nor does a second claim get anything of it.
    expect(claimEarlyStart().session).not.toBe(first.session);
    await first.session;
  });

  it('what the early script started is handed over once: a second claim starts afresh', async () => {
    offerEarlyStart();
    const a = claimEarlyStart();
    const b = claimEarlyStart();
    expect(b.session).not.toBe(a.session);
    await Promise.all([a.session, b.session]);
  });
});
