import { beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { loadStoredSession, preloadStoredSession, saveStoredTokens, takeStoredSessionRead } from './session-storage';

beforeAll(() => {
  globalThis.indexedDB = new IDBFactory();
});

const tokens = (access: string) => ({ access_token: access, refresh_token: 'r', expires_at: 1 });

describe('the boot read of the stored session (started before the entry is evaluated)', () => {
  it('hands the boot the read started early, once; every later read is fresh', async () => {
    await saveStoredTokens(tokens('before'));
    preloadStoredSession(); // as src/app/early-reads.ts does, before anyone asks
    await saveStoredTokens(tokens('after'));
    // The boot gets the read started early (queued before the write), not a new one.
    expect((await takeStoredSessionRead()).tokens?.access_token).toBe('before');
    // Not handed out twice: the next boot-style read and every other read see what is stored now.
    expect((await takeStoredSessionRead()).tokens?.access_token).toBe('after');
    expect((await loadStoredSession()).tokens?.access_token).toBe('after');
  });

  it('reads afresh when nothing was started early', async () => {
    await saveStoredTokens(tokens('now'));
    expect((await takeStoredSessionRead()).tokens?.access_token).toBe('now');
  });
});
