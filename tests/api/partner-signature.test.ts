// The partner contract's signature (server/services/partner-signature.ts) at its edges, with a fixed clock.
import { describe, expect, it } from 'vitest';
import { SignatureRefused, signatureHeader, signPayload, verifySignature } from '../../server/services/partner-signature.ts';

const secrets = new Map([
  ['demo', 'demo-secret-0123456789'],
  ['awin', 'awin-secret-0123456789'],
]);
const body = '{"network":"demo","order_amount":"59.95"}';
const T = 1_800_000_000;

describe('X-SocialPay-Signature', () => {
  it('names the network whose secret signed it, up to 300 s either way of the clock', () => {
    expect(verifySignature(signatureHeader('demo-secret-0123456789', body, T), body, secrets, T)).toBe('demo');
    expect(verifySignature(signatureHeader('awin-secret-0123456789', body, T - 300), body, secrets, T)).toBe('awin');
    expect(verifySignature(signatureHeader('awin-secret-0123456789', body, T + 300), body, secrets, T)).toBe('awin');
  });

  it('refuses 301 s off, another secret, a changed body, a malformed or missing header', () => {
    const refuse = (header: string | undefined, raw = body) => expect(() => verifySignature(header, raw, secrets, T)).toThrow(SignatureRefused);
    refuse(signatureHeader('demo-secret-0123456789', body, T - 301));
    refuse(signatureHeader('demo-secret-0123456789', body, T + 301));
    refuse(signatureHeader('not-a-known-secret-000', body, T));
    refuse(signatureHeader('demo-secret-0123456789', body, T), body.replace('59.95', '5995.00'));
    refuse(`t=${T},v1=${signPayload('demo-secret-0123456789', T, body).slice(0, 63)}`);
    refuse(`v1=${signPayload('demo-secret-0123456789', T, body)}`);
    refuse(undefined);
  });

  it('accepts any of several v1 signatures (a secret being rotated)', () => {
    const header = `t=${T},v1=${'0'.repeat(64)},v1=${signPayload('demo-secret-0123456789', T, body)}`;
    expect(verifySignature(header, body, secrets, T)).toBe('demo');
  });
});
