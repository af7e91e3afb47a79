/** The retention purge: old tokens, screen visits, spent rate-limit counters and throttles go; recent rows stay. */
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { purgeOldRows, startRetention } from '../../server/jobs/retention.ts';
import { useServer } from './support/harness.ts';

const t = useServer();

async function plant(tag: string): Promise<void> {
  const db = t.server.db;
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'demo@socialpay.test'`);
  const uid = rows[0].id;
  await db.query(
    `INSERT INTO access_tokens (token_hash, user_id, expires_at) VALUES
       ($1 || '-old', NULL, now() - interval '2 days'), ($1 || '-recent', NULL, now() - interval '1 hour')`,
    [tag],
  );
  await db.query(
    `INSERT INTO refresh_tokens (token_hash, user_id, family_id, expires_at) VALUES
       ($1 || '-old', $2, $1, now() - interval '2 days'), ($1 || '-live', $2, $1, now() + interval '1 day')`,
    [tag, uid],
  );
  await db.query(
    `INSERT INTO screen_visits (screen, visited_at) VALUES ($1 || '-old', now() - interval '91 days'), ($1 || '-recent', now() - interval '89 days')`,
    [tag],
  );
  await db.query(`INSERT INTO rate_limits (key, points, expire) VALUES ($1 || '-spent', 3, $2), ($1 || '-live', 3, $3)`, [tag, Date.now() - 1000, Date.now() + 60_000]);
  await db.query(
    `INSERT INTO sign_in_throttle (email_key, failures, window_start) VALUES ($1 || '-old', 5, now() - interval '16 minutes'), ($1 || '-live', 5, now())`,
    [tag],
  );
}

async function left(tag: string): Promise<string[]> {
  const { rows } = await t.server.db.query<{ k: string }>(
    `SELECT token_hash AS k FROM access_tokens WHERE token_hash LIKE $1
     UNION ALL SELECT token_hash FROM refresh_tokens WHERE token_hash LIKE $1
     UNION ALL SELECT screen FROM screen_visits WHERE screen LIKE $1
     UNION ALL SELECT key FROM rate_limits WHERE key LIKE $1
     UNION ALL SELECT email_key FROM sign_in_throttle WHERE email_key LIKE $1
     ORDER BY 1`,
    [`${tag}-%`],
  );
  return rows.map((r) => r.k.slice(tag.length + 1)).sort();
}

describe('retention purge', () => {
  test('deletes what is past its retention and keeps the rest', async () => {
    await plant('once');
    const purged = await purgeOldRows(t.server.db, { visitRetentionDays: 90 });
    expect(purged).toMatchObject({ access_tokens: 1, refresh_tokens: 1, screen_visits: 1, rate_limits: 1, sign_in_throttle: 1 });
    expect(await left('once')).toEqual(['live', 'live', 'live', 'recent', 'recent']);
  });

  test('runs periodically at the configured interval until stopped', async () => {
    const stop = await startRetention(t.server.db, { visitRetentionDays: 90, purgeInterval: 1 });
    try {
      await plant('periodic');
      expect(await left('periodic')).toHaveLength(10);
      const deadline = Date.now() + 5000;
      while ((await left('periodic')).length > 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await left('periodic')).toEqual(['live', 'live', 'live', 'recent', 'recent']);
    } finally {
      stop();
    }
  });

  test('PURGE_INTERVAL and VISIT_RETENTION_DAYS are validated', () => {
    expect(loadConfig({})).toMatchObject({ purgeInterval: 3600, visitRetentionDays: 90 });
    expect(loadConfig({ PURGE_INTERVAL: '60', VISIT_RETENTION_DAYS: '7' })).toMatchObject({ purgeInterval: 60, visitRetentionDays: 7 });
    expect(() => loadConfig({ PURGE_INTERVAL: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ VISIT_RETENTION_DAYS: 'forever' })).toThrow('VISIT_RETENTION_DAYS');
  });
});
