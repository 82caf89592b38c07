// What the next cart starts from (docs/product.md §4 Next cart) and the store chooser's stores by
// distance (docs/product.md §2 /cart/create), as a caller sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastChoice } from '#src/shared/contract/cart.ts';
import { storeList } from '#src/shared/contract/stores.ts';
import { createTestShop } from './harness.ts';
import { bearer, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;

beforeAll(async () => {
  shop = await createTestShop({ products: 50 });
});
afterAll(() => shop.close());

const BARI = { lat: '41.11710', lon: '16.87190' };

async function last(token: string) {
  const { body } = await shop.request('/cli/ecommerce/cart/last-choice', bearer(token));
  expect(body.responseCode).toBe(0);
  return lastChoice.nullable().parse(body.data);
}

describe('the next cart', () => {
  it('starts from the mode and store of the latest cart, still there after the cart is gone', async () => {
    const token = await shopper(shop, 'prossimo.carrello@example.it');
    expect(await last(token)).toBeNull();
    const drive = (
      await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1101, deliveryMode: 'DRIVE' }, token))
    ).body.data as { id: number };
    await shop.request('/cli/ecommerce/cart/abort', post({ cartId: drive.id }, token));
    expect((await shop.request('/cli/ecommerce/cart/current', bearer(token))).body.data).toBeNull();
    expect(await last(token)).toEqual({ deliveryMode: 'DRIVE', storeId: 1101, addressId: null });
    await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token));
    expect(await last(token)).toEqual({ deliveryMode: 'IN_STORE', storeId: 1109, addressId: null });
  });

  it('is the shopper’s own, and asks for a login', async () => {
    const other = await shopper(shop, 'altro.carrello@example.it');
    expect(await last(other)).toBeNull();
    expect((await shop.request('/cli/ecommerce/cart/last-choice')).status).toBe(401);
  });
});

describe('the stores offering a mode', () => {
  it('come by name, or with a position from the nearest, with their distance', async () => {
    const byName = storeList.parse((await shop.request('/cli/stores/ecommerce/delivery?delivery=IN_STORE')).body.data);
    expect(byName.map((s) => s.name)).toEqual([...byName.map((s) => s.name)].sort((a, b) => a.localeCompare(b)));
    expect(byName.every((s) => s.distance === null)).toBe(true);
    const near = storeList.parse(
      (await shop.request(`/cli/stores/ecommerce/delivery?delivery=IN_STORE&lat=${BARI.lat}&lon=${BARI.lon}`)).body
        .data,
    );
    expect(near.map((s) => s.id).sort()).toEqual(byName.map((s) => s.id).sort());
    const distances = near.map((s) => s.distance as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(near[0]!.name).toBe('Bari Poggiofranco');
  });

  it('refuses a latitude without a longitude', async () => {
    const { status, body } = await shop.request(`/cli/stores/ecommerce/delivery?delivery=IN_STORE&lat=${BARI.lat}`);
    expect(status).toBe(400);
    expect(body.responseCode).toBe(4000);
  });
});
