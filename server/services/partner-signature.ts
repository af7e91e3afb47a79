/**
 * The partner contract's signature: `X-SocialPay-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
 * "<t>.<raw body>")>`. The signature names the network: the one whose secret it verifies under (compared
 * in constant time), before the body is read; t must be within SIGNATURE_TOLERANCE seconds of this
 * server's clock.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_TOLERANCE = 300;

export function signPayload(secret: string, t: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
}

/** The header a network sends for this body at time t. */
export function signatureHeader(secret: string, rawBody: string, t: number = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${signPayload(secret, t, rawBody)}`;
}

/** Why a signature does not hold (the route answers 401 with it: a credential, like a token). */
export class SignatureRefused extends Error {}
const unauthorized = (description: string) => new SignatureRefused(description);

/** The network whose secret signed this body; throws SignatureRefused when none did. */
export function verifySignature(header: string | undefined, rawBody: string, secrets: Map<string, string>, nowSeconds: number): string {
  if (!header) throw unauthorized('The X-SocialPay-Signature header is missing.');
  let t: number | null = null;
  const v1: Buffer[] = [];
  for (const part of header.split(',')) {
    const m = /^\s*(t|v1)=([^\s,]+)\s*$/.exec(part);
    if (!m) continue;
    if (m[1] === 't' && /^\d{1,12}$/.test(m[2])) t = Number(m[2]);
    if (m[1] === 'v1' && /^[0-9a-fA-F]{64}$/.test(m[2])) v1.push(Buffer.from(m[2], 'hex'));
  }
  if (t === null || v1.length === 0) throw unauthorized('The X-SocialPay-Signature header is malformed.');
  if (Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE) throw unauthorized(`The signature's time is more than ${SIGNATURE_TOLERANCE} seconds from the server's clock.`);
  for (const [network, secret] of secrets) {
    const expected = Buffer.from(signPayload(secret, t, rawBody), 'hex');
    if (v1.some((sig) => timingSafeEqual(sig, expected))) return network;
  }
  throw unauthorized('The signature does not match any network.');
}
