// The harness itself: a fresh shop answers its health check, and every
// successful answer a test gets is held to the contract's output schema.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { changedByParse, checkAnswer, createTestShop, type TestShop } from './harness.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ products: 50 });
});
afterAll(() => shop.close());

it('builds the real app over a fresh database that answers GET /cli/health', async () => {
  const { status, body } = await shop.request('/cli/health');
  expect(status).toBe(200);
  expect(body.responseCode).toBe(0);
});

it("refuses a successful answer whose data is not the call's output schema, and lets refusals through", async () => {
  const categories = (await shop.request('/cli/categories')).body;
  expect(() => checkAnswer('/cli/categories', 'GET', 200, categories)).not.toThrow();
  const drifted = { responseCode: 0, data: [{ ...categories.data[0], description: 42 }] };
  expect(() => checkAnswer('/cli/categories', 'GET', 200, drifted)).toThrow(
    /GET \/cli\/categories answered data the contract does not allow/,
  );
  // A path parameter and a query string are matched too; a refusal carries no data to check.
  const product = { responseCode: 0, data: { barcode: 8001234567890 } };
  expect(() => checkAnswer('/cli/ecommerce/products/barcode/8001234567890?store=1109', 'GET', 200, product)).toThrow(
    /contract does not allow/,
  );
  expect(() => checkAnswer('/cli/ecommerce/products/barcode/1', 'GET', 200, { responseCode: 4030 })).not.toThrow();
  // cart/abort is two calls by its body: a cart (or null) without orderId, an order with it.
  expect(() => checkAnswer('/cli/ecommerce/cart/abort', 'POST', 200, { responseCode: 0, data: null })).not.toThrow();
  expect(() => checkAnswer('/cli/ecommerce/cart/abort', 'POST', 200, { responseCode: 0, data: { id: 'x' } })).toThrow(
    /contract does not allow/,
  );
});

it('finds what a parse would fill in or convert, which the browser would not see', () => {
  const schema = z.object({ id: z.number(), tags: z.array(z.string()).default([]), price: z.coerce.number() });
  expect(changedByParse(schema.parse({ id: 1, tags: [], price: 2 }), { id: 1, tags: [], price: 2 }, 'data')).toBeNull();
  // A key the schema does not know is dropped by the parse: the browser ignoring it changes nothing.
  expect(
    changedByParse(
      schema.parse({ id: 1, tags: [], price: 2, extra: true }),
      { id: 1, tags: [], price: 2, extra: true },
      'data',
    ),
  ).toBeNull();
  expect(changedByParse(schema.parse({ id: 1, price: 2 }), { id: 1, price: 2 }, 'data')).toBe('data.tags (not sent)');
  expect(changedByParse(schema.parse({ id: 1, tags: [], price: '2' }), { id: 1, tags: [], price: '2' }, 'data')).toBe(
    'data.price',
  );
  const list = z.array(z.object({ n: z.string().transform((v) => v.trim()) }));
  expect(changedByParse(list.parse([{ n: 'a' }, { n: ' b' }]), [{ n: 'a' }, { n: ' b' }], 'data')).toBe('data[1].n');
});

it("holds a 4105 answer to the call's `changed` schema, and refuses it from a call that declares none", () => {
  const changed = { responseCode: 4105, data: { updated: [], removed: [] } };
  expect(() => checkAnswer('/cli/ecommerce/cart/freeze/check', 'POST', 200, changed)).not.toThrow();
  expect(() =>
    checkAnswer('/cli/ecommerce/cart/freeze/check', 'POST', 200, { responseCode: 4105, data: { updated: 'x' } }),
  ).toThrow(/contract does not allow/);
  expect(() => checkAnswer('/cli/categories', 'GET', 200, changed)).toThrow(/does not declare \(changed\)/);
});
