/**
 * Applies the SQL migrations in server/db/migrations/ (embedded as TS strings so the compiled
 * server needs no .sql files at runtime) in order, once each, tracked in schema_migrations.
 * All pending migrations run in one transaction under an advisory lock, so replicas starting
 * together on one PostgreSQL do not race.
 */
import type { Db } from './types.ts';
import { migrations } from './migrations/index.ts';

export async function runMigrations(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727001)');
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         id text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM schema_migrations');
    const done = new Set(rows.map((r) => r.id));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
      applied.push(m.id);
    }
    return applied;
  });
}

/** Whether every migration this build knows has been applied (readiness). */
export async function migrationsDone(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations WHERE id = ANY($1)', [migrations.map((m) => m.id)]);
  return rows[0].n === migrations.length;
}
