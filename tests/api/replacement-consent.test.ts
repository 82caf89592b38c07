// A shopper's choice of substitute survives every move (issue 65): a named product the cart's new
// store does not sell is shown as such on the row, and at booking nothing replaces that row (never
// "any similar product" in its place), so the store cannot substitute it. A substitute must be
// sold as its row (by the piece or by weight).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cart, cart as cartSchema } from '#src/shared/contract/cart.ts';
import { order as orderSchema, slot as slotSchema, slotDay } from '#src/shared/contract/checkout.ts';
import { createOperator } from '#src/server/services/operators.ts';
import { catalogueChanged, createTestShop } from './harness.ts';
import { bearer, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
let operator: string;
/**
 * row: sold by the piece in 1109 and 1101; named: by the piece, sold only in 1109;
 * other: by the piece in both (what a store would pick as "similar"); kg: sold by weight in 1109.
 */
const p = {} as Record<'row' | 'named' | 'other' | 'kg', { barcode: string; id: number; description: string }>;

beforeAll(async () => {
  shop = await createTestShop({ products: 200 });
  const db = shop.handle.db;
  const soldIn = (um: 'PZ' | 'KG') =>
    db
      .selectFrom('products as p')
      .innerJoin('store_products as a', (j) => j.onRef('a.product_id', '=', 'p.id').on('a.store_id', '=', 1109))
      .innerJoin('store_products as b', (j) => j.onRef('b.product_id', '=', 'p.id').on('b.store_id', '=', 1101))
      .select(['p.barcode', 'p.id', 'p.description'])
      .where('a.available', '=', true)
      .where('b.available', '=', true)
      .where('p.um', '=', um)
      .where('p.water_pack', '=', false)
      .orderBy('p.id')
      .limit(3)
      .execute();
  const [row, named, other] = await soldIn('PZ');
  const [kg] = await soldIn('KG');
  Object.assign(p, { row, named, other, kg });
  // The named product is sold in 1109 only.
  await db.deleteFrom('store_products').where('product_id', '=', p.named.id).where('store_id', '=', 1101).execute();
  await db
    .updateTable('store_products')
    .set({ price_cents: 310 })
    .where('product_id', '=', p.named.id)
    .where('store_id', '=', 1109)
    .execute();
  await db.deleteFrom('promotions').where('product_id', 'in', [p.named.id, p.row.id]).execute();
  // 4 rows of 25,00 € pass every store's minimum order.
  await db.updateTable('store_products').set({ price_cents: 2500 }).where('product_id', '=', p.row.id).execute();
  await catalogueChanged(shop);
  await createOperator(db, {
    email: 'poggiofranco@coop.example.it',
    password: 'Cassa2026!',
    storeId: 1101,
    firstName: 'Rita',
    lastName: 'Banco',
  });
  operator = (
    await shop.request(
      '/cli/profiles/login',
      post({ username: 'poggiofranco@coop.example.it', password: 'Cassa2026!' }),
    )
  ).body.data.jwt as string;
});
afterAll(() => shop.close());

/** A cart of store 1109 with one row of `row` whose named substitute is `named`. */
async function cartWithNamedSubstitute(token: string): Promise<Cart> {
  const opened = cartSchema.parse(
    (await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token))).body
      .data,
  );
  const stored = await shop.request(
    '/cli/ecommerce/cart/store',
    post({ cartId: opened.id, barcode: p.row.barcode, amount: 4 }, token),
  );
  const itemId = cartSchema.parse(stored.body.data.cart).items[0]!.id;
  const chosen = await shop.request(
    '/cli/ecommerce/cart/item/replacement',
    post({ cartId: opened.id, itemId, mode: 'PRODUCT', barcode: p.named.barcode }, token),
  );
  expect(chosen.body.responseCode).toBe(0);
  return cartSchema.parse(chosen.body.data);
}

const move = async (token: string, cartId: number, storeId: number) => {
  const moved = await shop.request('/cli/ecommerce/cart/move', post({ cartId, storeId }, token));
  expect(moved.body.responseCode).toBe(0);
  return cartSchema.parse(moved.body.data);
};

/** Books the cart in its store's first free slot, with the order's consent to substitutes. */
async function book(token: string, cartId: number, consent: boolean) {
  const days = slotDay
    .array()
    .parse((await shop.request(`/cli/ecommerce/slots/${cartId}/days`, bearer(token))).body.data);
  const day = days.find((d) => d.available)!.day;
  const slots = slotSchema
    .array()
    .parse((await shop.request(`/cli/ecommerce/slots/${cartId}?day=${day}`, bearer(token))).body.data);
  const frozen = await shop.request(
    '/cli/ecommerce/cart/freeze',
    post(
      {
        cartId,
        timeSlotId: slots.find((s) => s.available)!.id,
        profileEmail: 'mosso@example.it',
        profileMobilePhone: '3331234567',
        firstName: 'Anna',
        lastName: 'Rossi',
        paymentMode: 'CASH',
        invoice: false,
        enableProductsReplacement: consent,
      },
      token,
    ),
  );
  expect(frozen.body.responseCode).toBe(0);
  const id = (await shop.request('/cli/ecommerce/orders?s=5&p=0', bearer(token))).body.data.data[0].id as number;
  return orderSchema.parse((await shop.request(`/cli/ecommerce/orders/${id}/fetch`, bearer(token))).body.data);
}

