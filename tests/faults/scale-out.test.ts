// Two API processes on one PostgreSQL database (README "Scaling out"): the
// shop's own start command twice, two ports, one DATABASE_URL, one JWT_SECRET.
// What one process does, the other sees: slot capacity, attempt limits,
// logout, a catalogue import (its catalogue cache too, within the
// version's freshness of 0.1 s), and a store's change of an order on a
// shopper's live stream opened on the other process. PostgreSQL lane only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { VERSION_FRESH_MS } from '#src/server/catalogue-version.ts';
import {
  cli,
  freshDatabase,
  projectRoot,
  shopper,
  startShop,
  type StartedShop,
} from '../../scripts/bench-shop.helpers.ts';
import { eventStream } from '../api/event-stream.ts';

const PRODUCTS = 120;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let a: StartedShop;
let b: StartedShop;
const work = mkdtempSync(join(tmpdir(), 'spesa-scale-out-'));

beforeAll(async () => {
  database = await freshDatabase(process.env['DATABASE_URL']!, 'spesa_scaleout');
  const env = {
    DATABASE_URL: database.url,
    SITE_BUILD: 'off',
    NODE_ENV: 'development',
    CATALOGUE_PRODUCTS: String(PRODUCTS),
    JWT_SECRET: 'one-secret-shared-by-both-api-processes',
    REBUILD_INTERVAL_MINUTES: '0',
    IP_RATE_LIMIT_MULTIPLIER: '1000',
    CATALOGUE_CACHE_ENTRIES: '1000',
  };
  [a, b] = await Promise.all([startShop(env, 180_000), startShop(env, 180_000)]);
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
  rmSync(work, { recursive: true, force: true });
});

const post = async (base: string, path: string, body: unknown, token?: string) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { responseCode: number; data: any } };
};

async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

