/**
 * Wallet, gift-card payment (orders on the sandbox provider), fund-signup journey, tracking, health.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { HttpError } from '../http/errors.ts';
import { notFound } from '../services/errors.ts';
import { parseBody, pathId } from '../http/validate.ts';
import { requestLang } from '../http/lang.ts';
import { optionalAuth, requireUser, userId } from '../http/auth.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import { listWallet } from '../services/wallet.ts';
import { recordScreenVisit } from '../services/privacy.ts';
import { PAY_MAX_AMOUNT, PAY_MIN_AMOUNT, payAmountProblem, type PayAmountProblem } from '../contract/pay-amount.ts';

const PAY_AMOUNT_MESSAGES: Record<PayAmountProblem, string> = {
  not_positive: 'amount must be greater than 0.',
  below_min: `amount must be at least ${PAY_MIN_AMOUNT}.`,
  above_max: `amount must be ${PAY_MAX_AMOUNT} at most.`,
  too_many_decimals: 'amount has at most two decimals.',
};

export const PayBody = z.object({
  amount: z
    .number({ error: (i) => (i.input === undefined ? 'amount is required.' : 'amount must be a number.') })
    .superRefine((v, ctx) => {
      const problem = payAmountProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: PAY_AMOUNT_MESSAGES[problem], params: { code: problem } });
    }),
});

export const TrackBody = z.object({
  screen: z.string({ error: 'screen is required.' }).trim().min(1).max(100),
});

export function walletRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get('/health', (c) => c.json({ ok: true }));

  r.get('/wallet/me', requireUser, async (c) => c.json(await listWallet(c.var.db, userId(c))));

  r.post('/corporate-partners/:id/pay', requireUser, async (c) => {
    const uid = userId(c);
    const id = pathId(c, 'id', 'Brand');
    const body = await parseBody(c, PayBody);
    const { db, config } = c.var;
    const brand = await db.query('SELECT 1 FROM brands WHERE id = $1', [id]);
    if (brand.rows.length === 0) throw notFound('Brand');
    const token = randomToken(24);
    // The sandbox page speaks the caller's language and sends them back to the app in it.
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO orders (user_id, brand_id, amount, currency, token_hash, lang) VALUES ($1, $2, $3, 'EUR', $4, $5) RETURNING id`,
      [uid, id, Math.round(body.amount * 100), sha256(token), requestLang(c)],
    );
    return c.json({ payment_url: `${config.publicUrl}/sandbox/pay/${token}`, order_id: rows[0].id }, 201);
  });

  r.get('/payment-intent/order-is-ready/:orderId', requireUser, async (c) => {
    const uid = userId(c);
    const id = pathId(c, 'orderId', 'Order');
    const { rows } = await c.var.db.query<{ status: string; wallet_item_id: number | null }>(
      'SELECT status, wallet_item_id FROM orders WHERE id = $1 AND user_id = $2',
      [id, uid],
    );
    const o = rows[0];
    if (!o) throw notFound('Order');
    if (o.status === 'cancelled') throw new HttpError(409, 'order_cancelled', 'The payment was canceled.');
    if (o.status === 'paid') return c.json({ ready: true, status: 'paid', wallet_item_id: o.wallet_item_id ?? undefined }, 200);
    return c.json({ ready: false, status: 'pending' }, 202);
  });

  r.get('/loyalty/fondo/journey/start', requireUser, async (c) => {
    const uid = userId(c);
    const token = randomToken(24);
    await c.var.db.query('INSERT INTO fondo_journeys (token_hash, user_id, lang) VALUES ($1, $2, $3)', [sha256(token), uid, requestLang(c)]);
    return c.json({ url: `${c.var.config.publicUrl}/sandbox/fondo?token=${token}` });
  });

  r.post('/tracking/screen-visit', optionalAuth, async (c) => {
    const body = await parseBody(c, TrackBody);
    await recordScreenVisit(c.var.db, body.screen, c.var.auth?.userId ?? null);
    return c.body(null, 204);
  });

  return r;
}
