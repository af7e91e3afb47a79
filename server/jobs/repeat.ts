/**
 * Runs a job now, then every `seconds`, never two runs of it at once in this process; each run is
 * counted in /metrics (`countJobRun`), a failed one is logged (its message only: no rows, no personal
 * data) and the next one tries again. Jobs must be safe to run from several processes at once: this
 * only schedules them. The returned function stops it.
 */
import { log } from '../log.ts';
import { countJobRun } from '../metrics.ts';

export async function repeat(name: string, seconds: number, run: () => Promise<unknown>): Promise<() => void> {
  const once = () =>
    run().then(
      () => countJobRun(name),
      (err: unknown) => {
        countJobRun(name, 'failed');
        log.error({ job: name, err: (err as Error).message }, `${name} failed`);
      },
    );
  await once();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void once().finally(() => (running = false));
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
