// Prices the law asks the shop to show (Codice del consumo): the lowest price
// of the 30 days before a reduction (art. 17-bis) and the unit price after
// any reduction (art. 14–17), on the product, the listing, the export the
// static build reads and the cart row — from the price history the import
// and any price change record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { cart as cartSchema } from '#src/shared/contract/cart.ts';
import {
  product as productSchema,
  productExportPage,
  productPage,
  type Product,
} from '#src/shared/contract/catalogue.ts';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { importCatalogue } from '#src/server/catalogue/import.ts';
import type { CatalogueFeed } from '#src/server/catalogue/feed.ts';
import { romeToday } from '#src/shared/time.ts';
import { createTestShop } from './harness.ts';
import { post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
const today = romeToday();
const day = (offset: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const euro = (n: number) => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(n);

const base = generateCatalogue({ products: 200, seed: 11, today });
/** Pieces of the feed the tests set up by hand: no generated promotion or history on them. */
const [promoted, progressive, plain, laterPromo, perPiece] = base.products
  .filter((p) => p.um === 'PZ' && !p.waterPack)
  .slice(0, 5)
  .map((p) => p.barcode) as [string, string, string, string, string];
const weighed = base.products.find((p) => p.um === 'KG')!.barcode;
const mine = new Set([promoted, progressive, plain, laterPromo, perPiece, weighed]);

function feedWith(edit: (feed: CatalogueFeed) => void): CatalogueFeed {
  const feed = structuredClone(base);
  feed.promotions = feed.promotions.filter((p) => !mine.has(p.barcode));
  feed.priceHistory = feed.priceHistory.filter((h) => !mine.has(h.barcode));
  const setPrice = (barcode: string, storeId: number, price: number) =>
    (feed.prices.find((p) => p.barcode === barcode && p.storeId === storeId)!.price = price);
  for (const barcode of mine) {
    const p = feed.products.find((x) => x.barcode === barcode)!;
    Object.assign(
      p,
      barcode === weighed
        ? { unitQuantity: 1, unitLabel: 'kg' }
        : barcode === perPiece
          ? { unitQuantity: null, unitLabel: null }
          : { unitQuantity: 0.5, unitLabel: 'kg' },
    );
    for (const row of feed.prices.filter((x) => x.barcode === barcode)) row.available = true;
  }
  // A promotion that started two days ago after a higher price: 3,49 until 26 days
  // before, 2,79 for two weeks, then 2,99 (the shelf price today).
  setPrice(promoted, 1109, 2.99);
  setPrice(promoted, 1110, 3.19);
  feed.priceHistory.push(
    { storeId: 1109, barcode: promoted, price: 1.5, validFrom: day(-70), validTo: day(-33) }, // before the 30 days: not counted
    { storeId: 1109, barcode: promoted, price: 3.49, validFrom: day(-32), validTo: day(-26) },
    { storeId: 1109, barcode: promoted, price: 2.79, validFrom: day(-25), validTo: day(-11) },
    { storeId: 1109, barcode: promoted, price: 2.99, validFrom: day(-10), validTo: day(-1) },
    { storeId: 1110, barcode: promoted, price: 3.19, validFrom: day(-40), validTo: day(-1) },
  );
  for (const storeId of [1109, 1110]) {
    feed.promotions.push({
      storeId,
      barcode: promoted,
      description: 'Prezzo speciale',
      valueType: 'NEW_PRICE',
      value: 1.99,
      validFrom: day(-2),
      validTo: day(5),
    });
  }
  // A progressive reduction: -10% from 10 days ago, then a new price from 2 days ago.
  setPrice(progressive, 1109, 3.0);
  feed.priceHistory.push({ storeId: 1109, barcode: progressive, price: 3.0, validFrom: day(-45), validTo: day(-1) });
  feed.promotions.push(
    {
      storeId: 1109,
      barcode: progressive,
      description: 'Sconto 10%',
      valueType: 'PERCENTAGE',
      value: 10,
      validFrom: day(-10),
      validTo: day(-3),
    },
    {
      storeId: 1109,
      barcode: progressive,
      description: 'Prezzo speciale',
      valueType: 'NEW_PRICE',
      value: 2.2,
      validFrom: day(-2),
      validTo: day(5),
    },
  );
  // A price history but no reduction running (one ended yesterday).
  setPrice(plain, 1109, 1.8);
  feed.priceHistory.push({ storeId: 1109, barcode: plain, price: 1.6, validFrom: day(-20), validTo: day(-1) });
  feed.promotions.push({
    storeId: 1109,
    barcode: plain,
    description: 'Finita',
    valueType: 'NEW_PRICE',
    value: 1.2,
    validFrom: day(-9),
    validTo: day(-1),
  });
  setPrice(laterPromo, 1109, 2.0);
  setPrice(perPiece, 1109, 1.2);
  setPrice(weighed, 1109, 12.9);
  feed.promotions.push({
    storeId: 1109,
    barcode: weighed,
    description: 'Sconto 20%',
    valueType: 'PERCENTAGE',
    value: 20,
    validFrom: day(0),
    validTo: day(3),
  });
  edit(feed);
  return feed;
}

async function load(feed: CatalogueFeed) {
  const report = await importCatalogue(shop.handle, feed);
  expect(report.rejected).toEqual([]);
  expect(report.imported).toBe(true);
}

const detail = async (barcode: string, store = 1109): Promise<Product> => {
  const { body } = await shop.request(`/cli/ecommerce/products/barcode/${barcode}?store=${store}`);
  expect(body.responseCode).toBe(0);
  return productSchema.parse(body.data);
};

async function lowestInDatabase(barcode: string, storeId: number, validFrom: string) {
  const row = await sql<{
    cents: number | null;
  }>`SELECT pr.lowest_price_30_days_cents AS cents FROM promotions pr JOIN products p ON p.id = pr.product_id
    WHERE p.barcode = ${barcode} AND pr.store_id = ${storeId} AND pr.valid_from = ${validFrom}`.execute(shop.handle.db);
  return row.rows[0]?.cents;
}

beforeAll(async () => {
  shop = await createTestShop({ products: 200 });
  await load(feedWith(() => {}));
});
afterAll(() => shop.close());

describe('lowest price of the 30 days before a reduction (art. 17-bis)', () => {
  it('answers the lowest price applied in the store in the 30 days before the promotion started', async () => {
    const p = await detail(promoted);
    expect(p).toMatchObject({ price: 2.99, netPrice: 1.99, lowestPrice30Days: 2.79 });
    expect(p.promotions).toHaveLength(1);
    // Per store: the other store's history never went below 3,19.
    expect(await detail(promoted, 1110)).toMatchObject({ price: 3.19, netPrice: 1.99, lowestPrice30Days: 3.19 });
  });

  it('carries it on the listing, the search and the export the static build reads', async () => {
    const name = base.products.find((p) => p.barcode === promoted)!.description;
    const listing = productPage.parse(
      (await shop.request('/cli/ecommerce/products/1109/?p=0&s=100&onlyPromotions=true')).body.data,
    );
    expect(listing.data.find((p) => p.barcode === promoted)).toMatchObject({ lowestPrice30Days: 2.79, netPrice: 1.99 });
    const search = productPage.parse(
      (await shop.request(`/cli/ecommerce/products/1109/?p=0&q=${encodeURIComponent(name)}`)).body.data,
    );
    expect(search.data.find((p) => p.barcode === promoted)).toMatchObject({ lowestPrice30Days: 2.79 });
    let found: Product | undefined;
    for (let page = 0; !found; page++) {
      const { body } = await shop.request(`/cli/ecommerce/products/1109/export?p=${page}&s=1000`);
      const exported = productExportPage.parse(body.data);
      found = exported.data.find((p) => p.barcode === promoted);
      if (exported.data.length === 0) break;
    }
    expect(found).toMatchObject({ lowestPrice30Days: 2.79, netPrice: 1.99 });
  });

  it('has none where no reduction runs, even with a price history and a promotion that ended yesterday', async () => {
    const p = await detail(plain);
    expect(p).toMatchObject({ price: 1.8, netPrice: 1.8, promotions: [], lowestPrice30Days: null });
    expect((await detail(laterPromo)).lowestPrice30Days).toBeNull();
  });

  it('keeps the price before the first reduction through a progressive reduction (art. 17-bis c. 4)', async () => {
    const p = await detail(progressive);
    expect(p).toMatchObject({ price: 3, netPrice: 2.2 });
    // Not the 2,70 of the -10% that ran just before: the campaign started 10 days ago at 3,00.
    expect(p.lowestPrice30Days).toBe(3);
  });

  it('records price changes of later imports and of the store price itself, and judges a promotion from them', async () => {
    // Today 2,00; then the next import raises it to 2,50 and plans a promotion from tomorrow.
    await load(
      feedWith((feed) => {
        feed.prices.find((p) => p.barcode === laterPromo && p.storeId === 1109)!.price = 2.5;
        feed.promotions.push({
          storeId: 1109,
          barcode: laterPromo,
          description: 'Prezzo speciale',
          valueType: 'NEW_PRICE',
          value: 2.1,
          validFrom: day(1),
          validTo: day(8),
        });
      }),
    );
    const history = await sql<{
      kind: string;
      valid_from: string;
      valid_to: string | null;
      price_cents: number;
    }>`SELECT h.kind, h.valid_from::text, h.valid_to::text, h.price_cents
      FROM price_history h JOIN products p ON p.id = h.product_id WHERE p.barcode = ${laterPromo} AND h.store_id = 1109 ORDER BY h.id`.execute(
      shop.handle.db,
    );
    expect(history.rows).toEqual([
      { kind: 'SHELF', valid_from: today, valid_to: today, price_cents: 200 },
      { kind: 'SHELF', valid_from: today, valid_to: null, price_cents: 250 },
      { kind: 'PROMO', valid_from: day(1), valid_to: day(8), price_cents: 210 },
    ]);
    // 2,00 was applied today, within the 30 days before tomorrow.
    expect(await lowestInDatabase(laterPromo, 1109, day(1))).toBe(200);
    // A price changed outside the import is recorded too (trigger of migration 0009).
    await sql`UPDATE store_products SET price_cents = 180 WHERE store_id = 1109 AND product_id = (SELECT id FROM products WHERE barcode = ${laterPromo})`.execute(
      shop.handle.db,
    );
    expect(await lowestInDatabase(laterPromo, 1109, day(1))).toBe(180);
    // Importing the same feed again changes nothing in the history of an unchanged price.
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM price_history`.execute(shop.handle.db);
    await load(feedWith(() => {}));
    await load(feedWith(() => {}));
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM price_history`.execute(shop.handle.db);
    // Only laterPromo moved (2,50 → 2,00 and its planned promotion left the feed).
    expect(after.rows[0]!.n - before.rows[0]!.n).toBeLessThanOrEqual(1);
    expect((await detail(promoted)).lowestPrice30Days).toBe(2.79);
  });

  it('refuses a price history row of an unknown product or with its days the wrong way round, in Italian', async () => {
    const feed = feedWith((f) => {
      f.priceHistory.push({ storeId: 1109, barcode: '8000000000002', price: 1, validFrom: day(-3), validTo: day(-1) });
      f.priceHistory.push({ storeId: 1109, barcode: promoted, price: 1, validFrom: day(-1), validTo: day(-3) });
    });
    const report = await importCatalogue(shop.handle, feed);
    expect(report.imported).toBe(false);
    expect(report.rejected.map((r) => [r.section, r.reason])).toEqual([
      ['priceHistory', 'prodotto sconosciuto o scartato: 8000000000002'],
      ['priceHistory', 'validTo: validTo precede validFrom'],
    ]);
  });
});

describe('unit price after the reduction (art. 14–17)', () => {
  it('gives every product a unit price from the price it is sold at', async () => {
    // 1,99 for 500 g: 3,98 €/kg (not the 5,98 of the shelf price).
    expect((await detail(promoted)).attrib3).toBe(`${euro(3.98)}/kg`);
    // Sold by weight at 12,90 €/kg with 20% off: 10,32 €/kg.
    expect(await detail(weighed)).toMatchObject({ netPrice: 10.32, attrib3: `${euro(10.32)}/kg` });
    // No pack content known: per piece.
    expect((await detail(perPiece)).attrib3).toBe(`${euro(1.2)}/pezzo`);
    const listing = productPage.parse((await shop.request('/cli/ecommerce/products/1109/?p=0&s=100')).body.data);
    for (const p of listing.data) expect(p.attrib3, p.description).toMatch(/^\d+,\d\d\s€\/\S+$/);
  });

  it('shows the unit price and the 30-day lowest price on the cart row', async () => {
    const token = await shopper(shop, 'omnibus@example.it');
    const opened = cartSchema.parse(
      (await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'DRIVE' }, token))).body.data,
    );
    await shop.request('/cli/ecommerce/cart/store', post({ cartId: opened.id, barcode: promoted, amount: 2 }, token));
    const { body } = await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: opened.id, barcode: perPiece, amount: 1 }, token),
    );
    const cart = cartSchema.parse(body.data.cart);
    expect(cart.items.find((i) => i.barcode === promoted)).toMatchObject({
      netPrice: 1.99,
      rowNetPrice: 3.98,
      attrib3: `${euro(3.98)}/kg`,
      lowestPrice30Days: 2.79,
    });
    expect(cart.items.find((i) => i.barcode === perPiece)).toMatchObject({
      attrib3: `${euro(1.2)}/pezzo`,
      lowestPrice30Days: null,
    });
  });
});
