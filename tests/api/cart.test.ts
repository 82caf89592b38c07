// The cart as shoppers (and a curious neighbour) use it: docs/product.md §4, §5, §9.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema } from '#src/shared/contract/cart.ts';
import { storeItem } from '#src/server/services/cart.ts';
import { createTestShop } from './harness.ts';
import { bearer, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
let anna: string;
let piece: { barcode: string; id: number };
let weighed: { barcode: string; id: number; step: number };
let water: { barcode: string; id: number };

beforeAll(async () => {
  shop = await createTestShop({ products: 400 });
  anna = await shopper(shop, 'anna.cart@example.it');
  const db = shop.handle.db;
  const pick = (um: 'PZ' | 'KG') =>
    db
      .selectFrom('products as p')
      .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
      .select(['p.id', 'p.barcode', 'p.um_step'])
      .where('sp.store_id', '=', 1109)
      .where('sp.available', '=', true)
      .where('p.um', '=', um)
      .where('p.water_pack', '=', false)
      .orderBy('p.id');
  const pz = await pick('PZ').executeTakeFirstOrThrow();
  const kg = await pick('KG').executeTakeFirstOrThrow();
  piece = { barcode: pz.barcode, id: pz.id };
  weighed = { barcode: kg.barcode, id: kg.id, step: Number(kg.um_step) };
  const w = await pick('PZ').offset(1).executeTakeFirstOrThrow();
  await db.updateTable('products').set({ water_pack: true, max_amount: 5 }).where('id', '=', w.id).execute();
  water = { barcode: w.barcode, id: w.id };
  // Known prices, no promotions, for exact totals.
  for (const [id, cents] of [
    [piece.id, 250],
    [weighed.id, 1290],
    [water.id, 199],
  ] as const) {
    await db.updateTable('store_products').set({ price_cents: cents }).where('product_id', '=', id).execute();
    await db.deleteFrom('promotions').where('product_id', '=', id).execute();
  }
});
afterAll(() => shop.close());

async function openDrive(token: string, storeId = 1109) {
  const { body } = await shop.request(
    '/cli/ecommerce/cart/open',
    post({ storeId, deliveryMode: 'DRIVE', terminalType: 'WEB' }, token),
  );
  expect(body.responseCode).toBe(0);
  return cartSchema.parse(body.data);
}

describe('opening carts', () => {
  it('has no current cart at first, then opens one per store and mode and makes it current', async () => {
    const token = await shopper(shop, 'primo@example.it');
    expect((await shop.request('/cli/ecommerce/cart/current', bearer(token))).body).toEqual({
      responseCode: 0,
      data: null,
    });
    const cart = await openDrive(token);
    expect(cart).toMatchObject({
      storeId: 1109,
      deliveryMode: 'DRIVE',
      items: [],
      netTotal: 0,
      minNetTotal: 25,
      current: true,
    });
    expect(cart.storeDescription).toMatch(/^Ritiro drive · /);
    const again = await openDrive(token);
    expect(again.id).toBe(cart.id);
    const instore = cartSchema.parse(
      (await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token))).body
        .data,
    );
    expect(instore.id).not.toBe(cart.id);
    const open = (await shop.request('/cli/ecommerce/carts/open', bearer(token))).body.data as {
      id: number;
      current: boolean;
    }[];
    expect(open.map((c) => [c.id, c.current]).sort()).toEqual(
      [
        [cart.id, false],
        [instore.id, true],
      ].sort(),
    );
    const reviewed = (await shop.request('/cli/ecommerce/cart/review', post({ cartId: cart.id, refresh: true }, token)))
      .body.data;
    expect(reviewed).toMatchObject({ id: cart.id, current: true });
  });

  it('delivers home only to the delivery towns (2222) and charges the delivery fee', async () => {
    const token = await shopper(shop, 'casa@example.it');
    const address = { address: 'Via Sparano', streetNumber: '10', city: 'Bari', county: 'BA', zip: '70121' };
    const bari = (await shop.request('/cli/profiles/addresses', post(address, token))).body.data[0].id;
    const altamura = (
      await shop.request('/cli/profiles/addresses', post({ ...address, city: 'Altamura', zip: '70022' }, token))
    ).body.data[1].id;
    expect(
      (await shop.request('/cli/ecommerce/cart/open', post({ deliveryMode: 'AT_HOME', addressId: altamura }, token)))
        .body.responseCode,
    ).toBe(2222);
    const { body } = await shop.request(
      '/cli/ecommerce/cart/open',
      post({ deliveryMode: 'AT_HOME', addressId: bari }, token),
    );
    expect(body.responseCode).toBe(0);
    const cart = cartSchema.parse(body.data);
    expect(cart.delivery.addressDescription).toBe('Via Sparano 10, Bari');
    const withItem = cartSchema.parse(
      (
        await shop.request(
          '/cli/ecommerce/cart/store',
          post({ cartId: cart.id, barcode: piece.barcode, amount: 2 }, token),
        )
      ).body.data.cart,
    );
    const fee = withItem.fees.find((f) => f.id === 'DELIVERY');
    expect(fee).toBeDefined();
    const fees = withItem.fees.reduce((sum, f) => sum + f.value, 0);
    expect(withItem.total).toBeCloseTo(withItem.netTotal + fees, 2);
  });

  it("refuses someone else's address for home delivery", async () => {
    const owner = await shopper(shop, 'owner.addr@example.it');
    const intruder = await shopper(shop, 'intruder.addr@example.it');
    const id = (
      await shop.request(
        '/cli/profiles/addresses',
        post({ address: 'Via Roma', streetNumber: '1', city: 'Bari', county: 'BA', zip: '70121' }, owner),
      )
    ).body.data[0].id;
    expect(
      (await shop.request('/cli/ecommerce/cart/open', post({ deliveryMode: 'AT_HOME', addressId: id }, intruder)))
        .status,
    ).toBe(403);
  });
});

