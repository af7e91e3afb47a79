/**
 * A tiny database adapter over embedded PGlite (default) or PostgreSQL (pg Pool), so the rest of
 * the server writes plain parameterised SQL once. SQL must run on PGlite (PostgreSQL 18) and
 * PostgreSQL 15. Migrations run on open.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import pg from 'pg';
import { runMigrations } from './migrate.ts';
import type { Db } from './types.ts';
import { log } from '../log.ts';

// The handle's types live in types.ts (migrate.ts needs them too); importers take them from here.
export type { Db, QueryResult } from './types.ts';

export interface OpenOptions {
  /** postgres:// URL: use PostgreSQL. */
  url?: string;
  /** PGlite data dir; 'memory://' (the default when neither is given) for an in-memory database. */
  dataDir?: string;
  /** PGlite in memory, started from a dump of a data dir (PGlite's dumpDataDir): the API tests' copies. */
  loadDataDir?: Blob;
  /** pg pool size (default 10). */
  poolSize?: number;
  /** Skip migrations (the caller runs them itself to log them; a copy of a migrated database has them). */
  skipMigrations?: boolean;
}

export async function openDatabase(opts: OpenOptions = {}): Promise<Db> {
  const db = opts.url ? openPg(opts.url, opts.poolSize ?? 10) : await openPglite(opts.dataDir ?? 'memory://', opts.loadDataDir);
  if (!opts.skipMigrations) {
    try {
      await runMigrations(db);
    } catch (err) {
      await db.close().catch(() => {});
      throw err;
    }
  }
  return db;
}

// ---------- PGlite ----------

type PgliteLike = Pick<PgliteTransaction, 'query' | 'exec'>;

function pgliteDb(inst: PGlite, dataDir: string): Db {
  return {
    kind: 'pglite',
    dataDir,
    async query<T>(sql: string, params?: unknown[]) {
      const r = await inst.query<T>(sql, params as unknown[] | undefined);
      return { rows: r.rows };
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      return inst.transaction((tx) => fn(pgliteTxDb(tx)));
    },
    async exec(sql: string) {
      await inst.exec(sql);
    },
    async close() {
      if (!inst.closed) await inst.close();
    },
  };
}

function pgliteTxDb(tx: PgliteLike): Db {
  return joinedDb(
    'pglite',
    async (sql, params) => (await tx.query(sql, params)).rows,
    async (sql) => void (await tx.exec(sql)),
  );
}

/** A Db on one connection inside a transaction: nested transactions join it, close is the owner's. */
function joinedDb(kind: Db['kind'], run: (sql: string, params?: unknown[]) => Promise<unknown[]>, exec: (sql: string) => Promise<void>): Db {
  const self: Db = {
    kind,
    async query<T>(sql: string, params?: unknown[]) {
      return { rows: (await run(sql, params)) as T[] };
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      return fn(self);
    },
    exec,
    async close() {},
  };
  return self;
}

/**
 * PGlite keeps Postgres's shared buffers inside its WebAssembly memory and touches them all at start:
 * the default 128 MB was 130 MB of the server's resident size (`npm run bench -- memory`). The embedded
 * database holds a few MB, the catalogue is answered from the server's own memory, and a page missing
 * from the buffers is one read from the OS's file cache (PGlite's data dir is a Node file system), so
 * 16 MB is plenty.
 */
const PGLITE_OPTIONS = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Db> {
  if (loadDataDir || dataDir === 'memory://' || dataDir === '') {
    return pgliteDb(await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir }), 'memory://');
  }
  const abs = resolve(dataDir);
  mkdirSync(dirname(abs), { recursive: true });
  return pgliteDb(await PGlite.create(abs, PGLITE_OPTIONS), abs);
}

// ---------- PostgreSQL ----------

// int8 (count, sum) as JS numbers: every value here fits easily.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric as numbers too (we only use it for sums of integers).
pg.types.setTypeParser(1700, (v) => Number(v));

function pgClientDb(client: pg.PoolClient): Db {
  return joinedDb(
    'pg',
    async (sql, params) => (await client.query(sql, params)).rows,
    async (sql) => void (await client.query(sql)),
  );
}

function openPg(url: string, max: number): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client error (e.g. the server restarted) must not crash the process.
  pool.on('error', (err) => log.error({ err: err.message }, 'database idle client error'));
  return {
    kind: 'pg',
    async query<T>(sql: string, params?: unknown[]) {
      const r = await pool.query(sql, params as unknown[] | undefined);
      return { rows: r.rows as T[] };
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(pgClientDb(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
