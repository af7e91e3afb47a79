import { describe, expect, test } from 'vitest';
import { useServer } from './support/harness.ts';
import { PREFIXES } from './support/client.ts';
import { expectError } from './support/shapes.ts';

const t = useServer();

describe('GET /health', () => {
  test.each(PREFIXES)('answers { ok: true } under %s without a token', async (prefix) => {
    const r = await t.anon.get('/health', { prefix });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
    expect(r.headers.get('content-type')).toContain('application/json');
  });

  test('an unknown API path is a JSON 404 in the error shape', async () => {
    expectError(await t.anon.get('/no-such-call'), 404, 'not_found');
    expectError(await t.anon.get('/api/v2/health'), 404, 'not_found');
  });

  test('an unknown method on a known path is a 4xx JSON error, not a 500', async () => {
    const r = await t.anon.request('PATCH', '/health');
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(r.body).toMatchObject({ error: expect.any(String), error_description: expect.any(String) });
  });
});
