// Kill the shop with SIGKILL in the middle of a burst of cart writes and
// bookings, start it again, and check that every write it acknowledged is
// there and nothing is half-done (PGlite here; PostgreSQL in npm run test:pg).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { openDb } from '#src/server/db/client.ts';

const root = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'spesa-crash-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
let port = 0;
let server: ChildProcess | undefined;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = s.address() as { port: number };
      s.close(() => resolve(p));
    });
  });

async function startShop(): Promise<void> {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'pglite'),
    SITE_BUILD: 'off',
    CATALOGUE_PRODUCTS: '100',
    DATABASE_URL: databaseUrl ?? '',
  };
  server = spawn(process.execPath, ['scripts/start.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/cli/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the shop did not start');
}

const exited = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
  );

async function call(path: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as { responseCode: number; data: any };
}

async function shopper(email: string): Promise<string> {
  await call('/cli/profiles/signup', {
    username: email,
    password: 'Orecchiette1!',
    profile: {
      firstName: 'Anna',
      lastName: 'Rossi',
      birthDate: '1985-04-12',
      mobilePhone: '3331234567',
      ssnCode: 'RSSNNA85D52A662X',
      cards: [],
    },
    accept1: true,
    accept2: true,
  });
  const outbox = (await (
    await fetch(`http://127.0.0.1:${port}/dev/outbox?to=${encodeURIComponent(email)}`)
  ).json()) as { messages: { text: string }[] };
  await fetch(/(http\S+)/.exec(outbox.messages[0]!.text)![1]!.replace(/^http:\/\/[^/]+/, `http://127.0.0.1:${port}`), {
    redirect: 'manual',
  });
  return (await call('/cli/profiles/login', { username: email, password: 'Orecchiette1!' })).data.jwt;
}

beforeAll(async () => {
  port = await freePort();
  if (process.env['DATABASE_URL']) {
    const name = `spesa_crash_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env['DATABASE_URL'] });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env['DATABASE_URL']);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: process.env['DATABASE_URL'] });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  await startShop();
});

afterAll(async () => {
  server?.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 300));
  await dropDatabase();
  rmSync(work, { recursive: true, force: true });
});

describe('a crash during writes', () => {
  it('keeps every acknowledged cart write and booking, and nothing half-done', async () => {
    const token = await shopper('crash@example.it');
    const products = (await call('/cli/ecommerce/products/1109/?s=100')).data.data.filter(
      (p: { um: string; available: boolean }) => p.um === 'PZ' && p.available,
    );
    const cart = (await call('/cli/ecommerce/cart/open', { storeId: 1109, deliveryMode: 'IN_STORE' }, token)).data;
    const acknowledged = new Map<string, number>();
    let writes = 0;
    let killed = false;
    const burst = async (p: { barcode: string }, amount: number) => {
      try {
        const answer = await call('/cli/ecommerce/cart/store', { cartId: cart.id, barcode: p.barcode, amount }, token);
        if (answer.responseCode === 0) acknowledged.set(p.barcode, amount);
      } catch {
        /* the server died mid-request: not acknowledged */
      }
      writes += 1;
      if (writes === 40 && !killed) {
        killed = true;
        server!.kill('SIGKILL');
      }
    };
    // Writers in parallel, each writing its products in turn, until the kill.
    const lanes = [0, 1, 2, 3].map(async (lane) => {
      for (let i = lane; i < products.length && !killed; i += 4) await burst(products[i], (i % 3) + 1);
    });
    await Promise.all(lanes);
    expect(killed).toBe(true);
    expect(acknowledged.size).toBeGreaterThan(10);
    await exited(server!);

    await startShop();
    const after = (await call('/cli/ecommerce/cart/current', undefined, token)).data;
    const amounts = new Map<string, number>(
      after.items.map((i: { barcode: string; amount: number }) => [i.barcode, i.amount]),
    );
    for (const [barcode, amount] of acknowledged) expect(amounts.get(barcode), barcode).toBe(amount);
    const rows = after.items.reduce(
      (sum: number, i: { rowNetPrice: number }) => sum + Math.round(i.rowNetPrice * 100),
      0,
    );
    expect(Math.round(after.netTotal * 100)).toBe(rows);

    // Bookings after the restart, then another kill: every acknowledged order
    // holds its slot place, and no slot counts a place without an order.
    const slotDays = (await call(`/cli/ecommerce/slots/${after.id}/days`, undefined, token)).data;
    const day = slotDays.find((d: { available: boolean }) => d.available).day;
    const slot = (await call(`/cli/ecommerce/slots/${after.id}?day=${day}`, undefined, token)).data.find(
      (s: { available: boolean }) => s.available,
    );
    const shoppers = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => shopper(`crash${n}@example.it`)));
    const booked: number[] = [];
    const carts = await Promise.all(
      shoppers.map(async (t) => {
        const c = (await call('/cli/ecommerce/cart/open', { storeId: 1109, deliveryMode: 'IN_STORE' }, t)).data;
        await call('/cli/ecommerce/cart/store', { cartId: c.id, barcode: products[0].barcode, amount: 30 }, t);
        return c as { id: number };
      }),
    );
    await Promise.all(
      shoppers.map(async (t, n) => {
        const c = carts[n]!;
        if (n === 3) setTimeout(() => server!.kill('SIGKILL'), 5);
        try {
          const answer = await call(
            '/cli/ecommerce/cart/freeze',
            {
              cartId: c.id,
              timeSlotId: slot.id,
              profileEmail: `crash${n + 1}@example.it`,
              profileMobilePhone: '3331234567',
              firstName: 'Anna',
              lastName: 'Rossi',
              paymentMode: 'CASH',
              invoice: false,
              enableProductsReplacement: true,
            },
            t,
          );
          if (answer.responseCode === 0) booked.push(n);
        } catch {
          /* died mid-request */
        }
      }),
    );
    await exited(server!);
    await startShop();
    let orders = 0;
    for (const [n, t] of shoppers.entries()) {
      const page = (await call('/cli/ecommerce/orders?s=5&p=0', undefined, t)).data;
      if (booked.includes(n)) expect(page.totalElements, `shopper ${n}`).toBe(1);
      orders += page.totalElements;
    }
    expect(orders).toBeGreaterThanOrEqual(booked.length);

    // Nothing half-done: every slot counts exactly the places of its live orders,
    // and every order has its rows.
    server!.kill('SIGTERM');
    await exited(server!);
    const handle = await openDb(databaseUrl ? { databaseUrl } : { dataDir: join(work, 'pglite') });
    try {
      const mismatched = await sql<{ id: number }>`SELECT s.id FROM slots s
        WHERE s.booked <> (SELECT count(*) FROM orders o WHERE o.slot_id = s.id AND o.status <> 'ABORTED')`.execute(
        handle.db,
      );
      expect(mismatched.rows).toEqual([]);
      const empty = await sql<{
        id: number;
      }>`SELECT o.id FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_rows r WHERE r.order_id = o.id)`.execute(
        handle.db,
      );
      expect(empty.rows).toEqual([]);
      const frozenWithoutOrder = await sql<{
        id: number;
      }>`SELECT c.id FROM carts c WHERE c.status = 'FROZEN' AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = c.id)`.execute(
        handle.db,
      );
      expect(frozenWithoutOrder.rows).toEqual([]);
    } finally {
      await handle.close();
    }
    await startShop();
  }, 300_000);
});
