/**
 * GET /ready (readiness, beside /health for liveness): 200 when the database answers, every
 * migration this build knows is applied and the process is not draining; else 503 not_ready, so a
 * load balancer or the rolling restart sends no new work here.
 */
import { Hono } from 'hono';
import { migrationsDone } from '../db/migrate.ts';
import type { AppEnv } from '../http/env.ts';
import type { Lifecycle } from '../http/drain.ts';

const DB_CHECK_MS = 2000;

async function notReadyBecause(c: { var: AppEnv['Variables'] }, lifecycle: Lifecycle): Promise<string | null> {
  if (lifecycle.draining) return 'The server is shutting down.';
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((res) => (timer = setTimeout(() => res('late'), DB_CHECK_MS)));
  try {
    const done = await Promise.race([migrationsDone(c.var.db), late]);
    if (done === 'late') return 'The database does not answer.';
    return done ? null : 'Database migrations are pending.';
  } catch {
    return 'The database is not reachable.';
  } finally {
    clearTimeout(timer);
  }
}

export function readyRoutes(lifecycle: Lifecycle) {
  const r = new Hono<AppEnv>();
  r.get('/ready', async (c) => {
    const why = await notReadyBecause(c, lifecycle);
    c.header('Cache-Control', 'no-store');
    if (why) return c.json({ error: 'not_ready', error_description: why }, 503);
    return c.json({ ok: true });
  });
  return r;
}