describe('quantities and limits', () => {
  it('adds a piece item and a weighed item and totals them from current prices', async () => {
    const cart = await openDrive(anna);
    const first = await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: cart.id, barcode: piece.barcode, amount: 3, preview: false }, anna),
    );
    expect(first.body.data.updatedProduct).toMatchObject({ barcode: piece.barcode, um: 'PZ', amount: 3 });
    const weight = Math.round(weighed.step * 2 * 100) / 100;
    const second = await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: cart.id, barcode: weighed.barcode, weight }, anna),
    );
    const view = cartSchema.parse(second.body.data.cart);
    expect(view.itemsCount).toBe(2);
    expect(view.items.find((i) => i.barcode === piece.barcode)).toMatchObject({
      amount: 3,
      netPrice: 2.5,
      rowNetPrice: 7.5,
    });
    const expectedKg = Math.round(1290 * weight) / 100;
    expect(view.items.find((i) => i.barcode === weighed.barcode)).toMatchObject({
      weight,
      netPrice: 12.9,
      rowNetPrice: expectedKg,
    });
    expect(view.netTotal).toBeCloseTo(7.5 + expectedKg, 2);
    expect(view.fees.map((f) => f.id)).not.toContain('DELIVERY'); // pickup is free
    const bags = view.fees.filter((f) => f.id === 'BAGS').reduce((sum, f) => sum + f.value, 0);
    expect(view.total).toBeCloseTo(view.netTotal + bags, 2);
  });

  it('refuses fractional pieces, off-step weights and weights under the minimum with 400', async () => {
    const cart = await openDrive(anna);
    for (const body of [
      { barcode: piece.barcode, amount: 1.5 },
      { barcode: piece.barcode, amount: -1 },
      { barcode: weighed.barcode, weight: Math.round(weighed.step * 100 * 1.5) / 100 + 0.001 },
      { barcode: weighed.barcode, weight: 0.001 },
    ]) {
      const { status, body: answer } = await shop.request(
        '/cli/ecommerce/cart/store',
        post({ cartId: cart.id, ...body }, anna),
      );
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.responseCode).toBe(4000);
    }
  });

  it('stops at 30 pieces of one article (4034) and at 5 water packs (4038), charging packs beyond 2 at home', async () => {
    const cart = await openDrive(anna);
    expect(
      (
        await shop.request(
          '/cli/ecommerce/cart/store',
          post({ cartId: cart.id, barcode: piece.barcode, amount: 31 }, anna),
        )
      ).body,
    ).toEqual({ responseCode: 4034, errorMessage: 'Massima quantità acquistabile raggiunta.' });
    expect(
      (
        await shop.request(
          '/cli/ecommerce/cart/store',
          post({ cartId: cart.id, barcode: water.barcode, amount: 5 }, anna),
        )
      ).body.responseCode,
    ).toBe(0);
    const over = await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: cart.id, barcode: water.barcode, amount: 6 }, anna),
    );
    expect([4034, 4038]).toContain(over.body.responseCode);
  });

  it('counts water packs across rows and charges 0,50 € for each pack beyond the 2 included', async () => {
    const token = await shopper(shop, 'acqua@example.it');
    const address = (
      await shop.request(
        '/cli/profiles/addresses',
        post({ address: 'Corso Cavour', streetNumber: '5', city: 'Bari', county: 'BA', zip: '70122' }, token),
      )
    ).body.data[0].id;
    const cart = cartSchema.parse(
      (await shop.request('/cli/ecommerce/cart/open', post({ deliveryMode: 'AT_HOME', addressId: address }, token)))
        .body.data,
    );
    const other = await shop.handle.db
      .selectFrom('products')
      .select(['id', 'barcode'])
      .where('um', '=', 'PZ')
      .where('id', 'not in', [piece.id, water.id])
      .orderBy('id')
      .offset(5)
      .limit(1)
      .executeTakeFirstOrThrow();
    await shop.handle.db.updateTable('products').set({ water_pack: true }).where('id', '=', other.id).execute();
    await shop.handle.db
      .updateTable('store_products')
      .set({ available: true })
      .where('product_id', '=', other.id)
      .execute();
    await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: cart.id, barcode: water.barcode, amount: 3 }, token),
    );
    const four = cartSchema.parse(
      (
        await shop.request(
          '/cli/ecommerce/cart/store',
          post({ cartId: cart.id, barcode: other.barcode, amount: 1 }, token),
        )
      ).body.data.cart,
    );
    expect(four.fees.find((f) => f.id === 'WATER_PACKS')?.value).toBe(1);
    expect(
      (
        await shop.request(
          '/cli/ecommerce/cart/store',
          post({ cartId: cart.id, barcode: other.barcode, amount: 3 }, token),
        )
      ).body.responseCode,
    ).toBe(4038);
  });

  it('removes a row with amount 0 or with cart/delete', async () => {
    const token = await shopper(shop, 'togli@example.it');
    const cart = await openDrive(token);
    await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: cart.id, barcode: piece.barcode, amount: 2 }, token),
    );
    await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: cart.id, barcode: weighed.barcode, weight: weighed.step }, token),
    );
    const zero = cartSchema.parse(
      (
        await shop.request(
          '/cli/ecommerce/cart/store',
          post({ cartId: cart.id, barcode: piece.barcode, amount: 0 }, token),
        )
      ).body.data.cart,
    );
    expect(zero.items.map((i) => i.barcode)).toEqual([weighed.barcode]);
    const deleted = cartSchema.parse(
      (
        await shop.request(
          '/cli/ecommerce/cart/delete',
          post({ cartId: cart.id, barcode: weighed.barcode, preview: false }, token),
        )
      ).body.data,
    );
    expect(deleted.items).toEqual([]);
  });

  it('answers 4030 for an unknown product and 4031 for one the store does not sell', async () => {
    const cart = await openDrive(anna);
    expect(
      (
        await shop.request(
          '/cli/ecommerce/cart/store',
          post({ cartId: cart.id, barcode: '8000000000000', amount: 1 }, anna),
        )
      ).body.responseCode,
    ).toBe(4030);
    await shop.handle.db
      .updateTable('store_products')
      .set({ available: false })
      .where('store_id', '=', 1109)
      .where('product_id', '=', water.id)
      .execute();
    expect(
      (
        await shop.request(
          '/cli/ecommerce/cart/store',
          post({ cartId: cart.id, barcode: water.barcode, amount: 1 }, anna),
        )
      ).body.responseCode,
    ).toBe(4031);
    await shop.handle.db
      .updateTable('store_products')
      .set({ available: true })
      .where('store_id', '=', 1109)
      .where('product_id', '=', water.id)
      .execute();
  });
});

