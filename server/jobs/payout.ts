/** The payout job: runs at start, then every PAYOUT_INTERVAL seconds (services/payout.ts says why it pays each reward once). */
import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import { log } from '../log.ts';
import { runPayout } from '../services/payout.ts';
import { repeat } from './repeat.ts';

export function startPayout(db: Db, config: Pick<Config, 'payoutInterval'>): Promise<() => void> {
  return repeat('payout run', config.payoutInterval, async () => {
    const r = await runPayout(db);
    // Through the logger, so LOG_FORMAT=json stays one JSON object a line.
    if (r.paid > 0) log.info({ job: 'payout', paid: r.paid, points: r.points }, `payout: ${r.paid} reward(s) paid, ${r.points} points allocated`);
  });
}