describe('two API processes on one database', () => {
  it('split a slot race between them and book exactly its capacity', async () => {
    const [piece] = await sql<{
      barcode: string;
    }>(`SELECT p.barcode FROM products p JOIN store_products sp ON sp.product_id = p.id AND sp.store_id = 1109
      WHERE sp.available AND p.um = 'PZ' AND NOT p.water_pack AND sp.price_cents BETWEEN 200 AND 1000 ORDER BY p.id LIMIT 1`);
    const shoppers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const base = i % 2 === 0 ? a.url : b.url;
        const { jwt } = await shopper(base, `gara${i}@example.it`);
        const cart = await cli<{ id: number }>(
          base,
          '/cli/ecommerce/cart/open',
          { storeId: 1109, deliveryMode: 'IN_STORE' },
          jwt,
        );
        await cli(base, '/cli/ecommerce/cart/store', { cartId: cart.id, barcode: piece!.barcode, amount: 30 }, jwt);
        return { base, jwt, cartId: cart.id };
      }),
    );
    const days = await cli<{ day: string; available: boolean }[]>(
      a.url,
      `/cli/ecommerce/slots/${shoppers[0]!.cartId}/days`,
      undefined,
      shoppers[0]!.jwt,
    );
    const day = days.find((d) => d.available)!.day;
    const slots = await cli<{ id: number; available: boolean }[]>(
      a.url,
      `/cli/ecommerce/slots/${shoppers[0]!.cartId}?day=${day}`,
      undefined,
      shoppers[0]!.jwt,
    );
    const slot = slots.find((s) => s.available)!;
    await sql('UPDATE slots SET capacity = 3, booked = 0 WHERE id = $1', [slot.id]);
    const answers = await Promise.all(
      shoppers.map((s) =>
        post(
          s.base,
          '/cli/ecommerce/cart/freeze',
          {
            cartId: s.cartId,
            timeSlotId: slot.id,
            profileEmail: 'anna@example.it',
            profileMobilePhone: '3331234567',
            firstName: 'Anna',
            lastName: 'Rossi',
            paymentMode: 'CASH',
            notes: '',
            invoice: false,
            enableProductsReplacement: true,
            clientWeb: true,
          },
          s.jwt,
        ),
      ),
    );
    expect(answers.filter((r) => r.body.responseCode === 0)).toHaveLength(3);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const [row] = await sql<{ booked: number }>('SELECT booked FROM slots WHERE id = $1', [slot.id]);
    expect(row!.booked).toBe(3);
  });

  it('count log-in attempts across both and refuse on either past the limit', async () => {
    await shopper(a.url, 'tentativi@example.it');
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push(
        (
          await post(i % 2 === 0 ? a.url : b.url, '/cli/profiles/login', {
            username: 'tentativi@example.it',
            password: `Sbagliata${i}!x`,
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(statuses[8]).toBe(429);
  });

  it('refuse on one a session logged out on the other', async () => {
    const { jwt } = await shopper(a.url, 'uscita@example.it');
    expect((await fetch(`${b.url}/cli/profiles/login`, { headers: { Authorization: `Bearer ${jwt}` } })).status).toBe(
      200,
    );
    expect((await post(a.url, '/cli/profiles/logout', {}, jwt)).body.responseCode).toBe(0);
    expect((await fetch(`${b.url}/cli/profiles/login`, { headers: { Authorization: `Bearer ${jwt}` } })).status).toBe(
      401,
    );
  });

  it("carry a store's change made on one to a shopper's live stream on the other within 2 s", async () => {
    const [piece] = await sql<{ barcode: string }>(`SELECT p.barcode FROM products p
      JOIN store_products sp ON sp.product_id = p.id AND sp.store_id = 1109
      WHERE sp.available AND p.um = 'PZ' AND NOT p.water_pack AND sp.price_cents BETWEEN 200 AND 1000 ORDER BY p.id LIMIT 1`);
    const { jwt } = await shopper(a.url, 'dal.vivo@example.it');
    const cart = await cli<{ id: number }>(
      a.url,
      '/cli/ecommerce/cart/open',
      { storeId: 1109, deliveryMode: 'IN_STORE' },
      jwt,
    );
    await cli(a.url, '/cli/ecommerce/cart/store', { cartId: cart.id, barcode: piece!.barcode, amount: 30 }, jwt);
    const days = await cli<{ day: string; available: boolean }[]>(
      a.url,
      `/cli/ecommerce/slots/${cart.id}/days`,
      undefined,
      jwt,
    );
    const slots = await cli<{ id: number; available: boolean }[]>(
      a.url,
      `/cli/ecommerce/slots/${cart.id}?day=${days.find((d) => d.available)!.day}`,
      undefined,
      jwt,
    );
    await cli(
      a.url,
      '/cli/ecommerce/cart/freeze',
      {
        cartId: cart.id,
        timeSlotId: slots.find((s) => s.available)!.id,
        profileEmail: 'dal.vivo@example.it',
        profileMobilePhone: '3331234567',
        firstName: 'Anna',
        lastName: 'Rossi',
        paymentMode: 'CASH',
        invoice: false,
        enableProductsReplacement: true,
      },
      jwt,
    );
    const [order] = await sql<{ id: number }>('SELECT id::int AS id FROM orders WHERE cart_id = $1', [cart.id]);
    // The shopper's page is served by B, as a browser that accepts compression asks for it.
    const response = await fetch(`${b.url}/cli/ecommerce/orders/events`, {
      headers: { Authorization: `Bearer ${jwt}`, 'Accept-Encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('Content-Encoding')).toBeNull();
    const stream = eventStream(response);
    try {
      await stream.listening;
      const operator = await cli<{ jwt: string }>(a.url, '/cli/profiles/login', {
        username: 'operatore.1109@spesaonline.local',
        password: 'Operatore-2026',
      });
      await cli(a.url, `/cli/ops/orders/${order!.id}/status`, { status: 'CANCELLED' }, operator.jwt);
      const event = await stream.next(2000);
      expect(event?.event).toBe('order');
      expect(JSON.parse(event!.data)).toEqual({ orderId: order!.id, status: 'CANCELLED' });
    } finally {
      await stream.close();
    }
  });

  it('see a catalogue import at the next catalogue read of each, the cache too', async () => {
    const feed = generateCatalogue({ products: PRODUCTS });
    const product = feed.products.find((p) => feed.prices.some((x) => x.barcode === p.barcode && x.storeId === 1109))!;
    const read = async (base: string) => {
      const res = await fetch(`${base}/cli/ecommerce/products/barcode/${product.barcode}`);
      return {
        cache: res.headers.get('x-cache'),
        description: ((await res.json()) as { data: { description: string } }).data.description,
      };
    };
    // Both processes have the answer in their cache.
    await read(a.url);
    await read(b.url);
    expect((await read(a.url)).cache).toBe('HIT');
    expect((await read(b.url)).cache).toBe('HIT');
    product.description = `${product.description} (nuova ricetta)`;
    const file = join(work, 'feed.json');
    writeFileSync(file, JSON.stringify(feed));
    const code = await new Promise<number | null>((resolve) =>
      spawn(process.execPath, ['scripts/catalogue-import.ts', file], {
        cwd: projectRoot,
        env: { ...process.env, DATABASE_URL: database.url },
        stdio: 'ignore',
      }).once('exit', resolve),
    );
    expect(code).toBe(0);
    // Each process reads the version at most every VERSION_FRESH_MS: past that, its next read has the import.
    await new Promise((resolve) => setTimeout(resolve, VERSION_FRESH_MS + 20));
    expect((await read(a.url)).description).toBe(product.description);
    expect((await read(b.url)).description).toBe(product.description);
  });
});
