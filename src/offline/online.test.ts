import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOnline } from './online';

function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('loadWhenOnline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    setOnline(true);
  });

  it('loads a chunk that failed offline again as soon as the network is back', async () => {
    setOnline(false);
    let calls = 0;
    const load = vi.fn(() => (++calls === 1 ? Promise.reject(new Error('Failed to fetch dynamically imported module')) : Promise.resolve('engine')));
    let result: string | undefined;
    void loadWhenOnline(load).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(60_000); // offline for a minute: no retry meanwhile
    expect(load).toHaveBeenCalledTimes(1);
    expect(result).toBeUndefined();
    setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    expect(result).toBe('engine');
  });

  it('retries a load that failed while online after the wait, or at an online event, whichever comes first', async () => {
    setOnline(true);
    const load = vi.fn<() => Promise<number>>().mockRejectedValueOnce(new Error('dropped')).mockRejectedValueOnce(new Error('dropped')).mockResolvedValue(7);
    let result: number | undefined;
    void loadWhenOnline(load, 1000).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    setOnline(true); // the second failure's retry comes at once with an online event…
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(3);
    expect(result).toBe(7);
    await vi.advanceTimersByTimeAsync(5000); // …and its timer no longer fires
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('waits twice as long after each failure while online (a chunk a new deploy removed is not asked for every 10 s)', async () => {
    setOnline(true);
    const load = vi.fn<() => Promise<number>>().mockRejectedValue(new Error('404'));
    void loadWhenOnline(load, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
