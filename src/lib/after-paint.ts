/**
 * Runs `fn` once the browser has painted the next frame: a tap's own feedback (the pressed row) shows
 * first, and heavy work it starts (opening a screen) does not hold that frame back. requestAnimationFrame
 * runs just before the paint; a task queued from it runs after.
 */
export function afterNextPaint(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

/** Runs `fn` when the main thread is idle (within 1 s); Safari has no requestIdleCallback: at once there. */
export function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 1000 });
  else fn();
}
