// A request body over 256 kB is refused with 413 and the envelope on every
// route: the API, the provider sandbox's callbacks and the development outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop } from './harness.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
beforeAll(async () => {
  shop = await createTestShop({ products: 50 });
});
afterAll(() => shop.close());

describe('oversized bodies', () => {
  const big = JSON.stringify({ username: 'a@example.it', password: 'x'.repeat(300 * 1024) });
  for (const path of [
    '/cli/profiles/login',
    '/cli/ecommerce/cart/store',
    '/cli/pay/ipg/notify',
    '/sandbox/ipg/connect/gateway/processing',
    '/dev/outbox',
  ]) {
    it(`answers 413 'Richiesta troppo grande.' on POST ${path}`, async () => {
      const res = await shop.app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: big,
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ responseCode: 4000, errorMessage: 'Richiesta troppo grande.' });
    });
  }

  it('still takes a body under the limit', async () => {
    const res = await shop.app.request('/cli/profiles/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'a@example.it', password: 'Orecchiette1!' }),
    });
    expect(res.status).toBe(200);
  });
});
