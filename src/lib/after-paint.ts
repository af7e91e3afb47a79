/**
 * Runs `fn` once the browser has painted the next frame: a tap's own feedback (the pressed row) shows
 * first, and heavy work it starts (opening a screen) does not hold that frame back. requestAnimationFrame
 * runs just before the paint; a task queued from it runs after.
 */
export function afterNextPaint(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

/** Runs `fn` when the main thread is idle (within `timeoutMs`); Safari has no requestIdleCallback: next task. */
export function whenIdle(fn: () => void, timeoutMs = 1000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: timeoutMs });
  else setTimeout(fn, 0);
}
