// A delivery mode is offered only where it can be paid for (docs/product.md §7 allowed
// payment modes per mode and store, §9 card payments off by default): the
// cooperative's shipping is paid by card only, so with card payments off it
// is offered nowhere, and a shipping cart left from before is closed into a
// list (4008) with its products.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema } from '#src/shared/contract/cart.ts';
import { createTestShop } from './harness.ts';
import { bearer, post, shopper } from './shoppers.ts';

type Shop = Awaited<ReturnType<typeof createTestShop>>;
let off: Shop;
let on: Shop;

beforeAll(async () => {
  [off, on] = await Promise.all([
    createTestShop({ products: 100, env: { ENABLED_PAYMENTS: 'false' } }),
    createTestShop({ products: 100, env: { ENABLED_PAYMENTS: 'true' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([off?.close(), on?.close()]);
});

const bari = { address: 'Via Sparano', streetNumber: '10', city: 'Bari', county: 'BA', zip: '70121' };

async function shopperWithAddress(shop: Shop, email: string) {
  const token = await shopper(shop, email);
  const addressId = (await shop.request('/cli/profiles/addresses', post(bari, token))).body.data[0].id as number;
  return { token, addressId };
}

async function aPiece(shop: Shop, storeId: number) {
  return shop.handle.db
    .selectFrom('products as p')
    .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
    .select(['p.barcode', 'p.id'])
    .where('sp.store_id', '=', storeId)
    .where('sp.available', '=', true)
    .where('p.um', '=', 'PZ')
    .where('p.water_pack', '=', false)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
}

describe('with card payments off (the default)', () => {
  it('does not offer shipping, which has no payment mode, and offers the other modes', async () => {
    expect((await off.request('/cli/ecommerce/configuration/deliveryMode/SHIPPED?storeId=1109')).body.data).toEqual([]);
    const { body } = await off.request('/cli/ecommerce/deliveries');
    expect(body.data).toEqual([
      { id: 'IN_STORE', description: 'Ritiro in negozio' },
      { id: 'DRIVE', description: 'Ritiro drive' },
      { id: 'AT_HOME', description: 'Consegna a domicilio' },
    ]);
    expect((await off.request('/cli/stores/ecommerce/delivery?delivery=SHIPPED')).body.data).toEqual([]);
    expect(
      (await off.request('/cli/stores/ecommerce/delivery?delivery=IN_STORE')).body.data.map(
        (s: { id: number }) => s.id,
      ),
    ).toContain(1109);
  });

  it("does not list shipping among a store's modes on the store page, the locator or the built store pages", async () => {
    // The locator and the static /app/stores/<id> pages read these answers (the pages at build time, under the same flags).
    expect((await off.request('/cli/stores/ecommerce/1109')).body.data.deliveryModes).toEqual([
      'IN_STORE',
      'DRIVE',
      'AT_HOME',
    ]);
    const page = (await off.request('/cli/stores/ecommerce?s=50')).body.data.data as { deliveryModes: string[] }[];
    expect(page.length).toBeGreaterThan(1);
    for (const store of page) expect(store.deliveryModes).not.toContain('SHIPPED');
  });

  it('refuses a shipping cart (4209) and opens none', async () => {
    const { token, addressId } = await shopperWithAddress(off, 'spedizione.off@example.it');
    const { body } = await off.request('/cli/ecommerce/cart/open', post({ deliveryMode: 'SHIPPED', addressId }, token));
    expect(body).toEqual({
      responseCode: 4209,
      errorMessage: 'Il punto vendita scelto non offre questa modalità di consegna.',
    });
    expect((await off.request('/cli/ecommerce/carts/open', bearer(token))).body.data).toEqual([]);
    const home = await off.request('/cli/ecommerce/cart/open', post({ deliveryMode: 'AT_HOME', addressId }, token));
    expect(home.body.responseCode).toBe(0);
  });

  it('closes a shipping cart opened while card payments were on into a shopping list, saying so (4008)', async () => {
    const { token, addressId } = await shopperWithAddress(off, 'spedizione.vecchia@example.it');
    const { userId } = await off.handle.db
      .selectFrom('addresses')
      .select('user_id as userId')
      .where('id', '=', addressId)
      .executeTakeFirstOrThrow();
    const piece = await aPiece(off, 1109);
    const cart = await off.handle.db
      .insertInto('carts')
      .values({
        user_id: userId,
        store_id: 1109,
        delivery_mode: 'SHIPPED',
        address_id: addressId,
        title: null,
        terminal_type: 'WEB',
        terminal_id: null,
        is_current: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await off.handle.db
      .insertInto('cart_items')
      .values({ cart_id: cart.id, product_id: piece.id, amount: 2, weight: null, price_cents: 100 })
      .execute();
    const { body } = await off.request('/cli/ecommerce/cart/current', bearer(token));
    expect(body).toMatchObject({
      responseCode: 4008,
      errorMessage: 'Il carrello è stato chiuso e i prodotti sono stati spostati nella lista della spesa.',
      data: { smartListId: expect.any(Number) },
    });
    const list = (await off.request(`/cli/slists/${body.data.smartListId}`, bearer(token))).body.data;
    expect(list.items).toEqual([expect.objectContaining({ barcode: piece.barcode, amount: 2 })]);
    expect((await off.request('/cli/ecommerce/cart/current', bearer(token))).body).toEqual({
      responseCode: 0,
      data: null,
    });
  });
});

describe('with card payments on', () => {
  it('offers shipping, paid by card, and opens a shipping cart', async () => {
    expect((await on.request('/cli/ecommerce/configuration/deliveryMode/SHIPPED?storeId=1109')).body.data).toEqual([
      'XPAY',
    ]);
    expect((await on.request('/cli/ecommerce/deliveries')).body.data.map((m: { id: string }) => m.id)).toEqual([
      'IN_STORE',
      'DRIVE',
      'AT_HOME',
      'SHIPPED',
    ]);
    expect((await on.request('/cli/stores/ecommerce/1109')).body.data.deliveryModes).toEqual([
      'IN_STORE',
      'DRIVE',
      'AT_HOME',
      'SHIPPED',
    ]);
    const { token, addressId } = await shopperWithAddress(on, 'spedizione.on@example.it');
    const { body } = await on.request('/cli/ecommerce/cart/open', post({ deliveryMode: 'SHIPPED', addressId }, token));
    expect(body.responseCode).toBe(0);
    expect(cartSchema.parse(body.data)).toMatchObject({ deliveryMode: 'SHIPPED', storeId: 1109 });
    expect((await on.request('/cli/ecommerce/cart/current', bearer(token))).body.data).toMatchObject({
      deliveryMode: 'SHIPPED',
    });
  });
});
