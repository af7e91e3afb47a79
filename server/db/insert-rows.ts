/**
 * Bulk insert through one JSON parameter (jsonb_to_recordset): a few statements for thousands of
 * rows, identical on PGlite and PostgreSQL, with no parameter-count limits.
 */
import type { Db } from './open.ts';

export async function insertRows(
  db: Db,
  table: string,
  columns: [name: string, type: string][],
  rows: Record<string, unknown>[],
  batchSize = 2000,
): Promise<void> {
  const names = columns.map(([n]) => n).join(', ');
  const defs = columns.map(([n, t]) => `${n} ${t}`).join(', ');
  const sql = `INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS x(${defs})`;
  for (let i = 0; i < rows.length; i += batchSize) {
    await db.query(sql, [JSON.stringify(rows.slice(i, i + batchSize))]);
  }
}
