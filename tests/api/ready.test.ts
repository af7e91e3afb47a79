/**
 * GET /ready (readiness) beside GET /health (liveness): ready only when the database answers, every
 * migration is applied and the process is not draining; 503 not_ready otherwise.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { createApp } from '../../server/app.ts';
import type { Db } from '../../server/db/open.ts';
import { useServer } from './support/harness.ts';
import { PREFIXES, makeClient } from './support/client.ts';
import { expectError } from './support/shapes.ts';
import { serveHandler } from './support/server.ts';

const t = useServer();
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(opts: { db?: Db; draining?: boolean } = {}) {
  const lifecycle = { draining: opts.draining ?? false };
  const s = await serveHandler(createApp({ db: opts.db ?? t.server.db, config: t.server.config, lifecycle }).fetch);
  servers.push(s);
  return { client: makeClient(s.baseUrl, null), lifecycle };
}

describe('GET /ready', () => {
  test.each(PREFIXES)('answers { ok: true } under %s on a migrated, reachable database', async (prefix) => {
    const r = await t.anon.get('/ready', { prefix });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  test('503 not_ready as soon as the process drains, while /health stays 200 (alive)', async () => {
    const { client, lifecycle } = await serve();
    expect((await client.get('/ready')).status).toBe(200);
    lifecycle.draining = true;
    const r = expectError(await client.get('/ready'), 503, 'not_ready');
    expect(r.error_description).toMatch(/shutting down/);
    const health = await client.get('/health');
    expect(health.status).toBe(200);
  });

  test('503 not_ready while a migration this build knows is not applied', async () => {
    const { rows } = await t.server.db.query<{ id: string }>('DELETE FROM schema_migrations WHERE id = (SELECT max(id) FROM schema_migrations) RETURNING id');
    try {
      expect(expectError(await t.anon.get('/ready'), 503, 'not_ready').error_description).toMatch(/migrations are pending/);
    } finally {
      await t.server.db.query('INSERT INTO schema_migrations (id) VALUES ($1)', [rows[0].id]);
    }
    expect((await t.anon.get('/ready')).status).toBe(200);
  });

  test('503 not_ready when the database fails, and /health stays 200', async () => {
    const down: Db = { ...t.server.db, query: () => Promise.reject(new Error('connection refused')) };
    const { client } = await serve({ db: down });
    expect(expectError(await client.get('/ready'), 503, 'not_ready').error_description).toMatch(/not reachable/);
    expect((await client.get('/health')).status).toBe(200);
  });
});
