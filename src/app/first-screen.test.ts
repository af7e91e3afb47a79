import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstScreenShown } from './first-screen';

let qc: QueryClient;
let frames = 0;

beforeEach(() => {
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  frames = 0;
  // A frame every 16 ms, counted: the promise must wait for painted frames, not only for the data.
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => setTimeout(() => (frames++, cb(performance.now())), 16));
});
afterEach(() => {
  vi.unstubAllGlobals();
  qc.clear();
});

/** A query whose answer the test gives when it wants to. */
function pendingQuery(key: string) {
  let answer!: (v: string) => void;
  qc.fetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((r) => (answer = r)) }).catch(() => undefined); // cancelled by clear()
  return (v: string) => answer(v);
}

const state = (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  return () => done;
};

describe('firstScreenShown', () => {
  it('waits for every fetching query, then for two painted frames', async () => {
    const answerA = pendingQuery('a');
    const answerB = pendingQuery('b');
    const shown = state(firstScreenShown(qc));
    await new Promise((r) => setTimeout(r, 60));
    expect(shown()).toBe(false);
    answerA('x');
    await new Promise((r) => setTimeout(r, 60));
    expect(shown()).toBe(false); // b still fetching
    answerB('y');
    await vi.waitFor(() => expect(shown()).toBe(true));
    expect(frames).toBeGreaterThanOrEqual(2);
  });

  it('does not wait for data when nothing is fetching (an offline start from saved data)', async () => {
    qc.setQueryData(['saved'], 'kept');
    const shown = state(firstScreenShown(qc));
    await vi.waitFor(() => expect(shown()).toBe(true), { timeout: 200 });
  });

  it('gives up waiting for data after maxWaitMs', async () => {
    pendingQuery('never');
    const shown = state(firstScreenShown(qc, 100));
    await new Promise((r) => setTimeout(r, 60));
    expect(shown()).toBe(false);
    await vi.waitFor(() => expect(shown()).toBe(true), { timeout: 400 });
  });
});