describe('booking checks', () => {
  it('refuses below the minimum with the documented message, then passes, then reports a price change with 4105', async () => {
    const token = await shopper(shop, 'prenota@example.it');
    const cart = await openDrive(token);
    await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: cart.id, barcode: piece.barcode, amount: 2 }, token),
    );
    const low = await shop.request('/cli/ecommerce/cart/freeze/check', post({ cartId: cart.id, preview: true }, token));
    expect(low.body).toEqual({ responseCode: 4208, errorMessage: "l'importo minimo per prenotare è: 25,00€" });
    await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: cart.id, barcode: piece.barcode, amount: 12 }, token),
    );
    expect(
      (await shop.request('/cli/ecommerce/cart/freeze/check', post({ cartId: cart.id }, token))).body.responseCode,
    ).toBe(0);

    await shop.handle.db
      .updateTable('store_products')
      .set({ price_cents: 275 })
      .where('store_id', '=', 1109)
      .where('product_id', '=', piece.id)
      .execute();
    const changed = await shop.request('/cli/ecommerce/cart/freeze/check', post({ cartId: cart.id }, token));
    expect(changed.body.responseCode).toBe(4105);
    expect(changed.body.data.updated).toEqual([expect.objectContaining({ barcode: piece.barcode, netPrice: 2.75 })]);
    expect(changed.body.data.removed).toEqual([]);
    expect(
      (await shop.request('/cli/ecommerce/cart/freeze/check', post({ cartId: cart.id }, token))).body.responseCode,
    ).toBe(0);
    await shop.handle.db
      .updateTable('store_products')
      .set({ price_cents: 250 })
      .where('store_id', '=', 1109)
      .where('product_id', '=', piece.id)
      .execute();
  });

  it('closes a cart whose store stopped serving its mode and moves its products to a list (4008)', async () => {
    const token = await shopper(shop, 'chiuso@example.it');
    const store = await shop.handle.db
      .selectFrom('store_delivery_modes')
      .select('store_id')
      .where('delivery_mode', '=', 'DRIVE')
      .where('store_id', '!=', 1109)
      .orderBy('store_id')
      .executeTakeFirstOrThrow();
    const cart = await openDrive(token, store.store_id);
    await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: cart.id, barcode: piece.barcode, amount: 2 }, token),
    );
    await shop.handle.db
      .deleteFrom('store_delivery_modes')
      .where('store_id', '=', store.store_id)
      .where('delivery_mode', '=', 'DRIVE')
      .execute();
    const current = await shop.request('/cli/ecommerce/cart/current', bearer(token));
    expect(current.body.responseCode).toBe(4008);
    const lists = (await shop.request('/cli/slists', bearer(token))).body.data as {
      title: string;
      items: { barcode: string; amount: number }[];
    }[];
    expect(lists.some((l) => l.items.some((i) => i.barcode === piece.barcode && i.amount === 2))).toBe(true);
    expect((await shop.request('/cli/ecommerce/cart/current', bearer(token))).body).toEqual({
      responseCode: 0,
      data: null,
    });
  });
});

