/**
 * A page of a list with the list's total, counted in the same query (`count(*) OVER ()::int AS total` in its
 * select). A page past the end has no row to carry the count: the total then comes from the first page.
 * `sql` ends without LIMIT/OFFSET; they are appended as the next two parameters.
 */
import type { Db } from './types.ts';

export async function pagedRows<R extends { total: number }>(db: Db, sql: string, params: unknown[], limit: number, offset: number): Promise<{ rows: R[]; total: number }> {
  const page = (l: number, o: number) => db.query<R>(`${sql} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, l, o]);
  const { rows } = await page(limit, offset);
  if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  return { rows, total: (await page(1, 0)).rows[0]?.total ?? 0 };
}
