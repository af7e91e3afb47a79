import type { QueryClient } from '@tanstack/react-query';
import { afterNextPaint, whenIdle } from '../lib/after-paint';

/**
 * Resolves once the opening screen shows its data: no query fetching any more, then two painted frames
 * and an idle moment (React's sliced render of what the data brought is done, up to 1 s). Work that
 * screen does not draw (the user's refresh, the worker's registration, the outbox engine) waits for it,
 * so on a slow link and CPU it does not share the bandwidth and main thread with the screen's own data,
 * images and first paint. The wait for data is capped at `maxWaitMs`.
 */
export function firstScreenShown(queryClient: QueryClient, maxWaitMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    let over = false;
    const done = () => {
      if (over) return;
      over = true;
      stop();
      clearTimeout(cap);
      afterNextPaint(() => afterNextPaint(() => whenIdle(resolve)));
    };
    const check = () => queryClient.isFetching() || done();
    const stop = queryClient.getQueryCache().subscribe(() => queueMicrotask(check));
    const cap = setTimeout(done, maxWaitMs);
    check();
  });
}
