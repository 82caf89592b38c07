// A cart write keeps, per catalogue version and day, what its answer shows of
// the products a cart already showed (services/cart-memo.ts), and the cart as
// last answered. What a shopper sees must not tell: a new import's prices, a
// cart opened elsewhere, a cart moved or abandoned, a refused quantity.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema } from '#src/shared/contract/cart.ts';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { importCatalogue } from '#src/server/catalogue/import.ts';
import { createTestShop } from './harness.ts';
import { bearer, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
// The feed the test shop was seeded with (seedIfEmpty: 200 products, seed 1, today).
const feed = generateCatalogue({ products: 200 });
/** Pieces sold in stores 1109 and 1110 without a promotion in either, not water. */
let pieces: string[];
/** A piece on promotion in store 1109 today. */
let promoted: string;

beforeAll(async () => {
  shop = await createTestShop({ products: 200 });
  const onPromotion = new Set(feed.promotions.map((p) => p.barcode));
  const soldIn = (store: number) =>
    new Set(feed.prices.filter((p) => p.storeId === store && p.available !== false).map((p) => p.barcode));
  const [a, b] = [soldIn(1109), soldIn(1110)];
  pieces = feed.products
    .filter((p) => p.um === 'PZ' && !p.waterPack && !onPromotion.has(p.barcode) && a.has(p.barcode) && b.has(p.barcode))
    .map((p) => p.barcode)
    .slice(0, 4);
  expect(pieces).toHaveLength(4);
  const today = new Date().toISOString().slice(0, 10);
  const pieceCodes = new Set(feed.products.filter((p) => p.um === 'PZ' && !p.waterPack).map((p) => p.barcode));
  promoted = feed.promotions.find(
    (p) => p.storeId === 1109 && pieceCodes.has(p.barcode) && p.validFrom < today && p.validTo > today,
  )!.barcode;
  expect(promoted).toBeTruthy();
});
afterAll(() => shop.close());

const priceOf = (barcode: string, store: number) =>
  feed.prices.find((p) => p.barcode === barcode && p.storeId === store)!.price;

async function openCart(token: string, deliveryMode: 'DRIVE' | 'IN_STORE' = 'DRIVE', storeId = 1109) {
  const { body } = await shop.request('/cli/ecommerce/cart/open', post({ storeId, deliveryMode }, token));
  expect(body.responseCode).toBe(0);
  return cartSchema.parse(body.data);
}

async function store(token: string, cartId: number, barcode: string, amount: number) {
  return (await shop.request('/cli/ecommerce/cart/store', post({ cartId, barcode, amount }, token))).body;
}

const rows = (body: { data: { cart: unknown } }) =>
  cartSchema.parse(body.data.cart).items.map((i) => [i.barcode, i.amount, i.netPrice]);

describe('a cart write after what the memo keeps has changed', () => {
  it("answers the cart's other rows at the prices of a new import", async () => {
    const token = await shopper(shop, 'memo.import@example.it');
    const cart = await openCart(token);
    const [first, second] = pieces as [string, string];
    await store(token, cart.id, first, 1);
    expect(rows(await store(token, cart.id, second, 1))).toEqual([
      [first, 1, priceOf(first, 1109)],
      [second, 1, priceOf(second, 1109)],
    ]);

    await store(token, cart.id, promoted, 1);
    const next = structuredClone(feed);
    for (const p of next.prices)
      if (p.storeId === 1109 && (p.barcode === first || p.barcode === second)) p.price = 9.99;
    expect((await importCatalogue(shop.handle, next)).imported).toBe(true);
    try {
      // Only the first row is written: the second is answered at its new price too.
      const written = await store(token, cart.id, first, 2);
      expect(rows(written).slice(0, 2)).toEqual([
        [first, 2, 9.99],
        [second, 1, 9.99],
      ]);
      // Every field of every row (the promotion's too) as the cart itself answers it.
      const current = await shop.request('/cli/ecommerce/cart/current', bearer(token));
      expect(written.data.cart).toEqual(current.body.data);
      expect(cartSchema.parse(current.body.data).items[2]?.promotions).toHaveLength(1);
    } finally {
      expect((await importCatalogue(shop.handle, feed)).imported).toBe(true);
    }
    expect(rows(await store(token, cart.id, first, 3)).slice(0, 2)).toEqual([
      [first, 3, priceOf(first, 1109)],
      [second, 1, priceOf(second, 1109)],
    ]);
  });

  it('answers whether the cart is still the current one after another was opened', async () => {
    const token = await shopper(shop, 'memo.current@example.it');
    const drive = await openCart(token);
    expect(cartSchema.parse((await store(token, drive.id, pieces[0]!, 1)).data.cart).current).toBe(true);
    const inStore = await openCart(token, 'IN_STORE');
    expect(inStore.current).toBe(true);
    const answer = cartSchema.parse((await store(token, drive.id, pieces[0]!, 2)).data.cart);
    expect(answer.current).toBe(false);
    expect(answer.deliveryMode).toBe('DRIVE');
  });

  it("writes in the store the cart was moved to, at that store's prices", async () => {
    const token = await shopper(shop, 'memo.move@example.it');
    const cart = await openCart(token);
    const [first, second] = pieces as [string, string];
    await store(token, cart.id, first, 1);
    await store(token, cart.id, second, 1);
    const moved = await shop.request('/cli/ecommerce/cart/move', post({ cartId: cart.id, storeId: 1110 }, token));
    expect(moved.body.responseCode).toBe(0);
    const answer = await store(token, cart.id, first, 2);
    expect(cartSchema.parse(answer.data.cart).storeId).toBe(1110);
    expect(rows(answer)).toEqual([
      [first, 2, priceOf(first, 1110)],
      [second, 1, priceOf(second, 1110)],
    ]);
  });

  it('refuses a write to an abandoned cart (4004) and to a cart of another customer (403), and keeps the rows', async () => {
    const token = await shopper(shop, 'memo.abort@example.it');
    const other = await shopper(shop, 'memo.other@example.it');
    const cart = await openCart(token);
    await store(token, cart.id, pieces[0]!, 1);
    const intruder = await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: cart.id, barcode: pieces[0]!, amount: 5 }, other),
    );
    expect(intruder.status).toBe(403);
    expect((await shop.request('/cli/ecommerce/cart/abort', post({ cartId: cart.id }, token))).body.responseCode).toBe(
      0,
    );
    expect(await store(token, cart.id, pieces[0]!, 3)).toMatchObject({ responseCode: 4004 });
    const kept = await shop.handle.db
      .selectFrom('cart_items')
      .select('amount')
      .where('cart_id', '=', cart.id)
      .execute();
    expect(kept.map((r) => Number(r.amount))).toEqual([1]);
  });

  it('answers a refused quantity of a product the memo knows as a first write would', async () => {
    const token = await shopper(shop, 'memo.quantity@example.it');
    const cart = await openCart(token);
    await store(token, cart.id, pieces[0]!, 1);
    const fresh = await openCart(token, 'IN_STORE');
    const tooMany = await store(token, cart.id, pieces[0]!, 1000);
    const tooManyFirst = await store(token, fresh.id, pieces[0]!, 1000);
    expect(tooMany.responseCode).not.toBe(0);
    expect(tooMany).toEqual(tooManyFirst);
    const half = await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: cart.id, barcode: pieces[0]!, amount: 1.5 }, token),
    );
    expect(half.status).toBe(400);
    expect(rows(await store(token, cart.id, pieces[0]!, 2))).toEqual([[pieces[0], 2, priceOf(pieces[0]!, 1109)]]);
    expect((await shop.request('/cli/ecommerce/cart/current', bearer(token))).body.data.id).toBe(fresh.id);
  });

  it("answers the cart's rows as changed by the booking check, the delete call or another process, not as kept", async () => {
    const token = await shopper(shop, 'memo.rows@example.it');
    const cart = await openCart(token);
    const [first, second, third] = pieces as [string, string, string];
    await store(token, cart.id, first, 1);
    await store(token, cart.id, second, 1);
    await store(token, cart.id, third, 1);
    const asCurrent = async (written: { data: { cart: unknown } }) =>
      expect(written.data.cart).toEqual((await shop.request('/cli/ecommerce/cart/current', bearer(token))).body.data);

    // The store stops selling the second product: the booking check takes its row out of the cart (4105).
    const next = structuredClone(feed);
    for (const p of next.prices) if (p.storeId === 1109 && p.barcode === second) p.available = false;
    expect((await importCatalogue(shop.handle, next)).imported).toBe(true);
    try {
      // A write in the new catalogue: the memo keeps the rows it answered, the second among them.
      expect(rows(await store(token, cart.id, first, 2)).map(([barcode]) => barcode)).toEqual([first, second, third]);
      const check = await shop.request('/cli/ecommerce/cart/freeze/check', post({ cartId: cart.id }, token));
      expect(check.body.responseCode).toBe(4105);
      const afterCheck = await store(token, cart.id, first, 3);
      expect(rows(afterCheck)).toEqual([
        [first, 3, priceOf(first, 1109)],
        [third, 1, priceOf(third, 1109)],
      ]);
      await asCurrent(afterCheck);
    } finally {
      expect((await importCatalogue(shop.handle, feed)).imported).toBe(true);
    }

    await store(token, cart.id, first, 1);
    const deleted = await shop.request('/cli/ecommerce/cart/delete', post({ cartId: cart.id, barcode: third }, token));
    expect(deleted.body.responseCode).toBe(0);
    const afterDelete = await store(token, cart.id, first, 2);
    expect(rows(afterDelete)).toEqual([[first, 2, priceOf(first, 1109)]]);
    await asCurrent(afterDelete);

    // Another shop process on the same database changes a row: as any change to the rows, it updates the cart row.
    await store(token, cart.id, second, 1);
    await sql`WITH changed AS (UPDATE cart_items SET amount = 4 WHERE cart_id = ${cart.id}
        AND product_id = (SELECT id FROM products WHERE barcode = ${second}) RETURNING cart_id)
      UPDATE carts SET updated_at = now() WHERE id IN (SELECT cart_id FROM changed)`.execute(shop.handle.db);
    const afterOther = await store(token, cart.id, first, 3);
    expect(rows(afterOther)).toEqual([
      [first, 3, priceOf(first, 1109)],
      [second, 4, priceOf(second, 1109)],
    ]);
    await asCurrent(afterOther);
  });
});

