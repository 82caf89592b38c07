// npm run backup and npm run restore on this lane's engine (docs/deploy.md): a
// database with a shopper and an order is backed up, wiped and restored, and
// holds the same rows again; PGlite's directory is not restored over while a
// shop holds it. PGlite by default; PostgreSQL under npm run test:pg.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDb, type DbHandle } from '#src/server/db/client.ts';
import { migrate } from '#src/server/db/migrate.ts';
import { seedIfEmpty } from '#src/server/catalogue/seed.ts';
import { freshDatabase, projectRoot } from '../../scripts/bench-shop.helpers.ts';

const serverUrl = process.env['DATABASE_URL'];
const work = mkdtempSync(join(tmpdir(), 'spesa-backup-'));
const dataDir = join(work, 'pglite');
const file = join(work, 'spesa.backup');
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;

afterAll(async () => {
  await database?.drop();
  rmSync(work, { recursive: true, force: true });
});

const open = () => openDb(database ? { databaseUrl: database.url } : { dataDir });

function script(name: 'backup' | 'restore') {
  const env = { ...process.env, NODE_ENV: 'test', DATABASE_URL: database?.url ?? '', DATA_DIR: dataDir };
  return spawnSync(process.execPath, [`scripts/${name}.ts`, file], { cwd: projectRoot, env, encoding: 'utf8' });
}

/** A shopper with a booked order in the shop's first store. */
async function shopperWithOrder(handle: DbHandle): Promise<void> {
  const { db } = handle;
  const { rows: stores } = await sql<{ id: number }>`SELECT id FROM stores ORDER BY id LIMIT 1`.execute(db);
  const storeId = stores[0]!.id;
  const { rows: users } = await sql<{ id: number }>`INSERT INTO users (username, password_hash, confirmed_at)
    VALUES ('maria.rossi@example.it', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', now()) RETURNING id`.execute(db);
  const userId = users[0]!.id;
  await sql`INSERT INTO profiles (user_id, email, first_name, last_name, mobile_phone)
    VALUES (${userId}, 'maria.rossi@example.it', 'Maria', 'Rossi', '3331234567')`.execute(db);
  const { rows: carts } = await sql<{ id: number }>`INSERT INTO carts (user_id, store_id, delivery_mode, status)
    VALUES (${userId}, ${storeId}, 'IN_STORE', 'CLOSED') RETURNING id`.execute(db);
  await sql`INSERT INTO orders (user_id, store_id, cart_id, code, number, status, delivery_mode, payment_mode,
      enable_products_replacement, first_name, last_name, profile_email, profile_mobile_phone,
      net_total_cents, total_cents, total_to_pay_cents)
    VALUES (${userId}, ${storeId}, ${carts[0]!.id}, 'A1B2C3', '2026-000042', 'TO_BE_PREPARED', 'IN_STORE', 'CASH',
      true, 'Maria', 'Rossi', 'maria.rossi@example.it', '3331234567', 4250, 4250, 4250)`.execute(db);
}

/** The rows that matter after a restore: the shopper, their order, and how much catalogue there is. */
async function rowsOf(handle: DbHandle) {
  const { db } = handle;
  return {
    users: (await sql`SELECT id, username, password_hash, confirmed_at FROM users ORDER BY id`.execute(db)).rows,
    profiles: (await sql`SELECT * FROM profiles ORDER BY user_id`.execute(db)).rows,
    orders: (await sql`SELECT * FROM orders ORDER BY id`.execute(db)).rows,
    products: (await sql`SELECT count(*)::int AS n FROM products`.execute(db)).rows,
  };
}

describe(`npm run backup and npm run restore on ${serverUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('bring back the same shopper and order after the database was wiped', async () => {
    if (serverUrl) database = await freshDatabase(serverUrl, 'spesa_backup');
    let handle = await open();
    await migrate(handle);
    await seedIfEmpty(handle, { products: 60 });
    await shopperWithOrder(handle);
    const before = await rowsOf(handle);
    expect(before.orders).toHaveLength(1);
    expect(before.orders[0]).toMatchObject({ code: 'A1B2C3', total_cents: 4250, first_name: 'Maria' });
    await handle.close();

    const backedUp = script('backup');
    expect(backedUp.stderr).toBe('');
    expect(backedUp.status).toBe(0);
    expect(existsSync(file)).toBe(true);

    // Wiped: the schema gone on PostgreSQL, the directory gone on PGlite.
    if (database) {
      handle = await open();
      await sql`DROP SCHEMA public CASCADE`.execute(handle.db);
      await sql`CREATE SCHEMA public`.execute(handle.db);
      await expect(sql`SELECT 1 FROM orders`.execute(handle.db)).rejects.toThrow();
      await handle.close();
    } else rmSync(dataDir, { recursive: true, force: true });

    const restored = script('restore');
    expect(restored.status, restored.stderr).toBe(0);
    handle = await open();
    expect(await rowsOf(handle)).toEqual(before);
    // Nothing left to migrate: the restored database knows its migrations.
    expect(await migrate(handle)).toEqual([]);
    await handle.close();
  });

  // PGlite's own rule: one process's directory (PostgreSQL takes a restore beside its clients).
  if (!serverUrl)
    it('refuses to restore PGlite’s directory while a shop holds it', async () => {
      const handle = await open();
      try {
        const refused = script('restore');
        expect(refused.status).toBe(1);
        expect(refused.stderr).toContain('is in use by process');
        expect((await rowsOf(handle)).orders).toHaveLength(1);
      } finally {
        await handle.close();
      }
    });
});
