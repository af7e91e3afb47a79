/**
 * Test set-up on a PostgreSQL server: a short-lived client (create, drop or inspect databases) and the
 * URL of another database on the same server. Shared by the API harness, the multi-process tests and
 * the cluster test, which must not load the API harness.
 */
import pg from 'pg';

/** Runs `work` on a new connection to `url` and closes it, whatever happens. */
export async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** One statement on `url` (CREATE / DROP DATABASE cannot run inside a transaction: this is none). */
export async function admin(url: string, sql: string): Promise<void> {
  await withClient(url, (c) => c.query(sql));
}

/** `url` with its database replaced by `name` (same server, user and options). */
export function databaseNamed(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
