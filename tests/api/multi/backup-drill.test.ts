/**
 * The README's PostgreSQL backup drill: pg_dump (custom format) of a database in use, pg_restore into
 * a fresh database, then a server on the restored copy is ready, has nothing to migrate, signs the
 * demo user in and answers the same reads (catalogue, wallet, orders, favorites, transactions).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { databaseUrl, freshDatabase, type TestDatabase } from '../support/database.ts';
import { admin, databaseNamed } from '../../support/pg-admin.ts';
import { reads } from './drill-reads.ts';
import { MAIN, ROOT, startProcess, stopProcess, type Proc } from './processes.ts';

if (!databaseUrl) throw new Error('backup-drill.test.ts needs DATABASE_URL');

const restoredName = `sp_restored_${process.pid}`;
const restoredUrl = databaseNamed(databaseUrl!, restoredName);
const work = mkdtempSync(join(tmpdir(), 'socialpay-backup-'));
let original: TestDatabase;
const procs: Proc[] = [];

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', cwd: ROOT });
  expect(r.status, `${cmd} ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout + r.stderr;
}

beforeAll(async () => {
  original = await freshDatabase();
  await admin(databaseUrl!, `DROP DATABASE IF EXISTS "${restoredName}" WITH (FORCE)`);
}, 120_000);

afterAll(async () => {
  await Promise.all(procs.map(stopProcess));
  await original?.destroy();
  await admin(databaseUrl!, `DROP DATABASE IF EXISTS "${restoredName}" WITH (FORCE)`).catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

test('pg_dump, pg_restore into a fresh database: the restored copy is ready and answers the same reads', async () => {
  const live = await startProcess(original.url!);
  procs.push(live);
  // Something of the user's own to carry over: a favorite and a paid-for order in progress.
  const before = await reads(live);
  expect((await before.user.post('/corporate-partners/7/favorite')).status).toBe(200);
  expect((await before.user.post('/corporate-partners/5/pay', { amount: 12 })).status).toBe(201);
  const { out: expected } = await reads(live);

  const dump = join(work, 'socialpay.dump');
  run('pg_dump', ['-Fc', '-d', original.url!, '-f', dump]); // while the server runs
  await admin(databaseUrl!, `CREATE DATABASE "${restoredName}"`);
  run('pg_restore', ['--no-owner', '-d', restoredUrl, dump]);
  const migrate = spawnSync(process.execPath, [MAIN, 'migrate'], { env: { ...process.env, DATABASE_URL: restoredUrl }, encoding: 'utf8' });
  expect(migrate.status, migrate.stderr).toBe(0);
  expect(migrate.stdout).toContain('nothing to apply');

  const restored = await startProcess(restoredUrl);
  procs.push(restored);
  expect((await fetch(`${restored.url}/api/v1.0/ready`)).status).toBe(200);
  const { out: got } = await reads(restored);
  expect(got).toEqual(expected);
  expect((got.favorites as { results: { id: number }[] }).results.some((b) => b.id === 7)).toBe(true);
});
