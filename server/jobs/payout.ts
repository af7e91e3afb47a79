/** The payout job: runs at start, then every PAYOUT_INTERVAL seconds (services/payout.ts says why it pays each reward once). */
import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import { runPayout } from '../services/payout.ts';

/** Pays now, then every config.payoutInterval seconds; the returned function stops it. */
export async function startPayout(db: Db, config: Pick<Config, 'payoutInterval'>): Promise<() => void> {
  const run = async () => {
    try {
      const r = await runPayout(db);
      if (r.paid > 0) console.log(`[server] payout: ${r.paid} reward(s) paid, ${r.points} points allocated`);
    } catch (err) {
      console.error('[server] payout run failed:', (err as Error).message);
    }
  };
  await run();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void run().finally(() => (running = false));
  }, config.payoutInterval * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
