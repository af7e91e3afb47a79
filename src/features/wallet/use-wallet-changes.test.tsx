import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { User } from '@contract/types';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const steps: string[] = [];

vi.mock('../../offline/outbox-lazy', () => ({
  queueChangeLater: async (_user: number, change: { kind: string }) => void steps.push(`queued:${change.kind}`),
}));

async function hook() {
  // Fresh modules per test (the mocked wallet-sync loads or fails anew): the session is set in them.
  const { resetSessionForTests } = await import('../../lib/session');
  resetSessionForTests({ tokens: { access_token: 'a', refresh_token: 'r', expires_at: Date.now() + 60_000 }, user: { id: 7 } as User });
  const { useWalletChanges } = await import('./use-wallet-changes');
  const qc = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  return renderHook(() => useWalletChanges(), { wrapper }).result.current;
}

beforeEach(() => {
  steps.length = 0;
  vi.resetModules();
  vi.doUnmock('./wallet-sync');
});

describe('useWalletChanges', () => {
  it('installs the sync reactions before it queues a change', async () => {
    vi.doMock('./wallet-sync', () => ({ installWalletSync: () => void steps.push('sync installed') }));
    const { setUsed, recordEvent } = await hook();
    expect(steps).toEqual([]); // nothing loads with the screen
    await setUsed(3, true);
    await recordEvent(3, 'spend', 500);
    expect(steps).toEqual(['sync installed', 'queued:wallet-used', 'sync installed', 'queued:balance']);
  });

  it('still queues the change when the sync code cannot load (offline before the worker saved the app)', async () => {
    vi.doMock('./wallet-sync', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { setUsed } = await hook();
    await setUsed(3, true);
    expect(steps).toEqual(['queued:wallet-used']);
  });
});