describe('one cart, many writers', () => {
  it('keeps every one of 20 parallel writes with exact totals', async () => {
    const token = await shopper(shop, 'parallelo@example.it');
    const cart = await openDrive(token);
    const products = await shop.handle.db
      .selectFrom('products as p')
      .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
      .select(['p.barcode', 'p.id'])
      .where('sp.store_id', '=', 1109)
      .where('sp.available', '=', true)
      .where('p.um', '=', 'PZ')
      .where('p.water_pack', '=', false)
      .orderBy('p.id')
      .offset(10)
      .limit(20)
      .execute();
    await shop.handle.db
      .updateTable('store_products')
      .set({ price_cents: 100 })
      .where('store_id', '=', 1109)
      .where(
        'product_id',
        'in',
        products.map((p) => p.id),
      )
      .execute();
    await shop.handle.db
      .deleteFrom('promotions')
      .where(
        'product_id',
        'in',
        products.map((p) => p.id),
      )
      .execute();
    const answers = await Promise.all(
      products.map((p, i) =>
        shop.request(
          '/cli/ecommerce/cart/store',
          post({ cartId: cart.id, barcode: p.barcode, amount: (i % 3) + 1 }, token),
        ),
      ),
    );
    expect(answers.every((a) => a.body.responseCode === 0)).toBe(true);
    const final = cartSchema.parse((await shop.request('/cli/ecommerce/cart/current', bearer(token))).body.data);
    expect(final.itemsCount).toBe(20);
    // Every write locks the cart before its row gets an id, so ids follow the order the writes were made in:
    // each answer shows its own row and every row written before it, each with the amount it was given.
    const given = new Map(products.map((p, i) => [p.barcode, (i % 3) + 1]));
    for (const [i, answer] of answers.entries()) {
      const view = cartSchema.parse(answer.body.data.cart);
      const own = view.items.find((item) => item.barcode === products[i]!.barcode);
      expect(own?.amount).toBe(given.get(products[i]!.barcode));
      const before = final.items.filter((item) => item.id <= own!.id);
      expect(view.items.filter((item) => item.id <= own!.id)).toEqual(before);
      expect(view.netTotal).toBe(view.items.reduce((sum, item) => sum + item.rowNetPrice, 0));
    }
    const expected = products.reduce((sum, _p, i) => sum + (i % 3) + 1, 0);
    expect(final.netTotal).toBe(expected);
  });
});

