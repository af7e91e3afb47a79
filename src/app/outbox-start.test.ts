import { QueryClient } from '@tanstack/react-query';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@contract/types';
import { logout, resetSessionForTests } from '../lib/session';
import { queueChangeLater, resetOutboxLazyForTests } from '../offline/outbox-lazy';
import { getPendingChanges, resetOutboxStateForTests } from '../offline/outbox-state';
import { startOutbox } from './outbox-start';

const tokens = { access_token: 'a', refresh_token: 'r', expires_at: Date.now() + 60_000 } as never;

describe("the outbox's start", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    resetSessionForTests({ tokens, user: { id: 7 } as User });
  });
  afterEach(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    resetOutboxLazyForTests();
    resetOutboxStateForTests();
  });

  it('offline before its engine could load (a first visit), sign-out returns at once and takes the parked follow along', async () => {
    // The first screen is never shown here, so the engine's chunk never loads.
    startOutbox(new QueryClient(), new Promise<void>(() => undefined));
    await queueChangeLater(7, { kind: 'favorite', brandId: 3, favorite: true }, false);
    expect(getPendingChanges()).toHaveLength(1);
    const outcome = await Promise.race([logout('refresh_failed').then(() => 'signed out'), new Promise((r) => setTimeout(() => r('still waiting'), 1000))]);
    expect(outcome).toBe('signed out');
    expect(getPendingChanges()).toEqual([]);
  });
});
