// A named substitute carries its price as the shopper sees it in the store: its promotion included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema } from '#src/shared/contract/cart.ts';
import { createTestShop } from './harness.ts';
import { plainPiece, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
beforeAll(async () => {
  shop = await createTestShop({ products: 200 });
});
afterAll(() => shop.close());

describe('a named substitute', () => {
  it('is priced at its promotional price, as the catalogue search lists it', async () => {
    const listed = (await shop.request('/cli/ecommerce/products/1109/?s=100&p=0&onlyPromotions=true')).body.data
      .data as {
      barcode: string;
      price: number;
      netPrice: number;
      available: boolean;
    }[];
    const promoted = listed.find((p) => p.available && p.netPrice < p.price)!;
    expect(promoted, 'a product on promotion in store 1109').toBeDefined();
    const piece = await plainPiece(shop);
    const token = await shopper(shop, 'promo.sostituto@example.it');
    const cart = cartSchema.parse(
      (await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token))).body
        .data,
    );
    const stored = await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: cart.id, barcode: piece.barcode, amount: 2 }, token),
    );
    const item = cartSchema.parse(stored.body.data.cart).items[0]!;
    const set = await shop.request(
      '/cli/ecommerce/cart/item/replacement',
      post({ cartId: cart.id, itemId: item.id, mode: 'PRODUCT', barcode: promoted.barcode }, token),
    );
    expect(set.body.responseCode).toBe(0);
    expect(cartSchema.parse(set.body.data).items[0]!.replacement).toMatchObject({
      mode: 'PRODUCT',
      barcode: promoted.barcode,
      price: promoted.netPrice,
    });
  });
});