describe('a cart that changes while a write is checked', () => {
  it("makes the write in the store the cart has moved to, at that store's price", async () => {
    const token = await shopper(shop, 'spostato@example.it');
    const cart = await openDrive(token);
    const db = shop.handle.db;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'spostato@example.it')
      .executeTakeFirstOrThrow();
    const other = await db
      .selectFrom('store_products')
      .select('store_id')
      .where('product_id', '=', piece.id)
      .where('store_id', '<>', 1109)
      .where('available', '=', true)
      .orderBy('store_id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('store_products')
      .set({ price_cents: 310 })
      .where('store_id', '=', other.store_id)
      .where('product_id', '=', piece.id)
      .execute();
    await db.deleteFrom('promotions').where('product_id', '=', piece.id).execute();
    // Right after storeItem has read the cart (in store 1109), the cart moves to the other store.
    let moved = false;
    const racing = db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (!moved) {
          moved = true;
          await db.updateTable('carts').set({ store_id: other.store_id }).where('id', '=', cart.id).execute();
        }
        return args.result;
      },
    });
    const answer = await storeItem(racing, user.id, { cartId: cart.id, barcode: piece.barcode, amount: 2 });
    expect(moved).toBe(true);
    expect(answer.cart.storeId).toBe(other.store_id);
    expect(answer.cart.items.map((i) => [i.barcode, i.amount, i.netPrice])).toEqual([[piece.barcode, 2, 3.1]]);
    const row = await db
      .selectFrom('cart_items')
      .select(['price_cents', 'amount'])
      .where('cart_id', '=', cart.id)
      .executeTakeFirstOrThrow();
    expect([row.price_cents, Number(row.amount)]).toEqual([310, 2]);
  });
});

describe("another customer's cart", () => {
  it('gives no data and changes nothing', async () => {
    const owner = await shopper(shop, 'owner.cart@example.it');
    const intruder = await shopper(shop, 'intruder.cart@example.it');
    const cart = await openDrive(owner);
    await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: cart.id, barcode: piece.barcode, amount: 2 }, owner),
    );
    const attempts: [string, unknown][] = [
      ['/cli/ecommerce/cart/store', { cartId: cart.id, barcode: piece.barcode, amount: 9 }],
      ['/cli/ecommerce/cart/delete', { cartId: cart.id, barcode: piece.barcode }],
      ['/cli/ecommerce/cart/review', { cartId: cart.id }],
      ['/cli/ecommerce/cart/abort', { cartId: cart.id }],
      ['/cli/ecommerce/cart/move', { cartId: cart.id, storeId: 1109 }],
      ['/cli/ecommerce/cart/freeze/check', { cartId: cart.id }],
    ];
    for (const [path, body] of attempts) {
      const answer = await shop.request(path, post(body, intruder));
      expect(answer.status, path).toBe(403);
      expect(JSON.stringify(answer.body)).not.toContain(piece.barcode);
    }
    const mine = cartSchema.parse((await shop.request('/cli/ecommerce/cart/current', bearer(owner))).body.data);
    expect(mine.items).toEqual([expect.objectContaining({ barcode: piece.barcode, amount: 2 })]);
  });

  it('needs a login: 401 without a token', async () => {
    expect((await shop.request('/cli/ecommerce/cart/current')).status).toBe(401);
  });
});
