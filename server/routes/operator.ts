/**
 * The operator API (/operator/v1): claims, unmatched conversions, the audit trail. Only an
 * operator key (services/operators.ts) opens it: a user's or visitor's token is 401 here, as is an
 * operator key on the user API. Decisions and their audit rows: services/operator-desk.ts.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { HttpError } from '../http/errors.ts';
import { int32, pagingSchema, parseBody, parseQuery, pathId } from '../http/validate.ts';
import { bearerToken } from '../http/auth.ts';
import { operatorByKey, type Operator } from '../services/operators.ts';
import { approveClaim, confirmClaim, listActions, listClaims, listConversions, matchConversion, rejectClaim } from '../services/operator-desk.ts';
import { toOperatorAction, toOperatorClaim, toOperatorConversion } from '../present/operator.ts';

const unauthorized = () =>
  new HttpError(401, 'unauthorized', 'An operator key is required.', undefined, { 'WWW-Authenticate': 'Bearer realm="socialpay-operator"' });

async function operator(c: Context<AppEnv>): Promise<Operator> {
  const key = bearerToken(c.req.header('authorization'));
  if (!key) throw unauthorized();
  const op = await operatorByKey(c.var.db, key);
  if (!op) throw unauthorized();
  return op;
}

export const ClaimsQuery = z.object({
  ...pagingSchema(50, 200),
  status: z.enum(['open', 'submitted', 'reviewing', 'approved', 'rejected', 'all'], { message: 'status is open, submitted, reviewing, approved, rejected or all.' }).optional(),
});
export const ConversionsQuery = z.object({
  ...pagingSchema(50, 200),
  filter: z.enum(['unmatched', 'after_payout'], { message: 'filter is unmatched or after_payout.' }).optional(),
});
export const ActionsQuery = z.object({ ...pagingSchema(50, 200) });

export const ApproveBody = z.object({
  points: z
    .number({ error: 'points must be a whole number.' })
    .int({ message: 'points must be a whole number.' })
    .min(1, { message: 'points must be at least 1.' })
    .max(1_000_000, { message: 'points must be 1000000 at most.' })
    .optional(),
});
export const RejectBody = z.object({
  reason: z
    .string({ error: (i) => (i.input === undefined ? 'reason is required.' : 'reason must be a string.') })
    .trim()
    .min(1, { message: 'reason must not be blank.' })
    .max(500, { message: 'reason is at most 500 characters.' }),
});
export const MatchBody = z.object({ trip_id: int32('trip_id must be a whole number.') });

export function operatorRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get('/claims', async (c) => {
    await operator(c);
    const q = parseQuery(c, ClaimsQuery);
    const { rows, total } = await listClaims(c.var.db, q.status ?? 'open', q.limit, q.offset);
    return c.json({ results: rows.map(toOperatorClaim), metadata: { total, limit: q.limit, offset: q.offset } });
  });

  r.post('/claims/:id/approve', async (c) => {
    const op = await operator(c);
    const id = pathId(c, 'id', 'Claim');
    const body = await parseBody(c, ApproveBody);
    return c.json(toOperatorClaim(await approveClaim(c.var.db, op, id, body.points)));
  });

  r.post('/claims/:id/confirm', async (c) => {
    const op = await operator(c);
    return c.json(toOperatorClaim(await confirmClaim(c.var.db, op, pathId(c, 'id', 'Claim'))));
  });

  r.post('/claims/:id/reject', async (c) => {
    const op = await operator(c);
    const id = pathId(c, 'id', 'Claim');
    const body = await parseBody(c, RejectBody);
    return c.json(toOperatorClaim(await rejectClaim(c.var.db, op, id, body.reason)));
  });

  r.get('/conversions', async (c) => {
    await operator(c);
    const q = parseQuery(c, ConversionsQuery);
    const { rows, total } = await listConversions(c.var.db, q.filter ?? 'unmatched', q.limit, q.offset);
    return c.json({ results: rows.map(toOperatorConversion), metadata: { total, limit: q.limit, offset: q.offset } });
  });

  r.post('/conversions/:id/match', async (c) => {
    const op = await operator(c);
    const id = pathId(c, 'id', 'Conversion');
    const body = await parseBody(c, MatchBody);
    return c.json(toOperatorConversion(await matchConversion(c.var.db, op, id, body.trip_id)));
  });

  r.get('/actions', async (c) => {
    await operator(c);
    const q = parseQuery(c, ActionsQuery);
    const { rows, total } = await listActions(c.var.db, q.limit, q.offset);
    return c.json({ results: rows.map(toOperatorAction), metadata: { total, limit: q.limit, offset: q.offset } });
  });

  return r;
}
