import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
let waitingHandler: (() => void) | null = null;

vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, fn: () => void) {
      if (type === 'waiting') waitingHandler = fn;
    }
    register() {
      return Promise.resolve(undefined);
    }
    update() {
      return Promise.resolve();
    }
    messageSkipWaiting() {
      calls.push('SKIP_WAITING');
    }
  },
}));
vi.mock('./outbox', () => ({
  drainOutbox: () =>
    new Promise<void>((resolve) =>
      setTimeout(() => {
        calls.push('drained');
        resolve();
      }, 20),
    ),
}));
vi.mock('./query-persist', () => ({ flushQueryPersistence: async () => calls.push('saved') }));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('update flow', () => {
  it('registers after the first render; shows the prompt when a new version waits; accepting drains the outbox before SKIP_WAITING', async () => {
    vi.stubEnv('DEV', false);
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      // A worker in control: this is an update, registered right after load.
      value: { addEventListener() {}, ready: new Promise(() => {}), controller: {} },
    });
    const mod = await import('./register-sw');
    // Not before the boot's first render has happened.
    let rendered: () => void = () => undefined;
    const registered = mod.registerServiceWorker(new Promise<void>((resolve) => (rendered = resolve)));
    await new Promise((r) => setTimeout(r, 20));
    expect(waitingHandler).toBeNull();
    rendered();
    await registered;
    expect(waitingHandler).toBeTypeOf('function');
    const { useUpdateAvailable } = await import('./update-state');
    const { result } = renderHook(() => useUpdateAvailable());
    expect(result.current).toEqual({ available: false, applying: false });
    act(() => waitingHandler!());
    expect(result.current).toEqual({ available: true, applying: false });
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = mod.applyUpdate();
    });
    expect(result.current.applying).toBe(true);
    expect(calls).toEqual([]); // nothing is switched before the queue is drained
    await act(() => done);
    expect(calls).toEqual(['drained', 'saved', 'SKIP_WAITING']);
  });
});

describe('postToWorker', () => {
  it('a purge with no worker registered settles at once (sign-out waits for it; `ready` never would)', async () => {
    vi.stubEnv('DEV', false);
    const posted: unknown[] = [];
    let registration: { active: { postMessage(m: unknown): void } } | undefined;
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { addEventListener() {}, ready: new Promise(() => {}), getRegistration: async () => registration },
    });
    const { postToWorker } = await import('./register-sw');
    const settled = await Promise.race([postToWorker({ type: 'PURGE_USER', userId: 7 }).then(() => 'settled'), new Promise((r) => setTimeout(() => r('hung'), 200))]);
    expect(settled).toBe('settled');
    // With a worker in control, it is told.
    registration = { active: { postMessage: (m) => posted.push(m) } };
    await postToWorker({ type: 'PURGE_USER', userId: 7 });
    expect(posted).toEqual([{ type: 'PURGE_USER', userId: 7 }]);
  });
});
