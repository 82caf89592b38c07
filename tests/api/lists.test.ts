// Shopping lists and favourites as a shopper uses them (docs/product.md §7 Lists, §8 2035).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { shoppingList } from '#src/shared/contract/lists.ts';
import { createTestShop } from './harness.ts';
import { bearer, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
let products: { barcode: string; id: number }[];

beforeAll(async () => {
  shop = await createTestShop({ products: 200 });
  products = await shop.handle.db
    .selectFrom('products as p')
    .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
    .select(['p.barcode', 'p.id'])
    .where('sp.store_id', '=', 1109)
    .where('sp.available', '=', true)
    .where('p.um', '=', 'PZ')
    .where('p.water_pack', '=', false)
    .orderBy('p.id')
    .limit(3)
    .execute();
});
afterAll(() => shop.close());

const lists = (body: { data: unknown }) => shoppingList.array().parse(body.data);

describe('shopping lists', () => {
  it('starts with one list and never lets the last one go (2035)', async () => {
    const token = await shopper(shop, 'liste@example.it');
    const [only] = lists((await shop.request('/cli/slists', bearer(token))).body);
    expect(only).toMatchObject({ title: 'La mia lista', itemsCount: 0 });
    expect((await shop.request('/cli/slists/delete', post({ id: only!.id }, token))).body).toEqual({
      responseCode: 2035,
      errorMessage: "Non puoi eliminare l'ultima lista della spesa.",
    });
  });

  it('creates, renames, copies and deletes lists', async () => {
    const token = await shopper(shop, 'liste2@example.it');
    const created = lists((await shop.request('/cli/slists/create', post({ title: 'Grigliata' }, token))).body);
    const grill = created.find((l) => l.title === 'Grigliata')!;
    await shop.request(
      '/cli/slists/items/create',
      post({ id: grill.id, barcode: products[0]!.barcode, amount: 2 }, token),
    );
    const renamed = lists(
      (await shop.request('/cli/slists/rename', post({ id: grill.id, title: 'Grigliata di Ferragosto' }, token))).body,
    );
    expect(renamed.map((l) => l.title)).toContain('Grigliata di Ferragosto');
    const copied = lists(
      (await shop.request('/cli/slists/copy', post({ id: grill.id, title: 'Grigliata bis' }, token))).body,
    );
    expect(copied.find((l) => l.title === 'Grigliata bis')?.items).toEqual([
      expect.objectContaining({ barcode: products[0]!.barcode, amount: 2 }),
    ]);
    const after = lists((await shop.request('/cli/slists/delete', post({ id: grill.id }, token))).body);
    expect(after.map((l) => l.title)).not.toContain('Grigliata di Ferragosto');
    expect((await shop.request('/cli/slists/create', post({ title: '   ' }, token))).status).toBe(400);
  });

  it('keeps products and custom items with amounts of at least 1', async () => {
    const token = await shopper(shop, 'liste3@example.it');
    const [list] = lists((await shop.request('/cli/slists', bearer(token))).body);
    const custom = await shop.request(
      '/cli/slists/items/create',
      post({ id: list!.id, type: 'CUSTOM', description: 'Pane di Altamura' }, token),
    );
    const item = shoppingList.parse(custom.body.data).items[0]!;
    expect(item).toMatchObject({ type: 'CUSTOM', description: 'Pane di Altamura', amount: 1, barcode: null });
    expect(
      (await shop.request('/cli/slists/items/create', post({ id: list!.id, type: 'CUSTOM', description: 'Pa' }, token)))
        .status,
    ).toBe(400);
    expect(
      (await shop.request('/cli/slists/items/update', post({ id: list!.id, itemId: item.id, amount: 0 }, token)))
        .status,
    ).toBe(400);
    const updated = shoppingList.parse(
      (await shop.request('/cli/slists/items/update', post({ id: list!.id, itemId: item.id, amount: 3 }, token))).body
        .data,
    );
    expect(updated.items[0]!.amount).toBe(3);
    const removed = shoppingList.parse(
      (await shop.request('/cli/slists/items/delete', post({ id: list!.id, itemId: item.id }, token))).body.data,
    );
    expect(removed.items).toEqual([]);
  });

  it('adds a whole list to the cart and names the custom items it could not add', async () => {
    const token = await shopper(shop, 'liste4@example.it');
    const [list] = lists((await shop.request('/cli/slists', bearer(token))).body);
    await shop.request(
      '/cli/slists/items/create',
      post({ id: list!.id, barcode: products[1]!.barcode, amount: 2 }, token),
    );
    await shop.request(
      '/cli/slists/items/create',
      post({ id: list!.id, type: 'CUSTOM', description: 'Fiori per la nonna' }, token),
    );
    expect(
      (await shop.request('/cli/ecommerce/cart/list', post({ smartListId: list!.id }, token))).body.responseCode,
    ).toBe(4004);
    await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token));
    const { body } = await shop.request('/cli/ecommerce/cart/list', post({ smartListId: list!.id }, token));
    expect(body.responseCode).toBe(0);
    expect(body.data.items).toEqual([expect.objectContaining({ barcode: products[1]!.barcode, amount: 2 })]);
    expect(body.data.notAdded).toEqual([
      { description: 'Fiori per la nonna', reason: 'Voce personalizzata: cercala tra i prodotti' },
    ]);
  });

  it('keeps the meaning of a weighed row: 2 in the list (shown in kg) is 2 kg in the cart', async () => {
    const weighed = await shop.handle.db
      .selectFrom('products as p')
      .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
      .select(['p.barcode', 'p.um_step', 'p.min_weight'])
      .where('sp.store_id', '=', 1109)
      .where('sp.available', '=', true)
      .where('p.um', '=', 'KG')
      .where('p.um_step', '<', 1)
      .where(sql<boolean>`mod(2, p.um_step) = 0`)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const token = await shopper(shop, 'liste.kg@example.it');
    const [list] = lists((await shop.request('/cli/slists', bearer(token))).body);
    const withRow = shoppingList.parse(
      (
        await shop.request(
          '/cli/slists/items/create',
          post({ id: list!.id, barcode: weighed.barcode, amount: 2 }, token),
        )
      ).body.data,
    );
    expect(withRow.items).toEqual([expect.objectContaining({ barcode: weighed.barcode, amount: 2, um: 'KG' })]);
    await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token));
    const { body } = await shop.request('/cli/ecommerce/cart/list', post({ smartListId: list!.id }, token));
    expect(body.responseCode).toBe(0);
    expect(body.data.items).toEqual([expect.objectContaining({ barcode: weighed.barcode, weight: 2 })]);
    expect(body.data.notAdded).toEqual([]);
  });

  it('says which rows went over a limit instead of dropping them silently', async () => {
    // Two water products of 3 packs each: the second goes over the 5 packs of an order (docs/product.md §9).
    const [water, moreWater] = await shop.handle.db
      .selectFrom('products as p')
      .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
      .select(['p.barcode', 'p.description'])
      .where('sp.store_id', '=', 1109)
      .where('sp.available', '=', true)
      .where('p.water_pack', '=', true)
      .where((eb) => eb.or([eb('p.max_amount', 'is', null), eb('p.max_amount', '>=', 3)]))
      .orderBy('p.id')
      .limit(2)
      .execute();
    const token = await shopper(shop, 'liste.limiti@example.it');
    const [list] = lists((await shop.request('/cli/slists', bearer(token))).body);
    const many = shoppingList.parse(
      (
        await shop.request(
          '/cli/slists/items/create',
          post({ id: list!.id, barcode: products[0]!.barcode, amount: 31 }, token),
        )
      ).body.data,
    ).items[0]!;
    await shop.request('/cli/slists/items/create', post({ id: list!.id, barcode: water!.barcode, amount: 3 }, token));
    await shop.request(
      '/cli/slists/items/create',
      post({ id: list!.id, barcode: moreWater!.barcode, amount: 3 }, token),
    );
    await shop.request(
      '/cli/slists/items/create',
      post({ id: list!.id, barcode: products[2]!.barcode, amount: 1 }, token),
    );
    await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token));
    const { body } = await shop.request('/cli/ecommerce/cart/list', post({ smartListId: list!.id }, token));
    expect(body.responseCode).toBe(0);
    expect(body.data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ barcode: water!.barcode, amount: 3 }),
        expect.objectContaining({ barcode: products[2]!.barcode, amount: 1 }),
      ]),
    );
    expect(body.data.items).toHaveLength(2);
    expect(body.data.notAdded).toEqual([
      { description: many.description, reason: 'Supera la quantità massima acquistabile (30 pezzi)' },
      { description: moreWater!.description, reason: "Supera il limite di 5 confezioni d'acqua per ordine" },
    ]);
  });

  it("names a product the cart's store cannot sell now 'Momentaneamente non disponibile', as the booking check does", async () => {
    const [sold, soldOut] = await shop.handle.db
      .selectFrom('products as p')
      .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
      .select(['p.id', 'p.barcode', 'p.description'])
      .where('sp.store_id', '=', 1109)
      .where('sp.available', '=', true)
      .where('p.um', '=', 'PZ')
      .where('p.water_pack', '=', false)
      .orderBy('p.id', 'desc')
      .limit(2)
      .execute();
    const token = await shopper(shop, 'liste.esaurito@example.it');
    const [list] = lists((await shop.request('/cli/slists', bearer(token))).body);
    for (const product of [sold!, soldOut!])
      await shop.request(
        '/cli/slists/items/create',
        post({ id: list!.id, barcode: product.barcode, amount: 1 }, token),
      );
    await shop.handle.db
      .updateTable('store_products')
      .set({ available: false })
      .where('store_id', '=', 1109)
      .where('product_id', '=', soldOut!.id)
      .execute();
    try {
      await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token));
      const { body } = await shop.request('/cli/ecommerce/cart/list', post({ smartListId: list!.id }, token));
      expect(body.responseCode).toBe(0);
      expect(body.data.items).toEqual([expect.objectContaining({ barcode: sold!.barcode, amount: 1 })]);
      expect(body.data.notAdded).toEqual([
        { description: soldOut!.description, reason: 'Momentaneamente non disponibile' },
      ]);
    } finally {
      await shop.handle.db
        .updateTable('store_products')
        .set({ available: true })
        .where('store_id', '=', 1109)
        .where('product_id', '=', soldOut!.id)
        .execute();
    }
  });

  it("never shows or changes another customer's list", async () => {
    const owner = await shopper(shop, 'owner.list@example.it');
    const intruder = await shopper(shop, 'intruder.list@example.it');
    const [list] = lists((await shop.request('/cli/slists', bearer(owner))).body);
    await shop.request(
      '/cli/slists/items/create',
      post({ id: list!.id, barcode: products[2]!.barcode, amount: 1 }, owner),
    );
    const itemId = shoppingList.parse((await shop.request(`/cli/slists/${list!.id}`, bearer(owner))).body.data)
      .items[0]!.id;
    expect((await shop.request(`/cli/slists/${list!.id}`, bearer(intruder))).status).toBe(403);
    for (const [path, body] of [
      ['/cli/slists/rename', { id: list!.id, title: 'presa' }],
      ['/cli/slists/copy', { id: list!.id, title: 'copia' }],
      ['/cli/slists/delete', { id: list!.id }],
      ['/cli/slists/items/create', { id: list!.id, type: 'CUSTOM', description: 'intruso' }],
      ['/cli/slists/items/update', { id: list!.id, itemId, amount: 9 }],
      ['/cli/slists/items/delete', { id: list!.id, itemId }],
      ['/cli/ecommerce/cart/list', { smartListId: list!.id }],
    ] as const) {
      expect((await shop.request(path, post(body, intruder))).status, path).toBe(403);
    }
    const mine = shoppingList.parse((await shop.request(`/cli/slists/${list!.id}`, bearer(owner))).body.data);
    expect(mine).toMatchObject({ title: 'La mia lista', items: [expect.objectContaining({ amount: 1 })] });
  });
});

describe('favourites', () => {
  it('adds, lists and removes favourites for the logged-in shopper only', async () => {
    const token = await shopper(shop, 'preferiti@example.it');
    const other = await shopper(shop, 'preferiti2@example.it');
    const added = await shop.request(
      '/cli/slists/products/favorite/add',
      post({ barcode: products[0]!.barcode }, token),
    );
    expect(added.body.data).toEqual([expect.objectContaining({ barcode: products[0]!.barcode })]);
    expect((await shop.request('/cli/slists/products/favorite/all', bearer(other))).body.data).toEqual([]);
    expect(
      (await shop.request('/cli/slists/products/favorite/delete', post({ barcode: products[0]!.barcode }, token))).body
        .data,
    ).toEqual([]);
    expect(
      (await shop.request('/cli/slists/products/favorite/add', post({ barcode: '8000000000000' }, token))).body
        .responseCode,
    ).toBe(4030);
    expect((await shop.request('/cli/slists/products/favorite/all')).status).toBe(401);
  });
});
