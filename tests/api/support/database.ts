/**
 * Per-test-file databases. The seeded base database is built once per vitest run (the first
 * worker builds it, the others wait), and every test file gets its own copy:
 * - PGlite (default): the base is an on-disk data dir plus its dump (PGlite's dumpDataDir). A
 *   file's copy starts in memory from the dump (~0.75 s; copying the directory, opening it and
 *   cloning it into memory took ~2.4 s), or, for a file that needs the disk (restarts), is a
 *   copied directory opened with openDatabase({ dataDir }).
 * - PostgreSQL (DATABASE_URL set): the base is a database; a file's copy is
 *   CREATE DATABASE ... TEMPLATE base (~0.1 s).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Db } from '../../../server/db/open.ts';
import { seedDemoData } from '../../../server/seed/index.ts';
import { alive, once } from './lock.ts';
import { databaseNamed, withClient } from '../../support/pg-admin.ts';

/** demo@, demo2@ and demo3@socialpay.test exist in every test database. */
export const DEMO_USERS = 3;

// All vitest workers of one run are children of the same vitest process.
const RUN = process.ppid;
const ROOT = join(tmpdir(), 'socialpay-api-tests');
const RUN_DIR = join(ROOT, `run-${RUN}`);
let counter = 0;

export const databaseUrl = (process.env.DATABASE_URL ?? '').trim() || undefined;

export interface TestDatabase {
  /** 'pglite:<dir>' or 'pg:<database>' */
  where: string;
  /** PostgreSQL: the copy's URL (for server processes of its own). */
  url?: string;
  open(): Promise<Db>;
  destroy(): Promise<void>;
}

const admin = <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => withClient(databaseUrl!, fn);

function cleanStaleRuns(): void {
  if (!existsSync(ROOT)) return;
  for (const name of readdirSync(ROOT)) {
    const m = /^run-(\d+)$/.exec(name);
    if (m && Number(m[1]) !== RUN && !alive(Number(m[1]))) rmSync(join(ROOT, name), { recursive: true, force: true });
  }
}

async function seed(db: Db): Promise<void> {
  await seedDemoData(db, { demoUsers: DEMO_USERS });
}

// ---------- PGlite ----------

async function pgliteBase(): Promise<string> {
  const base = join(RUN_DIR, 'base');
  await once(join(RUN_DIR, 'base-lock'), async () => {
    cleanStaleRuns();
    rmSync(base, { recursive: true, force: true });
    const db = await openDatabase({ dataDir: base });
    try {
      await seed(db);
    } finally {
      await db.close();
    }
    const raw = await PGlite.create(base);
    try {
      writeFileSync(`${base}.tar`, new Uint8Array(await (await raw.dumpDataDir('none')).arrayBuffer()));
    } finally {
      await raw.close();
    }
  });
  return base;
}

let baseDump: Blob | undefined; // read once per worker

/** A fresh copy of the seeded base: in memory from its dump, or on disk (what the restart test reopens). */
async function pgliteCopy(onDisk: boolean): Promise<TestDatabase> {
  const base = await pgliteBase();
  if (!onDisk) {
    // Most files run in memory: much less I/O.
    baseDump ??= new Blob([readFileSync(`${base}.tar`)]);
    const mem = await openDatabase({ loadDataDir: baseDump, skipMigrations: true });
    let opened = false;
    return {
      where: 'pglite:memory (copy of the seeded base)',
      open: async () => {
        if (opened) throw new Error('an in-memory test database cannot be reopened: use startServer({ onDisk: true })');
        opened = true;
        return mem;
      },
      destroy: async () => {
        await mem.close().catch(() => {});
      },
    };
  }
  const dir = join(RUN_DIR, `db-${process.pid}-${++counter}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(RUN_DIR, { recursive: true });
  cpSync(base, dir, { recursive: true });
  return {
    where: `pglite:${dir}`,
    open: () => openDatabase({ dataDir: dir }),
    destroy: async () => {
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}-uploads`, { recursive: true, force: true });
    },
  };
}

// ---------- PostgreSQL ----------

const BASE_DB = `sp_test_base_${RUN}`;

async function pgBase(): Promise<void> {
  await once(join(RUN_DIR, 'pg-base-lock'), async () => {
    await admin(async (c) => {
      const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'sp\\_test\\_%'`);
      for (const { datname } of rows) {
        const m = /_(\d+)(?:_\d+)?$/.exec(datname);
        const owner = datname.startsWith('sp_test_base_') ? Number(datname.slice('sp_test_base_'.length)) : m ? Number(m[1]) : NaN;
        if (datname === BASE_DB || (Number.isFinite(owner) && !alive(owner))) {
          await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
        }
      }
      await c.query(`CREATE DATABASE "${BASE_DB}"`);
    });
    const db = await openDatabase({ url: databaseNamed(databaseUrl!, BASE_DB), poolSize: 2 });
    try {
      await seed(db);
    } finally {
      await db.close();
    }
  });
}

async function pgCopy(): Promise<TestDatabase> {
  await pgBase();
  const name = `sp_test_f_${process.pid}_${++counter}`;
  await admin(async (c) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE "${name}" TEMPLATE "${BASE_DB}"`);
        return;
      } catch (err) {
        // Two copies of one template at the same instant: "source database is being accessed".
        if ((err as { code?: string }).code !== '55006' || attempt > 50) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  const url = databaseNamed(databaseUrl!, name);
  return {
    where: `pg:${name}`,
    url,
    open: () => openDatabase({ url, poolSize: 5 }),
    destroy: () => admin(async (c) => void (await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))),
  };
}

/** onDisk: a PGlite data directory that survives close/open (restart tests); PostgreSQL always does. */
export function freshDatabase(opts: { onDisk?: boolean } = {}): Promise<TestDatabase> {
  return databaseUrl ? pgCopy() : pgliteCopy(opts.onDisk ?? false);
}
