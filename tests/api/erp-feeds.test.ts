// The ERP over HTTP (docs/catalogue-feed.md, "Over HTTP"): POST /cli/admin/feeds with its
// machine token, a full feed or a delta, all or nothing, once per feed id — also when the
// same feed reaches two API processes at once — and never larger than FEED_MAX_MB.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createApp } from '#src/server/app.ts';
import { openDb, type DbHandle } from '#src/server/db/client.ts';
import { createMailer } from '#src/server/mail/mailer.ts';
import { createOrderEventHub } from '#src/server/services/order-events.ts';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { romeToday } from '#src/shared/time.ts';
import { urlOf } from '#src/shared/contract/call.ts';
import { erpCalls } from '#src/shared/contract/calls.generated.ts';
import { ean13CheckDigit } from '#src/server/catalogue/feed.ts';
import { feedReport, type FeedReport } from '#src/shared/contract/store-operations.ts';
import { checkAnswer, createTestShop, type TestShop } from './harness.ts';

const TOKEN = 'erp-token-of-the-cooperative-2026';
/** The call as the ERP's client would build it (calls.generated.ts). */
const FEEDS = urlOf(erpCalls.feeds);
/** A well-formed EAN-13 no product has. */
const UNKNOWN = `800999999999${ean13CheckDigit('800999999999')}`;
let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ products: 200, env: { ERP_TOKEN: TOKEN, FEED_MAX_MB: '1' } });
});
afterAll(() => shop.close());

