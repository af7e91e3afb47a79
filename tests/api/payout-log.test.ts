/**
 * The payout job reports a run that paid through the logger (one JSON line with LOG_FORMAT=json),
 * never with console.log's plain text on stdout.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, expect, test, vi } from 'vitest';
import type { ShoppingTrip } from '../../server/contract/types.ts';
import { startPayout } from '../../server/jobs/payout.ts';
import { log } from '../../server/log.ts';
import { useServer } from './support/harness.ts';
import { conversion, network } from './support/partner.ts';

const t = useServer();
const net = network(t);
afterEach(() => vi.restoreAllMocks());

test('a run that paid is one log line with its counts; nothing on stdout beside the logger', async () => {
  const u = await t.signUp();
  const trip = (await u.api.post<ShoppingTrip>('/shopping-trips', { corporate_partner_id: 4, idempotency_key: randomUUID(), click_ref: randomUUID().replaceAll('-', '') })).body;
  expect((await net.send(conversion(trip.click_ref!, { status: 'approved', order_amount: '80.00' }))).status).toBe(200);

  const consoleLog = vi.spyOn(console, 'log');
  const info = vi.spyOn(log, 'info').mockImplementation(() => undefined);
  const stop = await startPayout(t.server.db, { payoutInterval: 3600 });
  stop();
  expect(consoleLog).not.toHaveBeenCalled();
  expect(info).toHaveBeenCalledWith({ job: 'payout', paid: expect.any(Number), points: expect.any(Number) }, expect.stringMatching(/^payout: \d+ reward\(s\) paid/));
  const [fields] = info.mock.calls.find(([f]) => typeof f === 'object' && (f as { job?: string }).job === 'payout') as [{ paid: number; points: number }];
  expect(fields.paid).toBeGreaterThanOrEqual(1);
  expect(fields.points).toBeGreaterThan(0);
});
