import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quietPeriod } from './quiet-period';

describe('quietPeriod', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits until nothing was pressed or typed for the quiet time', async () => {
    const target = new EventTarget();
    let done = false;
    void quietPeriod(2000, 15_000, target).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1500);
    target.dispatchEvent(new Event('keydown')); // typing: the pause starts again
    await vi.advanceTimersByTimeAsync(1500);
    target.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('never waits longer than the cap, however busy the user is', async () => {
    const target = new EventTarget();
    let done = false;
    void quietPeriod(2000, 5000, target).then(() => (done = true));
    for (let t = 0; t < 4500; t += 500) {
      target.dispatchEvent(new Event('input'));
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(done).toBe(false); // 4.5 s, input every 0.5 s
    await vi.advanceTimersByTimeAsync(500);
    expect(done).toBe(true); // the 5 s cap, though the last input was 1 s ago
  });
});