const send = (body: unknown, token: string | null = TOKEN, app: { request: TestShop['request'] } = shop) =>
  app.request(FEEDS, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token === null ? {} : { Authorization: `Bearer ${token}` }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const reportOf = (answer: { status: number; body: { responseCode: number; data: unknown } }): FeedReport => {
  expect(answer.status).toBe(200);
  expect(answer.body.responseCode).toBe(0);
  return feedReport.parse(answer.body.data);
};

/** Products sold in store 1109, with their shelf price in cents. */
async function shelf(n: number, offset = 0) {
  return shop.handle.db
    .selectFrom('store_products as sp')
    .innerJoin('products as p', 'p.id', 'sp.product_id')
    .select(['p.id', 'p.barcode', 'sp.price_cents', 'sp.available'])
    .where('sp.store_id', '=', 1109)
    .orderBy('p.id')
    .offset(offset)
    .limit(n)
    .execute();
}
const priceOf = async (productId: number) =>
  (
    await shop.handle.db
      .selectFrom('store_products')
      .select(['price_cents', 'available'])
      .where('store_id', '=', 1109)
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow()
  ).price_cents;
const version = async () =>
  (await shop.handle.db.selectFrom('catalogue_meta').select('value').where('key', '=', 'version').executeTakeFirst())
    ?.value;
const shelfHistory = async (productId: number) =>
  (
    await sql<{ n: number }>`SELECT count(*)::int AS n FROM price_history
      WHERE store_id = 1109 AND product_id = ${productId} AND kind = 'SHELF'`.execute(shop.handle.db)
  ).rows[0]!.n;

describe(`POST /cli/admin/feeds (${process.env['DATABASE_URL'] ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('refuses a request without the token (401) or with another one (403), and takes nothing from it', async () => {
    const [product] = await shelf(1);
    const delta = {
      version: 1,
      kind: 'delta',
      feedId: 'token-check',
      prices: [{ storeId: 1109, barcode: product!.barcode, price: 0.99 }],
    };
    const missing = await send(delta, null);
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ responseCode: 4000, errorMessage: 'Accesso richiesto.' });
    const wrong = await send(delta, `${TOKEN.slice(0, -1)}X`);
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ responseCode: 4000, errorMessage: 'Operazione non consentita.' });
    // A shopper's or operator's session token is no machine token either.
    expect((await send(delta, 'eyJhbGciOiJIUzI1NiJ9.e30.x')).status).toBe(403);
    expect(await priceOf(product!.id)).toBe(product!.price_cents);
  });

  it('refuses every feed when no ERP_TOKEN is configured', async () => {
    const app = await createApp({
      db: shop.handle.db,
      config: { ...shop.config, ERP_TOKEN: undefined },
      mailer: createMailer(shop.handle.db, undefined, 'test@spesa'),
      orderEvents: createOrderEventHub(shop.handle),
    });
    const answer = await app.request(FEEDS, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(403);
  });

  it('refuses a feed over FEED_MAX_MB with 413 and says the limit', async () => {
    const big = JSON.stringify({ version: 1, kind: 'delta', feedId: 'too-big', padding: 'x'.repeat(1024 * 1024) });
    const answer = await send(big);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      responseCode: 4000,
      errorMessage: 'Feed troppo grande: al massimo 1 MB (FEED_MAX_MB).',
    });
  });

  it('applies a delta once: sent twice, the second changes nothing and answers the first report', async () => {
    const products = await shelf(3);
    const before = await version();
    const historyBefore = await Promise.all(products.map((p) => shelfHistory(p.id)));
    const delta = {
      version: 1,
      kind: 'delta',
      feedId: 'ERP-2026-12-03-0001',
      prices: products.map((p, i) => ({ storeId: 1109, barcode: p.barcode, price: 1.11 + i })),
      availability: [],
    };
    const first = reportOf(await send(delta));
    expect(first).toMatchObject({
      feedId: 'ERP-2026-12-03-0001',
      kind: 'DELTA',
      imported: true,
      repeated: false,
      rejected: [],
      counts: { prices: { received: 3, accepted: 3, rejected: 0 } },
    });
    expect(first.message).toContain('3 righe cambiate');
    expect(first.version).not.toBe(before);
    expect(await version()).toBe(first.version);
    expect(await Promise.all(products.map((p) => priceOf(p.id)))).toEqual([111, 211, 311]);
    // Shoppers see the new price on their next answer.
    const detail = await shop.request(`/cli/ecommerce/products/barcode/${products[0]!.barcode}?store=1109`);
    expect(detail.body.data.price).toBe(1.11);

    const second = reportOf(await send(delta));
    expect(second).toEqual({ ...first, repeated: true });
    expect(await version()).toBe(first.version);
    // One change each in the price history: the first delta's.
    expect(await Promise.all(products.map((p) => shelfHistory(p.id)))).toEqual(historyBefore.map((n) => n + 1));
    const kept = await shop.handle.db.selectFrom('erp_feeds').select(['feed_id', 'kind']).execute();
    expect(kept).toContainEqual({ feed_id: 'ERP-2026-12-03-0001', kind: 'DELTA' });
  });

  it('refuses a whole delta for one bad row, names the row, and changes nothing', async () => {
    const products = await shelf(4, 3);
    const before = await version();
    const promotionsOf = (productId: number) =>
      shop.handle.db
        .selectFrom('promotions')
        .select(['id', 'description'])
        .where('product_id', '=', productId)
        .execute();
    const promotionsBefore = await promotionsOf(products[3]!.id);
    const delta = {
      version: 1,
      kind: 'delta',
      feedId: 'ERP-2026-12-03-0002',
      prices: [
        { storeId: 1109, barcode: products[0]!.barcode, price: 4.44 },
        { storeId: 1109, barcode: products[1]!.barcode, price: 0 },
      ],
      availability: [{ storeId: 1109, barcode: products[2]!.barcode, available: false }],
      promotions: [
        {
          storeId: 1109,
          barcode: products[3]!.barcode,
          description: 'Sconto 10%',
          valueType: 'PERCENTAGE',
          value: 10,
          validFrom: romeToday(),
          validTo: romeToday(),
        },
      ],
    };
    const refused = reportOf(await send(delta));
    expect(refused).toMatchObject({
      imported: false,
      version: null,
      counts: {
        prices: { received: 2, accepted: 1, rejected: 1 },
        availability: { received: 1, accepted: 1, rejected: 0 },
        promotions: { received: 1, accepted: 1, rejected: 0 },
      },
      rejected: [
        {
          section: 'prices',
          index: 1,
          key: `1109/${products[1]!.barcode}`,
          reason: 'price: deve essere maggiore di zero',
        },
      ],
      message: 'Delta rifiutato: 1 righe non valide. Nessuna modifica al database.',
    });
    expect(await version()).toBe(before);
    expect(await priceOf(products[0]!.id)).toBe(products[0]!.price_cents);
    const still = await shelf(4, 3);
    expect(still.map((p) => p.available)).toEqual(products.map((p) => p.available));
    expect(await promotionsOf(products[3]!.id)).toEqual(promotionsBefore);
    // Nothing was claimed: the same feed id, corrected, is applied.
    delta.prices[1]!.price = 5.55;
    const applied = reportOf(await send(delta));
    expect(applied.imported).toBe(true);
    expect(await priceOf(products[1]!.id)).toBe(555);
    expect((await shelf(4, 3))[2]!.available).toBe(false);
  });

  it('refuses a delta row for a product the store does not sell, and one naming an unknown store', async () => {
    const [product] = await shelf(1, 10);
    const answer = reportOf(
      await send({
        version: 1,
        kind: 'delta',
        feedId: 'ERP-unknowns',
        availability: [
          { storeId: 424242, barcode: product!.barcode, available: false },
          { storeId: 1109, barcode: UNKNOWN, available: false },
        ],
      }),
    );
    expect(answer.imported).toBe(false);
    expect(answer.rejected.map((r) => [r.section, r.index, r.reason])).toEqual([
      ['availability', 0, 'negozio sconosciuto: 424242'],
      ['availability', 1, `prodotto sconosciuto: ${UNKNOWN}`],
    ]);
  });

  it('refuses a full feed with one bad row as catalogue:import does: nothing changed, the row named', async () => {
    const feed = generateCatalogue({ products: 60, seed: 23, today: romeToday() });
    const bad = feed.products[5]!;
    const refused = reportOf(
      await send({
        ...feed,
        feedId: 'ERP-FULL-1',
        products: feed.products.map((p) => (p === bad ? { ...p, um: 'LT' } : p)),
      }),
    );
    expect(refused).toMatchObject({ kind: 'FULL', imported: false, version: null });
    expect(refused.rejected[0]).toMatchObject({ section: 'products', index: 5, key: bad.barcode });
    expect(refused.message).toMatch(/^Feed rifiutato: \d+ righe non valide\. Nessuna modifica al database/);
    const products = await shop.handle.db
      .selectFrom('products')
      .select('barcode')
      .where('barcode', '=', bad.barcode)
      .execute();
    expect(products).toEqual([]);
  });

  it('applies the same delta sent to two API processes at once exactly once', async () => {
    // A second process: on PostgreSQL its own connections to the same database, on PGlite
    // (one process's database) a second app over the same one.
    let second: DbHandle | undefined;
    if (shop.databaseUrl) second = await openDb({ databaseUrl: shop.databaseUrl });
    try {
      const db = second?.db ?? shop.handle.db;
      const other = await createApp({
        db,
        config: shop.config,
        mailer: createMailer(db, undefined, 'test@spesa'),
        orderEvents: createOrderEventHub(second ?? shop.handle),
      });
      const otherRequest: TestShop['request'] = async (path, init) => {
        const response = await other.request(path, init);
        const body = await response.json();
        checkAnswer(path, init?.method ?? 'GET', response.status, body);
        return { status: response.status, body };
      };
      const products = await shelf(20, 20);
      const historyBefore = await Promise.all(products.map((p) => shelfHistory(p.id)));
      const delta = {
        version: 1,
        kind: 'delta',
        feedId: 'ERP-2026-12-03-0003',
        prices: products.map((p) => ({ storeId: 1109, barcode: p.barcode, price: (p.price_cents + 7) / 100 })),
      };
      const [a, b] = await Promise.all([send(delta), send(delta, TOKEN, { request: otherRequest })]);
      const reports = [reportOf(a), reportOf(b)];
      expect(reports.map((r) => r.repeated).sort()).toEqual([false, true]);
      expect(reports[0]!.version).toBe(reports[1]!.version);
      expect(reports.every((r) => r.imported && r.message.includes('20 righe cambiate'))).toBe(true);
      expect(await Promise.all(products.map((p) => priceOf(p.id)))).toEqual(products.map((p) => p.price_cents + 7));
      expect(await Promise.all(products.map((p) => shelfHistory(p.id)))).toEqual(historyBefore.map((n) => n + 1));
      const rows = await shop.handle.db
        .selectFrom('erp_feeds')
        .select('feed_id')
        .where('feed_id', '=', 'ERP-2026-12-03-0003')
        .execute();
      expect(rows).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });

  it('ends a promotion and marks a product unavailable in one delta; the same values again change nothing', async () => {
    const promoted = await shop.handle.db
      .selectFrom('promotions')
      .select(['product_id', 'store_id'])
      .where('store_id', '=', 1109)
      .where('valid_to', '>=', romeToday() as never)
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    const { barcode } = await shop.handle.db
      .selectFrom('products')
      .select('barcode')
      .where('id', '=', promoted.product_id)
      .executeTakeFirstOrThrow();
    const [other] = await shelf(1, 50);
    const delta = {
      version: 1,
      kind: 'delta',
      promotionsEnded: [{ storeId: 1109, barcode }],
      availability: [{ storeId: 1109, barcode: other!.barcode, available: !other!.available }],
    };
    const first = reportOf(await send({ ...delta, feedId: 'ERP-promo-1' }));
    expect(first.imported).toBe(true);
    expect(
      await shop.handle.db
        .selectFrom('promotions')
        .select('id')
        .where('store_id', '=', 1109)
        .where('product_id', '=', promoted.product_id)
        .execute(),
    ).toEqual([]);
    const again = reportOf(await send({ ...delta, feedId: 'ERP-promo-2' }));
    expect(again).toMatchObject({ imported: true, repeated: false, version: first.version });
    expect(again.message).toContain('senza modifiche');
  });
});
