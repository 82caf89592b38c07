// Bulk SQL for the catalogue import: rows travel as one JSON parameter and
// are unpacked by jsonb_to_recordset, in chunks of a few thousand — the same
// SQL on PGlite and PostgreSQL, and no statement per row.
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export type Trx = Transaction<Database>;

const CHUNK = 5000;

/** Runs statement on each chunk of items; it answers the SQL to run, or runs it itself (to read what it returns). */
export async function bulk<T>(
  trx: Trx,
  items: readonly T[],
  statement: (json: string) => RawBuilder<unknown> | Promise<void>,
): Promise<void> {
  for (let i = 0; i < items.length; i += CHUNK) {
    const step = statement(JSON.stringify(items.slice(i, i + CHUNK)));
    await (step instanceof Promise ? step : step.execute(trx));
  }
}

/** `jsonb_to_recordset($1) AS x(columns)`: columns is trusted SQL written here, never input. */
export const rows = (json: string, columns: string) =>
  sql`jsonb_to_recordset(${json}::jsonb) AS x(${sql.raw(columns)})`;

/** `(SELECT …)` of the given values, for IN / NOT IN (an empty list matches nothing). */
export const inList = (values: readonly (string | number)[], type: 'int' | 'text') =>
  sql`(SELECT value::${sql.raw(type)} FROM jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
