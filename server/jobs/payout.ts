/** The payout job: runs at start, then every PAYOUT_INTERVAL seconds (services/payout.ts says why it pays each reward once). */
import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import { runPayout } from '../services/payout.ts';
import { repeat } from './repeat.ts';

export function startPayout(db: Db, config: Pick<Config, 'payoutInterval'>): Promise<() => void> {
  return repeat('payout run', config.payoutInterval, async () => {
    const r = await runPayout(db);
    if (r.paid > 0) console.log(`[server] payout: ${r.paid} reward(s) paid, ${r.points} points allocated`);
  });
}
