// db/migrate.ts on a database that already holds a catalogue. (The tables and
// columns the migrations create are checked against Kysely's types by
// `node scripts/db-types.ts --check`, part of npm run lint.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#src/server/db/client.ts';
import { migrate } from '#src/server/db/migrate.ts';
import { sql } from 'kysely';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { importCatalogue } from '#src/server/catalogue/import.ts';
import { romeToday } from '#src/shared/time.ts';
import { openTestDatabase } from './harness.ts';

let handle: DbHandle;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
  handle = database.handle;
  await migrate(handle);
});

afterAll(() => database.close());

describe('a migration on a database already in use', () => {
  it("fills each product's stores from store_products (0013), then vacuums", async () => {
    const feed = generateCatalogue({ products: 60, seed: 3, today: romeToday() });
    await importCatalogue(handle, feed);
    // Back to the database as it was before 0013, with a catalogue in it.
    await sql`ALTER TABLE products DROP COLUMN store_ids`.execute(handle.db);
    await sql`DELETE FROM schema_migrations WHERE name = '0013_product_store_ids.sql'`.execute(handle.db);
    await sql`DELETE FROM store_products WHERE store_id = 1109 AND product_id IN (SELECT id FROM products ORDER BY id LIMIT 5)`.execute(
      handle.db,
    );
    expect(await migrate(handle)).toEqual(['0013_product_store_ids.sql']);
    const { rows } = await sql<{ id: number; store_ids: number[]; sold: number[] }>`SELECT p.id, p.store_ids,
        coalesce((SELECT array_agg(sp.store_id ORDER BY sp.store_id) FROM store_products sp WHERE sp.product_id = p.id), '{}') AS sold
      FROM products p ORDER BY p.id`.execute(handle.db);
    expect(rows).toHaveLength(60);
    for (const row of rows) expect(row.store_ids, `product ${row.id}`).toEqual(row.sold);
    expect(rows.slice(0, 5).every((r) => !r.store_ids.includes(1109))).toBe(true);
    expect(rows.slice(5).every((r) => r.store_ids.includes(1109))).toBe(true);
  });
});
