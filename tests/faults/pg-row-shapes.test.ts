// PostgreSQL: a prepared statement's rows are made from its kept shape
// (src/server/db/pg-row-shapes.ts). They must be the rows node-postgres makes
// itself: the same names in the same order, the same values through the same
// type parsers, also when a name repeats, a value is null, or a table changed
// shape under a `SELECT *` between two runs of the same statement.
// PostgreSQL lane only (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import type { DbHandle } from '#src/server/db/client.ts';
import { openTestDatabase } from '../api/harness.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let handle: DbHandle;
let plain: pg.Client;

beforeAll(async () => {
  database = await openTestDatabase({ lanes: 1 });
  handle = database.handle;
  await sql`CREATE TABLE shaped (id bigint PRIMARY KEY, label text, price numeric(10,2), seen timestamptz,
    facts jsonb, tags int[], ok boolean)`.execute(handle.db);
  await sql`INSERT INTO shaped VALUES (1, 'Pane', 1.99, '2026-11-28T10:00:00Z', '{"a": [1, 2]}', '{3,4}', true),
    (2, NULL, NULL, NULL, NULL, NULL, NULL)`.execute(handle.db);
  // node-postgres on its own, with the shop's type parsers (client.ts sets them for the process).
  const { rows } = await sql<{ url: string }>`SELECT current_database() AS url`.execute(handle.db);
  const url = new URL(process.env['DATABASE_URL']!);
  url.pathname = `/${rows[0]!.url}`;
  plain = new pg.Client({ connectionString: url.toString() });
  await plain.connect();
});

afterAll(async () => {
  await plain?.end();
  await database.close();
});

/** The rows of `text` with `values` through the shop's client (a named statement, its kept shape), and through node-postgres alone. */
async function both(text: string, values: unknown[]) {
  const ours = (await handle.db.executeQuery(CompiledQuery.raw(text, values))).rows as Record<string, unknown>[];
  const theirs = (await plain.query(text, values)).rows as Record<string, unknown>[];
  return { ours, theirs };
}

describe('rows of prepared statements from kept shapes (PostgreSQL)', () => {
  it('makes the rows node-postgres makes: names in order, values parsed, nulls', async () => {
    for (let run = 0; run < 3; run++) {
      const { ours, theirs } = await both('SELECT * FROM shaped WHERE id >= $1 ORDER BY id', [1]);
      expect(ours).toEqual(theirs);
      expect(ours.map((r) => Object.keys(r))).toEqual(theirs.map((r) => Object.keys(r)));
      expect(ours[0]).toMatchObject({
        id: 1,
        label: 'Pane',
        price: 1.99,
        facts: { a: [1, 2] },
        tags: [3, 4],
        ok: true,
      });
      expect(ours[0]!['seen']).toEqual(new Date('2026-11-28T10:00:00Z'));
      expect(ours[1]).toEqual({ id: 2, label: null, price: null, seen: null, facts: null, tags: null, ok: null });
      expect(Object.getPrototypeOf(ours[0])).toBe(Object.prototype);
    }
  });

  it('keeps a repeated name in its first place with its last value, as node-postgres does', async () => {
    const text = 'SELECT 1::int AS a, $1::text AS b, 3::int AS a';
    const { ours, theirs } = await both(text, ['x']);
    expect(ours).toEqual([{ a: 3, b: 'x' }]);
    expect(Object.keys(ours[0]!)).toEqual(Object.keys(theirs[0]!));
  });

  it('treats a column named __proto__ as node-postgres does: an own property, not the prototype', async () => {
    const { ours, theirs } = await both('SELECT $1::text AS "__proto__", 2::int AS n', ['p']);
    expect(Object.getOwnPropertyNames(ours[0])).toEqual(Object.getOwnPropertyNames(theirs[0]));
    expect(Object.getPrototypeOf(ours[0])).toBe(Object.getPrototypeOf(theirs[0]));
    expect(ours[0]!['n']).toBe(2);
  });

  it('makes the shape again when the table changed under a SELECT * between two runs', async () => {
    const text = 'SELECT * FROM shaped WHERE id = $1';
    expect((await both(text, [1])).ours[0]).not.toHaveProperty('note');
    await sql`ALTER TABLE shaped ADD COLUMN note text DEFAULT 'nuovo'`.execute(handle.db);
    await sql`ALTER TABLE shaped ALTER COLUMN price TYPE text`.execute(handle.db);
    const { ours, theirs } = await both(text, [1]);
    expect(ours).toEqual(theirs);
    expect(ours[0]).toMatchObject({ price: '1.99', note: 'nuovo' });
    expect(Object.keys(ours[0]!)).toEqual(Object.keys(theirs[0]!));
  });

  it('answers a statement error as before, and the next statement on the lane its own rows', async () => {
    await expect(both('SELECT $1::int / 0 AS v', [1])).rejects.toMatchObject({ code: '22012' });
    expect((await both('SELECT $1::int AS v', [7])).ours).toEqual([{ v: 7 }]);
  });
});
