import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { COPY_RETRY_DELAYS_MS, refetchWhenFresherArrives } from './offline-boot';
import { noteFreshAnswer, noteServedFromCache } from '../offline/served-from-cache';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A query client wired as the boot wires it; its spy counts the screen's refetches. */
function refetchesOf() {
  const qc = new QueryClient();
  const invalidate = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue();
  refetchWhenFresherArrives(qc);
  return invalidate;
}

describe('refetchWhenFresherArrives', () => {
  it('asks again at once, at most once a second, and never drops the last late answer', () => {
    const invalidate = refetchesOf();
    noteFreshAnswer('/api/v1.0/categories');
    expect(invalidate).toHaveBeenCalledTimes(1);
    // Two more late answers within the second (the favorites list among them): one more ask, at its end.
    vi.advanceTimersByTime(300);
    noteFreshAnswer('/api/v1.0/corporate-partners/favorites');
    noteFreshAnswer('/api/v1.0/wallet/me');
    expect(invalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(700);
    expect(invalidate).toHaveBeenCalledTimes(2);
    // A second later: at once again.
    vi.advanceTimersByTime(1000);
    noteFreshAnswer('/api/v1.0/wallet/me');
    expect(invalidate).toHaveBeenCalledTimes(3);
  });
});

describe('an answer from the worker copy while online', () => {
  it('asks again 2, 4 and 8 s later while the network keeps failing, then leaves the copy; a quiet minute starts over', () => {
    const invalidate = refetchesOf();
    // The connection has just come back; the first read after it still failed: the copy answered.
    noteServedFromCache('/api/v1.0/corporate-partners/favorites', 'failed');
    noteServedFromCache('/api/v1.0/categories', 'failed');
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(COPY_RETRY_DELAYS_MS[0]);
    expect(invalidate).toHaveBeenCalledTimes(1);
    // That ask failed too: again after 4 s, then after 8 s, then no more.
    for (const [i, wait] of COPY_RETRY_DELAYS_MS.slice(1).entries()) {
      noteServedFromCache('/api/v1.0/corporate-partners/favorites', 'failed');
      vi.advanceTimersByTime(wait - 1);
      expect(invalidate).toHaveBeenCalledTimes(i + 1);
      vi.advanceTimersByTime(1);
      expect(invalidate).toHaveBeenCalledTimes(i + 2);
    }
    noteServedFromCache('/api/v1.0/corporate-partners/favorites', 'failed');
    vi.advanceTimersByTime(30_000);
    expect(invalidate).toHaveBeenCalledTimes(3);
    // A minute without a copy answer: a new failure is asked again.
    vi.advanceTimersByTime(61_000);
    noteServedFromCache('/api/v1.0/corporate-partners/favorites', 'failed');
    vi.advanceTimersByTime(COPY_RETRY_DELAYS_MS[0]);
    expect(invalidate).toHaveBeenCalledTimes(4);
  });

  it('does not ask again for a slow network (its late answer is awaited) or while the browser is offline', () => {
    const invalidate = refetchesOf();
    noteServedFromCache('/api/v1.0/wallet/me', 'timeout');
    vi.advanceTimersByTime(20_000);
    expect(invalidate).not.toHaveBeenCalled();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    noteServedFromCache('/api/v1.0/wallet/me', 'failed');
    vi.advanceTimersByTime(20_000);
    expect(invalidate).not.toHaveBeenCalled();
    onLine.mockRestore();
  });
});
