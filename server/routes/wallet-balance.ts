/**
 * Additions to the wallet: balance events (a spend, a corrected balance) with a per-card history, and
 * the 'used' mark (the rules: services/wallet-balance.ts).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { hasWholeCents } from '../contract/pay-amount.ts';
import type { AppEnv } from '../http/env.ts';
import { pagingSchema, parseBody, parseQuery, pathId } from '../http/validate.ts';
import { requireUser, userId } from '../http/auth.ts';
import { listBalanceEvents, recordBalanceEvent, setCardUsed } from '../services/wallet-balance.ts';

/** The highest balance a correction may set, in euros (a card of the shop is at most €500). */
export const MAX_BALANCE_EUROS = 100_000;

const eventId = z
  .string({ error: (i) => (i.input === undefined ? 'event_id is required.' : 'event_id must be a string.') })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'event_id is 8 to 64 letters, digits, _ or -.' });

const euros = (field: string) =>
  z
    .number({ error: (i) => (i.input === undefined ? `${field} is required.` : `${field} must be a number.`) })
    .max(MAX_BALANCE_EUROS, { message: `${field} must be ${MAX_BALANCE_EUROS} at most.` })
    .refine(hasWholeCents, {
      message: `${field} has at most two decimals.`,
      params: { code: 'too_many_decimals' },
    });

const TypeOnly = z.object({
  type: z.enum(['spend', 'correction'], { error: "type must be 'spend' or 'correction'." }),
});
export const SpendBody = z.object({ event_id: eventId, type: z.literal('spend'), amount: euros('amount').positive({ message: 'amount must be greater than 0.' }) });
export const CorrectionBody = z.object({ event_id: eventId, type: z.literal('correction'), balance: euros('balance').min(0, { message: 'balance must be 0 or more.' }) });

export const HistoryQuery = z.object({ ...pagingSchema(50, 200) });

export function walletBalanceRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.post('/wallet/:id/balance-events', requireUser, async (c) => {
    const uid = userId(c);
    const id = pathId(c, 'id', 'Wallet item');
    const { type } = await parseBody(c, TypeOnly);
    const body = type === 'spend' ? await parseBody(c, SpendBody) : await parseBody(c, CorrectionBody);
    const euroValue = body.type === 'spend' ? body.amount : body.balance;
    const { created, result } = await recordBalanceEvent(c.var.db, uid, id, {
      eventId: body.event_id,
      type: body.type,
      cents: Math.round(euroValue * 100),
    });
    return c.json(result, created ? 201 : 200);
  });

  r.get('/wallet/:id/balance-events', requireUser, async (c) => {
    const uid = userId(c);
    const id = pathId(c, 'id', 'Wallet item');
    const q = parseQuery(c, HistoryQuery);
    return c.json(await listBalanceEvents(c.var.db, uid, id, q.limit, q.offset));
  });

  // The 'used' mark: idempotent like a favorite (POST sets it, DELETE restores the card).
  r.post('/wallet/:id/used', requireUser, async (c) => c.json(await setCardUsed(c.var.db, userId(c), pathId(c, 'id', 'Wallet item'), true)));
  r.delete('/wallet/:id/used', requireUser, async (c) => c.json(await setCardUsed(c.var.db, userId(c), pathId(c, 'id', 'Wallet item'), false)));

  return r;
}
