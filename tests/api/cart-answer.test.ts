// A cart write answers the whole cart with each row's JSON kept from the write
// before (services/cart-answer.ts). Whatever a shopper does to the cart, the
// answer must be the cart as it is: every field of every row, in order, as
// the cart itself answers it when read, and the same JSON text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema } from '#src/shared/contract/cart.ts';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { createTestShop } from './harness.ts';
import { bearer, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
const feed = generateCatalogue({ products: 200 });
let pieces: string[];
let weighed: string;

beforeAll(async () => {
  shop = await createTestShop({ products: 200 });
  const sold = new Set(feed.prices.filter((p) => p.storeId === 1109 && p.available !== false).map((p) => p.barcode));
  pieces = feed.products
    .filter((p) => p.um === 'PZ' && !p.waterPack && sold.has(p.barcode))
    .map((p) => p.barcode)
    .slice(0, 5);
  weighed = feed.products.find((p) => p.um === 'KG' && sold.has(p.barcode))!.barcode;
});
afterAll(() => shop.close());

/** A new shopper with an open DRIVE cart in store 1109. */
async function openCart(email: string): Promise<{ token: string; cartId: number }> {
  const token = await shopper(shop, email);
  const opened = await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'DRIVE' }, token));
  return { token, cartId: cartSchema.parse(opened.body.data).id };
}

describe('the answer of a cart write', () => {
  it('is the cart as read right after, write after write: added, changed, set back, removed, weighed', async () => {
    const { token, cartId } = await openCart('answer.rows@example.it');
    const [a, b, c, d, e] = pieces as [string, string, string, string, string];
    const writes: Record<string, unknown>[] = [
      { barcode: a, amount: 1 },
      { barcode: b, amount: 2 },
      { barcode: c, amount: 1 },
      { barcode: b, amount: 3 },
      { barcode: b, amount: 2 },
      { barcode: a, amount: 1 },
      { barcode: weighed, weight: 0.5 },
      { barcode: c, amount: 0 },
      { barcode: d, amount: 4 },
      { barcode: weighed, weight: 1 },
      { barcode: c, amount: 2 },
      { barcode: e, amount: 1 },
    ];
    for (const write of writes) {
      const response = await shop.request('/cli/ecommerce/cart/store', post({ cartId, ...write }, token));
      expect(response.status).toBe(200);
      expect(response.body.responseCode).toBe(0);
      const current = await shop.request('/cli/ecommerce/cart/current', bearer(token));
      expect(response.body.data.cart, JSON.stringify(write)).toEqual(current.body.data);
      expect(JSON.stringify(response.body.data.cart)).toBe(JSON.stringify(current.body.data));
      const written = cartSchema.parse(response.body.data.cart).items.find((i) => i.barcode === write['barcode']);
      expect(written?.amount ?? written?.weight ?? 0).toBe(write['amount'] ?? write['weight']);
    }
    expect(
      cartSchema.parse((await shop.request('/cli/ecommerce/cart/current', bearer(token))).body.data).items,
    ).toHaveLength(6);
  });

  it('shows each shopper their own row of a product that is in both their carts', async () => {
    const [x, y, z] = pieces as [string, string, string];
    const one = await openCart('answer.one@example.it');
    const two = await openCart('answer.two@example.it');
    const write = async (who: typeof one, barcode: string, amount: number) =>
      cartSchema.parse(
        (await shop.request('/cli/ecommerce/cart/store', post({ cartId: who.cartId, barcode, amount }, who.token))).body
          .data.cart,
      );
    await write(one, x, 2);
    await write(one, y, 1);
    await write(two, x, 5);
    await write(two, z, 1);
    const mine = await write(one, y, 3);
    const theirs = await write(two, z, 2);
    expect(mine.items.map((i) => [i.barcode, i.amount])).toEqual([
      [x, 2],
      [y, 3],
    ]);
    expect(theirs.items.map((i) => [i.barcode, i.amount])).toEqual([
      [x, 5],
      [z, 2],
    ]);
    expect(mine.items[0]!.id).not.toBe(theirs.items[0]!.id);
    expect(mine.netTotal).not.toBe(theirs.netTotal);
  });

  it('says it is JSON, with the updated product beside the cart', async () => {
    const { token, cartId } = await openCart('answer.type@example.it');
    const answer = await shop.app.request(
      '/cli/ecommerce/cart/store',
      post({ cartId, barcode: pieces[0], amount: 2 }, token),
    );
    expect(answer.headers.get('Content-Type')).toMatch(/^application\/json/);
    const body = JSON.parse(await answer.text());
    expect(body.data.updatedProduct).toMatchObject({ barcode: pieces[0], amount: 2 });
    expect(Object.keys(body)).toEqual(['responseCode', 'data']);
    expect(Object.keys(body.data)).toEqual(['cart', 'updatedProduct']);
  });
});
