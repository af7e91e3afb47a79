/**
 * Migrations on a fresh PostgreSQL database with several processes at once: they run under an
 * advisory lock, so one process applies them and the others find nothing to do; both as the
 * `migrate` deploy command and as servers starting together (which then all report ready).
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { databaseUrl } from '../support/database.ts';
import { databaseNamed, withClient } from '../../support/pg-admin.ts';
import { migrations } from '../../../server/db/migrations/index.ts';
import { MAIN, ROOT, startProcess, stopProcess, type Proc } from './processes.ts';

if (!databaseUrl) throw new Error('migration-lock.test.ts needs DATABASE_URL');

const created: string[] = [];
const procs: Proc[] = [];

const admin = <T>(fn: (c: pg.Client) => Promise<T>, url = databaseUrl!): Promise<T> => withClient(url, fn);

/** An empty database (no template copy: nothing migrated). */
async function emptyDatabase(tag: string): Promise<string> {
  const name = `sp_miglock_${tag}_${process.pid}`;
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${name}"`);
    await c.query(`CREATE DATABASE "${name}"`);
  });
  created.push(name);
  return databaseNamed(databaseUrl!, name);
}

function migrate(url: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(process.execPath, [MAIN, 'migrate'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

const appliedIds = (url: string) => admin(async (c) => (await c.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id')).rows.map((r) => r.id), url);

afterAll(async () => {
  await Promise.all(procs.map(stopProcess));
  await admin(async (c) => {
    for (const name of created) await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
});

test('three `migrate` commands at once: every migration applied exactly once, by one of them', async () => {
  const url = await emptyDatabase('cmd');
  const runs = await Promise.all([migrate(url), migrate(url), migrate(url)]);
  for (const r of runs) expect(r.code, r.out).toBe(0);
  const appliers = runs.filter((r) => r.out.includes(`applied ${migrations.length} migration(s)`));
  expect(appliers, runs.map((r) => r.out).join('\n')).toHaveLength(1);
  expect(runs.filter((r) => r.out.includes('nothing to apply'))).toHaveLength(2);
  expect(await appliedIds(url)).toEqual(migrations.map((m) => m.id).sort());
  // Run again (the next deploy): nothing to do.
  expect((await migrate(url)).out).toContain('nothing to apply');
});

test('two servers starting together on an empty database: migrated once, both ready', async () => {
  const url = await emptyDatabase('srv');
  const [a, b] = await Promise.all([startProcess(url), startProcess(url)]);
  procs.push(a, b);
  for (const p of [a, b]) expect((await fetch(`${p.url}/api/v1.0/ready`)).status).toBe(200);
  expect(await appliedIds(url)).toEqual(migrations.map((m) => m.id).sort());
  const logs = [a.log(), b.log()];
  expect(logs.filter((l) => l.includes(`applied ${migrations.length} migration(s)`))).toHaveLength(1);
  for (const l of logs) expect(l).not.toMatch(/"level":(50|60)/);
});
