/**
 * Runs `fn` once the browser has painted the next frame: a tap's own feedback (the pressed row) shows
 * first, and heavy work it starts (opening a screen) does not hold that frame back. requestAnimationFrame
 * runs just before the paint; a task queued from it runs after.
 */
export function afterNextPaint(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}
