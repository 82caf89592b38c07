// The harness itself: a fresh shop answers its health check.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './harness.ts';

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
