/**
 * Retention: what piles up without a user asking for it is deleted periodically (at start, then
 * every PURGE_INTERVAL seconds): access and refresh tokens a day past their expiry (and the signed-in devices left without tokens), screen visits
 * older than VISIT_RETENTION_DAYS, spent rate-limit counters and sign-in throttles whose window
 * has passed, and uploaded files' bytes a crash left without a row. Every statement is a plain DELETE
 * by an indexed time column, safe to run from several processes at once.
 */
import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import { SIGN_IN_WINDOW_MINUTES } from '../auth/sign-in-throttle.ts';
import { fileStoreFor } from '../services/file-store.ts';
import { repeat } from './repeat.ts';

export type Purged = Record<'access_tokens' | 'refresh_tokens' | 'token_families' | 'screen_visits' | 'rate_limits' | 'sign_in_throttle' | 'orphan_uploads', number>;

export async function purgeOldRows(db: Db, config: Pick<Config, 'visitRetentionDays'>): Promise<Purged> {
  const count = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ n: number }>(`WITH d AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM d`, params)).rows[0].n;
  return {
    access_tokens: await count(`DELETE FROM access_tokens WHERE expires_at < now() - interval '1 day'`),
    refresh_tokens: await count(`DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day'`),
    // A signed-in device whose refresh tokens are all gone (expired a day ago and purged).
    token_families: await count(
      `DELETE FROM token_families f WHERE last_seen_at < now() - interval '1 day'
          AND NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = f.family_id)`,
    ),
    screen_visits: await count(`DELETE FROM screen_visits WHERE visited_at < now() - ($1 || ' days')::interval`, [String(config.visitRetentionDays)]),
    // rate-limiter-flexible's expire is epoch milliseconds.
    rate_limits: await count(`DELETE FROM rate_limits WHERE expire < (extract(epoch FROM now()) * 1000)::bigint`),
    sign_in_throttle: await count(`DELETE FROM sign_in_throttle WHERE window_start < now() - ($1 || ' minutes')::interval`, [String(SIGN_IN_WINDOW_MINUTES)]),
    orphan_uploads: await fileStoreFor(db).sweep(db),
  };
}

/** Purges now, then every config.purgeInterval seconds; the returned function stops it. */
export function startRetention(db: Db, config: Pick<Config, 'visitRetentionDays' | 'purgeInterval'>): Promise<() => void> {
  return repeat('retention_purge', config.purgeInterval, () => purgeOldRows(db, config));
}