describe('the current cart from what the last write left', () => {
  it('answers every change made since that write: by another process, by the delete call, by a new import', async () => {
    const token = await shopper(shop, 'memo.page@example.it');
    const cart = await openCart(token);
    const [first, second] = pieces as [string, string];
    const current = async () =>
      cartSchema
        .parse((await shop.request('/cli/ecommerce/cart/current', bearer(token))).body.data)
        .items.map((i) => [i.barcode, i.amount, i.netPrice]);
    await store(token, cart.id, first, 1);
    const written = await store(token, cart.id, second, 1);
    // Every field of every row, as the write answered it.
    expect((await shop.request('/cli/ecommerce/cart/current', bearer(token))).body.data).toEqual(written.data.cart);

    // Another shop process changes a row, and, as any change to the rows, the cart row: no write since.
    await sql`WITH changed AS (UPDATE cart_items SET amount = 4 WHERE cart_id = ${cart.id}
        AND product_id = (SELECT id FROM products WHERE barcode = ${second}) RETURNING cart_id)
      UPDATE carts SET updated_at = now() WHERE id IN (SELECT cart_id FROM changed)`.execute(shop.handle.db);
    expect(await current()).toEqual([
      [first, 1, priceOf(first, 1109)],
      [second, 4, priceOf(second, 1109)],
    ]);

    await store(token, cart.id, first, 2);
    const deleted = await shop.request('/cli/ecommerce/cart/delete', post({ cartId: cart.id, barcode: second }, token));
    expect(deleted.body.responseCode).toBe(0);
    expect(await current()).toEqual([[first, 2, priceOf(first, 1109)]]);

    await store(token, cart.id, first, 3);
    const next = structuredClone(feed);
    for (const p of next.prices) if (p.storeId === 1109 && p.barcode === first) p.price = 9.99;
    expect((await importCatalogue(shop.handle, next)).imported).toBe(true);
    try {
      expect(await current()).toEqual([[first, 3, 9.99]]);
    } finally {
      expect((await importCatalogue(shop.handle, feed)).imported).toBe(true);
    }
    expect(await current()).toEqual([[first, 3, priceOf(first, 1109)]]);
  });
});
