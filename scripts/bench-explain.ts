// npm run bench:explain [-- --products 20000 --repeat 200]
// The query plans of the hot calls (listing by category, search, product
// detail, cart add/update, slot strip): seeds a throw-away database (PGlite,
// or a fresh database on the server of DATABASE_URL) with the demo catalogue,
// runs each call once through its service with every query recorded, then
// prints EXPLAIN (ANALYZE, BUFFERS) of each recorded query. Writes are
// explained inside a transaction that is rolled back. Then each call is timed
// `repeat` times in a row, in-process (its service time: with one PGlite
// serving 20 connections, a call's p99 under load is about 20 times it).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDb } from '#src/server/db/client.ts';
import { migrate } from '#src/server/db/migrate.ts';
import { seedIfEmpty } from '#src/server/catalogue/seed.ts';
import { listProducts, productByBarcode } from '#src/server/services/catalogue.ts';
import { openCart, storeItem, storeItemOf } from '#src/server/services/cart.ts';
import { flagDefaults } from '#src/shared/flags.ts';
import { slotDays } from '#src/server/services/slots.ts';
import { pendingSession } from '#src/server/auth/session-token.ts';
import { freshDatabase } from './bench-shop.helpers.ts';

const { values } = parseArgs({
  options: { products: { type: 'string', default: '20000' }, repeat: { type: 'string', default: '200' } },
});
const calls: { name: string; call: (i: number) => Promise<unknown> }[] = [];
const work = mkdtempSync(join(tmpdir(), 'spesa-explain-'));
const server = process.env['DATABASE_URL']
  ? await freshDatabase(process.env['DATABASE_URL'], 'spesa_explain')
  : undefined;
let recording: { sql: string; parameters: readonly unknown[] }[] | null = null;
const handle = await openDb({
  databaseUrl: server?.url,
  dataDir: server ? undefined : join(work, 'pglite'),
  log: (query) => recording?.push(query),
});
const db = handle.db;

async function record(name: string, call: (i: number) => Promise<unknown>) {
  calls.push({ name, call });
  recording = [];
  const started = performance.now();
  await call(0);
  const ms = performance.now() - started;
  const queries = recording;
  recording = null;
  console.log(
    `\n=== ${name}: ${queries.length} statements, ${ms.toFixed(1)} ms for the whole call on ${handle.engine} ===`,
  );
  for (const query of queries) {
    if (/^\s*(begin|commit|rollback|savepoint|release)/i.test(query.sql)) continue;
    console.log(`\n-- ${query.sql.replace(/\s+/g, ' ').slice(0, 400)}`);
    // A write is explained (and so executed) inside a transaction that is rolled back.
    const plan = await db
      .transaction()
      .execute(async (trx) => {
        const run = (text: string, parameters: readonly unknown[] = []) =>
          trx.executeQuery({ sql: text, parameters, query: undefined as never, queryId: undefined as never });
        const rows = (await run(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, query.parameters)).rows;
        throw Object.assign(new Error('rollback'), { plan: rows.map((r) => Object.values(r as object)[0]).join('\n') });
      })
      .catch((e: { plan?: string; message: string }) => e.plan ?? `(not explained: ${e.message})`);
    console.log(plan);
  }
}

try {
  await migrate(handle);
  console.log(`Seeding ${values.products} products on ${handle.description}…`);
  await seedIfEmpty(handle, { products: Number(values.products) });
  const user = await sql<{
    id: number;
  }>`INSERT INTO users (username, password_hash, confirmed_at) VALUES ('explain@example.it', 'x', now()) RETURNING id`.execute(
    db,
  );
  const userId = user.rows[0]!.id;
  const cart = await openCart(db, userId, { storeId: 1109, deliveryMode: 'IN_STORE', terminalType: 'WEB' } as never, {
    ...flagDefaults,
  });
  const pieces = (
    await sql<{
      barcode: string;
    }>`SELECT p.barcode FROM products p JOIN store_products sp ON sp.product_id = p.id AND sp.store_id = 1109
    WHERE sp.available AND p.um = 'PZ' AND NOT p.water_pack ORDER BY p.id LIMIT 30`.execute(db)
  ).rows.map((r) => r.barcode);
  for (const barcode of pieces) await storeItem(db, userId, { cartId: cart.id, barcode, amount: 1 } as never);
  // As the API's cart write and slot listings check the shopper (requireUserInStatement): the account check in their statement.
  const customer = pendingSession(db, {
    userId,
    role: 'CUSTOMER',
    jti: randomUUID(),
    expiresAt: new Date(Date.now() + 3_600_000),
    issuedMs: Date.now(),
  });

  await record('listing by category, level 1, page 3', () => listProducts(db, 1109, { p: 2, s: 24, category: '01' }));
  await record('listing by category, level 3, page 1', () =>
    listProducts(db, 1109, { p: 0, s: 24, category: '010101' }),
  );
  await record('listing by price, level 2', () =>
    listProducts(db, 1109, { p: 0, s: 24, category: '0101', sort: 'price-ASC' }),
  );
  await record('listing by price, the whole store', () => listProducts(db, 1109, { p: 0, s: 24, sort: 'price-DESC' }));
  await record('listing, only promotions', () => listProducts(db, 1109, { p: 0, s: 24, onlyPromotions: true }));
  await record('search "pasta"', () => listProducts(db, 1109, { p: 0, s: 24, q: 'pasta' }));
  await record('search "pasta" by price, page 2', () =>
    listProducts(db, 1109, { p: 1, s: 24, q: 'pasta', sort: 'price-ASC' }),
  );
  await record('search "mozarela" (a typo)', () => listProducts(db, 1109, { p: 0, s: 24, q: 'mozarela' }));
  await record('product detail', (i) => productByBarcode(db, pieces[(i + 3) % 30]!, 1109));
  await record('cart add/update (30 rows in the cart)', (i) =>
    storeItemOf(db, customer, { cartId: cart.id, barcode: pieces[i % 30]!, amount: 1 + (i % 3) } as never),
  );
  await record('slot strip of 10 days', () => slotDays(db, customer, cart.id));

  const repeat = Number(values.repeat);
  console.log(`\n=== service time: each call ${repeat} times in a row, in-process, on ${handle.engine} (ms) ===`);
  console.log(`${'call'.padEnd(40)}${'mean'.padStart(8)}${'p50'.padStart(8)}${'p99'.padStart(8)}`);
  for (const { name, call } of calls) {
    for (let i = 0; i < 10; i++) await call(i);
    const times: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const started = performance.now();
      await call(i);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `${name.padEnd(40)}${mean.toFixed(2).padStart(8)}${at(0.5).toFixed(2).padStart(8)}${at(0.99).toFixed(2).padStart(8)}`,
    );
  }
  // Which statements PostgreSQL plans again on every call (custom plans) and
  // which it planned once (generic): planning is a large part of a short
  // statement's time in WebAssembly. (On PostgreSQL: this connection's only.)
  const plans = await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
    SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements
    WHERE generic_plans + custom_plans > 0 ORDER BY custom_plans DESC, generic_plans DESC LIMIT 25`.execute(db);
  console.log('\n=== prepared statements: plans made (custom = planned for each call) ===');
  for (const row of plans.rows) {
    console.log(
      `${String(row.custom_plans).padStart(6)} custom ${String(row.generic_plans).padStart(6)} generic  ${row.statement.replace(/\s+/g, ' ').slice(0, 150)}`,
    );
  }
} finally {
  await handle.close();
  await server?.drop();
  rmSync(work, { recursive: true, force: true });
}
