/**
 * An affiliate network for the tests: signs and posts conversions to POST /partner/v1/conversions
 * as the contract says, with the server's own demo secret (or any secret, time or raw body a test
 * wants to get wrong).
 */
import { randomUUID } from 'node:crypto';
import type { PartnerConversion, PartnerConversionResult } from '../../../server/contract/types.ts';
import { partnerSecrets } from '../../../server/services/partner-secrets.ts';
import { signatureHeader } from '../../../server/services/partner-signature.ts';
import type { Res } from './client.ts';
import type { Harness } from './harness.ts';

export interface SendOptions {
  secret?: string;
  /** Unix seconds to sign with (default now). */
  t?: number;
  /** Send this text instead of the signed body (a tampered body). */
  sendRaw?: string;
  /** No signature header at all. */
  unsigned?: boolean;
  /** Sign this text (default: the JSON of the body). */
  raw?: string;
}

export function conversion(clickRef: string, over: Partial<PartnerConversion> = {}): PartnerConversion {
  return {
    network: 'demo',
    event_id: `evt-${randomUUID()}`,
    order_ref: `ord-${randomUUID()}`,
    click_ref: clickRef,
    status: 'pending',
    order_amount: '59.95',
    currency: 'EUR',
    occurred_at: new Date().toISOString(),
    ...over,
  };
}

export function network(t: Harness) {
  const secret = async () => (await partnerSecrets(t.server.db, t.server.config)).get('demo')!;
  return {
    secret,
    async send(body: unknown, o: SendOptions = {}): Promise<Res<PartnerConversionResult>> {
      const raw = o.raw ?? JSON.stringify(body);
      const headers: Record<string, string> = {};
      if (!o.unsigned) headers['X-SocialPay-Signature'] = signatureHeader(o.secret ?? (await secret()), raw, o.t);
      return t.anon.post<PartnerConversionResult>('/partner/v1/conversions', undefined, {
        raw: o.sendRaw ?? raw,
        contentType: 'application/json',
        headers,
      });
    },
  };
}
