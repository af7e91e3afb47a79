/** The user's gift-card orders (additions): purchases with receipts, cancel, and resume payment. */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { requestLang } from '../http/lang.ts';
import { pagingSchema, parseQuery, pathId } from '../http/validate.ts';
import { requireUser, userId } from '../http/auth.ts';
import { cancelOrder, getOrder, listOrders, resumeOrder } from '../services/orders.ts';

export const ListQuery = z.object({ ...pagingSchema(20, 100) });

export function orderRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get('/orders/me', requireUser, async (c) => {
    const q = parseQuery(c, ListQuery);
    return c.json(await listOrders(c.var.db, userId(c), q.limit, q.offset));
  });

  r.get('/orders/:id', requireUser, async (c) => c.json(await getOrder(c.var.db, userId(c), pathId(c, 'id', 'Order'))));

  r.post('/orders/:id/cancel', requireUser, async (c) => c.json(await cancelOrder(c.var.db, userId(c), pathId(c, 'id', 'Order'))));

  // The sandbox page then speaks the language the user resumes in, and returns to the app in it.
  r.post('/orders/:id/resume', requireUser, async (c) => {
    const id = pathId(c, 'id', 'Order');
    const { token } = await resumeOrder(c.var.db, userId(c), id, requestLang(c));
    return c.json({ payment_url: `${c.var.config.publicUrl}/sandbox/pay/${token}`, order_id: id });
  });

  return r;
}
