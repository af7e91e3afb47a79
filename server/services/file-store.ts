/**
 * Where uploaded files' bytes live; the `files` table holds their metadata either way.
 * - PGlite: files on disk beside the data directory (`<DATA_DIR>-uploads/<id>`), written and read with
 *   async fs. PGlite runs on the event loop: bytes in a query held up every other request (a 2 MB photo
 *   in 256 KB chunks still stalled the loop ~100 ms CPU at a time).
 * - PostgreSQL: in the database (`file_chunks`), which every server process on it shares; its work
 *   runs in the database's own processes, off our event loop.
 * Paths are made of numeric ids only, never of names a client sent.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Db } from '../db/open.ts';

export interface FileStore {
  /** The uploads directory (PGlite), or null when bytes live in the database. */
  readonly dir: string | null;
  /** Stores the bytes of the `files` row `id`. */
  save(db: Db, id: number, file: Blob): Promise<void>;
  /** The bytes of file `id`, or null when there are none. */
  read(db: Db, id: number): Promise<ReadableStream<Uint8Array> | null>;
  /** Deletes the bytes of `files` rows that are gone (the database's own chunks go with their row). */
  remove(ids: number[]): Promise<void>;
  /** Deletes what a crash left behind: bytes without a row, half-written files. Returns how many. */
  sweep(db: Db): Promise<number>;
}

/** A half-written file older than this is left over from a crash (a 2 MB write takes well under a second). */
const PART_MAX_AGE_MS = 60 * 60 * 1000;

export const FILE_CHUNK_BYTES = 256 * 1024;

/** Chunk by chunk, each its own statement, as base64 text (see migration 005). */
async function readChunks(db: Db, id: number): Promise<Uint8Array<ArrayBuffer> | null> {
  // Buffer's base64 decoding skips the newlines encode() puts in.
  const parts: Buffer[] = [];
  for (let seq = 0; ; seq++) {
    const { rows } = await db.query<{ data: string }>(`SELECT encode(data, 'base64') AS data FROM file_chunks WHERE file_id = $1 AND seq = $2`, [id, seq]);
    if (!rows[0]) break;
    parts.push(Buffer.from(rows[0].data, 'base64'));
  }
  return parts.length ? new Uint8Array(Buffer.concat(parts)) : null;
}

const databaseStore: FileStore = {
  dir: null,
  async save(db, id, file) {
    const all = Buffer.from(await file.arrayBuffer());
    for (let seq = 0; seq * FILE_CHUNK_BYTES < all.length; seq++) {
      const part = all.subarray(seq * FILE_CHUNK_BYTES, (seq + 1) * FILE_CHUNK_BYTES);
      await db.query(`INSERT INTO file_chunks (file_id, seq, data) VALUES ($1, $2, decode($3, 'base64'))`, [id, seq, part.toString('base64')]);
    }
  },
  async read(db, id) {
    const data = await readChunks(db, id);
    return data && new Blob([data]).stream();
  },
  async remove() {},
  async sweep() {
    return 0;
  },
};

function diskStore(dir: string): FileStore {
  const pathOf = (id: number) => {
    if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`not a file id: ${id}`);
    return join(dir, String(id));
  };
  // Written under a temporary name, then renamed: a reader never sees half a file.
  const put = async (id: number, data: Blob | Uint8Array) => {
    const part = `${pathOf(id)}.${randomBytes(6).toString('hex')}.part`;
    try {
      await writeFile(part, data instanceof Blob ? data.stream() : data, { flag: 'wx' });
      await rename(part, pathOf(id));
    } catch (err) {
      await unlink(part).catch(() => {});
      throw err;
    }
  };
  let made: Promise<unknown> | null = null;
  return {
    dir,
    async save(_db, id, file) {
      await (made ??= mkdir(dir, { recursive: true }));
      await put(id, file);
    },
    async read(db, id) {
      try {
        const handle = await open(pathOf(id), 'r');
        return Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
      // Uploaded before files moved to disk: serve from the database once, and move it here.
      const old = await readChunks(db, id);
      if (!old) return null;
      await (made ??= mkdir(dir, { recursive: true }));
      await put(id, old);
      await db.query('DELETE FROM file_chunks WHERE file_id = $1', [id]);
      return new Blob([old]).stream();
    },
    async remove(ids) {
      await Promise.all(ids.map((id) => unlink(pathOf(id)).catch(() => {})));
    },
    async sweep(db) {
      const names = await readdir(dir).catch(() => [] as string[]);
      const ids = names.filter((n) => /^\d{1,15}$/.test(n)).map(Number);
      // A file is renamed to its id only after its row was written, so a name without a row is an orphan.
      const { rows } = ids.length ? await db.query<{ id: number }>('SELECT id FROM files WHERE id = ANY($1::int[])', [ids]) : { rows: [] };
      const kept = new Set(rows.map((r) => r.id));
      const orphans = ids.filter((id) => !kept.has(id));
      await this.remove(orphans);
      let parts = 0;
      for (const n of names.filter((n) => n.endsWith('.part'))) {
        const at = await stat(join(dir, n)).then((s) => s.mtimeMs, () => Date.now());
        if (Date.now() - at > PART_MAX_AGE_MS && (await unlink(join(dir, n)).then(() => true, () => false))) parts++;
      }
      return orphans.length + parts;
    },
  };
}

const stores = new WeakMap<Db, FileStore>();

/** The store for this database (one per database, so every app built on it sees the same files). */
export function fileStoreFor(db: Db): FileStore {
  let store = stores.get(db);
  if (!store) {
    store = db.kind === 'pg' ? databaseStore : diskStore(db.dataDir && db.dataDir !== 'memory://' ? `${db.dataDir}-uploads` : memoryDir());
    stores.set(db, store);
  }
  return store;
}

let memoryRoot: string | null = null;
/** An in-memory database's files: a directory of its own under the OS temp dir, gone when the process exits. */
function memoryDir(): string {
  if (!memoryRoot) {
    const root = join(tmpdir(), `socialpay-uploads-${process.pid}`);
    mkdirSync(root, { recursive: true });
    process.once('exit', () => rmSync(root, { recursive: true, force: true }));
    memoryRoot = root;
  }
  return mkdtempSync(join(memoryRoot, 'db-'));
}