describe('a named substitute after the cart moves to another store', () => {
  it('is shown as not sold there, and follows the cart back with its price', async () => {
    const token = await shopper(shop, 'mosso.vista@example.it');
    const cart = await cartWithNamedSubstitute(token);
    expect(cart.items[0]!.replacement).toEqual({
      mode: 'PRODUCT',
      barcode: p.named.barcode,
      description: p.named.description,
      price: 3.1,
    });
    const moved = await move(token, cart.id, 1101);
    // Not 1109's 3,10 €: 1101 does not sell it.
    expect(moved.items[0]!.replacement).toEqual({
      mode: 'PRODUCT',
      barcode: p.named.barcode,
      description: p.named.description,
      price: null,
    });
    const back = await move(token, cart.id, 1109);
    expect(back.items[0]!.replacement).toMatchObject({ barcode: p.named.barcode, price: 3.1 });
  });

  for (const consent of [false, true])
    it(`is not replaced at booking with "Sostituzione prodotti: ${consent ? 'Sì' : 'No'}", and the store cannot substitute the row`, async () => {
      const token = await shopper(shop, `mosso.${consent}@example.it`);
      const cart = await cartWithNamedSubstitute(token);
      await move(token, cart.id, 1101);
      const order = await book(token, cart.id, consent);
      expect(order.cart.storeId).toBe(1101);
      expect(order.cart.items.map((i) => [i.barcode, i.replacement])).toEqual([
        [p.row.barcode, { mode: 'NONE', barcode: null, description: null, price: null }],
      ]);
      const rowId = order.cart.items[0]!.id;
      for (const substituteBarcode of [p.other.barcode, p.named.barcode]) {
        const refused = await shop.request(
          `/cli/ops/orders/${order.id}/confirm`,
          post({ rows: [{ id: rowId, outcome: 'SUBSTITUTED', substituteBarcode }] }, operator),
        );
        expect(refused.body).toMatchObject({
          responseCode: 4205,
          errorMessage: `Il cliente non vuole sostituzioni per «${p.row.description}».`,
        });
      }
      // Nothing was changed by the refusals: the store confirms the row as ordered.
      const confirmed = await shop.request(`/cli/ops/orders/${order.id}/confirm`, post({ rows: [] }, operator));
      expect(confirmed.body.responseCode).toBe(0);
      expect(confirmed.body.data.cart.items.map((i: { barcode: string }) => i.barcode)).toEqual([p.row.barcode]);
      expect(confirmed.body.data.cart.items[0].confirmation.outcome).toBe('AVAILABLE');
    });
});

describe('a substitute is sold as its row', () => {
  it('refuses a product sold by weight for a row sold by the piece, and the reverse (4031)', async () => {
    const token = await shopper(shop, 'peso.pezzo@example.it');
    const opened = cartSchema.parse(
      (await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token))).body
        .data,
    );
    await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: opened.id, barcode: p.row.barcode, amount: 2 }, token),
    );
    const stored = await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: opened.id, barcode: p.kg.barcode, weight: 1 }, token),
    );
    const items = cartSchema.parse(stored.body.data.cart).items;
    const piece = items.find((i) => i.barcode === p.row.barcode)!;
    const weighed = items.find((i) => i.barcode === p.kg.barcode)!;
    const choose = (itemId: number, barcode: string) =>
      shop.request(
        '/cli/ecommerce/cart/item/replacement',
        post({ cartId: opened.id, itemId, mode: 'PRODUCT', barcode }, token),
      );
    for (const [itemId, barcode] of [
      [piece.id, p.kg.barcode],
      [weighed.id, p.other.barcode],
    ] as const) {
      expect((await choose(itemId, barcode)).body).toMatchObject({
        responseCode: 4031,
        errorMessage: 'Scegli un sostituto venduto allo stesso modo (a pezzi o a peso) del prodotto ordinato.',
      });
    }
    // A piece for a piece is taken; nothing was kept of the refused choices.
    expect((await choose(piece.id, p.other.barcode)).body.responseCode).toBe(0);
    const seen = cartSchema.parse(
      (await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token))).body
        .data,
    );
    expect(seen.items.map((i) => [i.barcode, i.replacement?.barcode ?? null])).toEqual([
      [p.row.barcode, p.other.barcode],
      [p.kg.barcode, null],
    ]);
  });
});
