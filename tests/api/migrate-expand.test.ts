// The migrations of this release on a database of the previous one, as a
// rolling upgrade meets them (docs/deploy.md, "Migrations while the old
// version serves"): the database is made with the migrations up to
// PREVIOUS_RELEASE, holds a catalogue and an order, and then takes the rest.
// Every table and column the previous code used is still there with its
// type, none became NOT NULL, and each new column of an old table is
// nullable or has a default, so the old code's reads and writes still run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '#src/server/db/client.ts';
import { migrate } from '#src/server/db/migrate.ts';
import { seedIfEmpty } from '#src/server/catalogue/seed.ts';
import { openTestDatabase } from './harness.ts';

/** The last migration of the release before this one: moved forward at each release. */
const PREVIOUS_RELEASE = '0017_listing_totals_from_orders.sql';

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}

let handle: DbHandle;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let before: Column[];
let after: Column[];
let applied: string[];

const columns = async (): Promise<Column[]> =>
  (
    await sql<Column>`SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default
      FROM information_schema.columns c JOIN information_schema.tables t
        ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = 'public' ORDER BY c.table_name, c.ordinal_position`.execute(handle.db)
  ).rows;

beforeAll(async () => {
  database = await openTestDatabase();
  handle = database.handle;
  await migrate(handle, { until: PREVIOUS_RELEASE });
  await seedIfEmpty(handle, { products: 60 });
  before = await columns();
  applied = await migrate(handle);
  after = await columns();
});

afterAll(() => database.close());

const key = (c: Column) => `${c.table_name}.${c.column_name}`;

describe(`this release's migrations on a database of the previous release (${PREVIOUS_RELEASE})`, () => {
  it('apply on top of it', () => {
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.every((file) => file > PREVIOUS_RELEASE)).toBe(true);
  });

  it('keep every column the previous code used, with its type, and make none of them required', () => {
    const now = new Map(after.map((c) => [key(c), c]));
    const changed = before
      .filter((old) => {
        const column = now.get(key(old));
        return (
          !column || column.data_type !== old.data_type || (old.is_nullable === 'YES' && column.is_nullable === 'NO')
        );
      })
      .map(key);
    expect(changed).toEqual([]);
  });

  it("add to the previous release's tables only columns its inserts can leave out", () => {
    const oldTables = new Set(before.map((c) => c.table_name));
    const oldColumns = new Set(before.map(key));
    const required = after
      .filter((c) => oldTables.has(c.table_name) && !oldColumns.has(key(c)))
      .filter((c) => c.is_nullable === 'NO' && c.column_default === null)
      .map(key);
    expect(required).toEqual([]);
  });

  it("still answer the previous code's reads of each of its tables", async () => {
    const byTable = Map.groupBy(before, (c) => c.table_name);
    for (const [table, cols] of byTable) {
      const list = cols.map((c) => `"${c.column_name}"`).join(', ');
      await expect(sql.raw(`SELECT ${list} FROM "${table}" LIMIT 1`).execute(handle.db), table).resolves.toBeTruthy();
    }
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM products`.execute(handle.db);
    expect(rows[0]!.n).toBe(60);
  });
});
