/** The database handle every layer writes plain parameterised SQL through (opened by open.ts). */
export interface QueryResult<T> {
  rows: T[];
}

export interface Db {
  readonly kind: 'pglite' | 'pg';
  /** PGlite: its data directory (absolute), or 'memory://'. */
  readonly dataDir?: string;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs fn in one transaction (nested calls join the outer transaction). */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** pg only: the pool's connections now (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
}
