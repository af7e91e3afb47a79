/**
 * Resolves once the user has not pressed, tapped or typed for `quietMs` (at most `maxMs` in all).
 * The worker's first install downloads and stores every chunk of the app; started at `load` it shared
 * the device with a new visitor's first taps and keystrokes (search results came late), so the first
 * registration waits for a pause instead.
 */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'input', 'wheel', 'touchstart'] as const;

export function quietPeriod(quietMs: number, maxMs: number, target: EventTarget = window): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout>;
    const done = () => {
      clearTimeout(timer);
      clearTimeout(cap);
      for (const type of INPUT_EVENTS) target.removeEventListener(type, restart, true);
      resolve();
    };
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    };
    const cap = setTimeout(done, maxMs);
    for (const type of INPUT_EVENTS) target.addEventListener(type, restart, { capture: true, passive: true });
    restart();
  });
}
