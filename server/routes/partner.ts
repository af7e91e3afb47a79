/**
 * Affiliate networks: POST /partner/v1/conversions (the contract in README's API section). No token:
 * the signature names the network and is checked before the body is read (401); then the body
 * (400 malformed JSON, 422 a field against the rules); then the delivery is applied once
 * (services/conversions.ts). Nothing is written for a rejected delivery.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { HttpError } from '../http/errors.ts';
import { validationError } from '../services/errors.ts';
import { parseBody } from '../http/validate.ts';
import { SignatureRefused, verifySignature } from '../services/partner-signature.ts';
import { partnerSecrets } from '../services/partner-secrets.ts';
import { receiveConversion } from '../services/conversions.ts';
import { CONVERSION_STATUSES } from '../services/conversion-state.ts';
import { ORDER_AMOUNT_PATTERN, orderAmountCents } from '../contract/order-amount.ts';

const text = (name: string, max: number) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${name} is required.` : `${name} must be a string.`) })
    .regex(new RegExp(`^[\\x21-\\x7e]{1,${max}}$`), { message: `${name} is 1 to ${max} visible ASCII characters.` });

export const ConversionBody = z.object({
  network: text('network', 32),
  event_id: text('event_id', 128),
  order_ref: text('order_ref', 128),
  click_ref: text('click_ref', 128),
  status: z.enum(CONVERSION_STATUSES as ['pending', 'approved', 'declined'], { message: 'status is pending, approved or declined.' }),
  order_amount: z
    .string({ error: (i) => (i.input === undefined ? 'order_amount is required.' : 'order_amount must be a string like "59.95".') })
    .regex(ORDER_AMOUNT_PATTERN, { message: 'order_amount has two decimals, like "59.95", and is at most 99999.99.' }),
  currency: z
    .string({ error: (i) => (i.input === undefined ? 'currency is required.' : 'currency must be a string.') })
    .refine((v) => v === 'EUR', { message: 'Only EUR is accepted.', params: { code: 'unsupported_currency' } }),
  reason: z.string({ error: 'reason must be a string.' }).max(200, { message: 'reason is at most 200 characters.' }).nullable().optional(),
  occurred_at: z
    .string({ error: (i) => (i.input === undefined ? 'occurred_at is required.' : 'occurred_at must be a string.') })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/, { message: 'occurred_at is an ISO 8601 time like 2026-03-05T10:00:00Z.' })
    .refine((v) => {
      const t = Date.parse(v);
      const [y, m, d] = v.slice(0, 10).split('-').map(Number);
      const real = new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d; // not 2026-02-30
      return real && Number.isFinite(t) && t > Date.UTC(2000, 0, 1) && t < Date.now() + 86_400_000;
    }, { message: 'occurred_at is not a real time, or is in the future.' }),
});

export function partnerRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.post('/v1/conversions', async (c) => {
    const { db, config } = c.var;
    const raw = await c.req.text();
    const secrets = await partnerSecrets(db, config);
    let network: string;
    try {
      network = verifySignature(c.req.header('x-socialpay-signature'), raw, secrets, Math.floor(Date.now() / 1000));
    } catch (err) {
      if (err instanceof SignatureRefused) throw new HttpError(401, 'invalid_signature', err.message);
      throw err;
    }
    const body = await parseBody(c, ConversionBody);
    if (body.network !== network) throw new HttpError(401, 'invalid_signature', 'The body names another network than the signature.');
    const cents = orderAmountCents(body.order_amount);
    if (cents === null) throw validationError([{ property_path: 'order_amount', message: 'order_amount is not an amount.', code: 'invalid_format' }]);
    const answer = await receiveConversion(db, {
      network,
      eventId: body.event_id,
      orderRef: body.order_ref,
      clickRef: body.click_ref,
      status: body.status,
      cents,
      currency: 'EUR',
      reason: body.reason?.trim() || null,
      occurredAt: new Date(body.occurred_at).toISOString(),
    });
    return c.json(answer.body, answer.status);
  });

  return r;
}
