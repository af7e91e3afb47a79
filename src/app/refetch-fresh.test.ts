import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { refetchWhenFresherArrives } from './offline-boot';
import { noteFreshAnswer } from '../offline/served-from-cache';

describe('refetchWhenFresherArrives', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks again at once, at most once a second, and never drops the last late answer', () => {
    const qc = new QueryClient();
    const invalidate = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue();
    refetchWhenFresherArrives(qc);
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
