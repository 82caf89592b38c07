// An id that is not the caller's and an id that does not exist get the same answer (issue 65):
// probing ids tells a customer or a store nothing of other customers' or stores' orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '#src/server/services/operators.ts';
import { createTestShop } from './harness.ts';
import { bearer, bookOrder, plainPiece, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
beforeAll(async () => {
  shop = await createTestShop({ products: 100, env: { ENABLED_PAYMENTS: 'true' } });
});
afterAll(() => shop.close());

const FORBIDDEN = { responseCode: 4000, errorMessage: 'Operazione non consentita.' };

describe('an order that is not yours and one that is not there', () => {
  it('answer alike, to shoppers and to store operators', async () => {
    const piece = await plainPiece(shop);
    const owner = await shopper(shop, 'proprietaria@example.it');
    const { orderId, code } = await bookOrder(shop, owner, {
      email: 'proprietaria@example.it',
      rows: [{ barcode: piece.barcode, amount: 12 }],
    });
    const other = await shopper(shop, 'curiosa@example.it');
    const missing = orderId + 100_000;
    for (const id of [orderId, missing]) {
      const fetched = await shop.request(`/cli/ecommerce/orders/${id}/fetch`, bearer(other));
      expect([fetched.status, fetched.body]).toEqual([403, expect.objectContaining(FORBIDDEN)]);
    }
    for (const orderCode of [code, '999999']) {
      const quote = await shop.request(`/cli/pay/preauth/quote?orderCode=${orderCode}`, bearer(other));
      expect([quote.status, quote.body]).toEqual([403, expect.objectContaining(FORBIDDEN)]);
    }
    const otherStore = await shop.handle.db
      .selectFrom('stores')
      .select('id')
      .where('id', '!=', 1109)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await createOperator(shop.handle.db, {
      email: 'sonda@coop.example.it',
      password: 'Cassa2026!',
      storeId: otherStore.id,
      firstName: 'Pia',
      lastName: 'Sonda',
    });
    const operator = (
      await shop.request('/cli/profiles/login', post({ username: 'sonda@coop.example.it', password: 'Cassa2026!' }))
    ).body.data.jwt as string;
    for (const id of [orderId, missing]) {
      const confirmed = await shop.request(`/cli/ops/orders/${id}/confirm`, post({ rows: [] }, operator));
      expect([confirmed.status, confirmed.body]).toEqual([403, expect.objectContaining(FORBIDDEN)]);
    }
  });
});
