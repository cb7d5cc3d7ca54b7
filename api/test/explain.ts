import { fillPlaceholders, sql, type Query } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/** Both drivers answer raw SQL with `{ rows }` (PGlite's Results, node-postgres' QueryResult). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows as Record<string, unknown>[];
  throw new Error('unexpected raw query result');
}

/**
 * The plan of a prepared query (`getQuery()`) for these placeholder values, one line per element: its text with
 * each `$n` bound again, behind `EXPLAIN (options)`. For the tests' look at what runs.
 */
export async function explain(
  db: Db,
  statement: { getQuery(): Query },
  values: Record<string, unknown>,
  options: string,
): Promise<string[]> {
  const { sql: text, params } = statement.getQuery();
  const bound = fillPlaceholders(params, values);
  const parts = text.split(/\$(\d+)/);
  const query = sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${bound[Number(part) - 1]}`)));
  const result = await db.execute(sql`explain (${sql.raw(options)}) ${query}`);
  return rowsOf(result).map((row) => String(Object.values(row)[0]));
}
