/**
 * Runs a job now, then every `seconds`, never two runs of it at once in this process; a failed run is
 * logged (its message only: no rows, no personal data) and the next one tries again. Jobs must be safe
 * to run from several processes at once: this only schedules them. The returned function stops it.
 */
export async function repeat(name: string, seconds: number, run: () => Promise<unknown>): Promise<() => void> {
  const once = () => run().catch((err: unknown) => console.error(`[server] ${name} failed:`, (err as Error).message));
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
