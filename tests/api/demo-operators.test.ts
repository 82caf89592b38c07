// The demo stores' operators (README "Store staff"): one account per
// demo store, seeded on start outside production, with DEMO_OPERATOR_PASSWORD;
// each logs in like a shopper and sees its own store's orders only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema } from '#src/shared/contract/cart.ts';
import { order as orderSchema, slot as slotSchema, slotDay } from '#src/shared/contract/checkout.ts';
import { loadConfig } from '#src/server/config.ts';
import { demoOperatorEmail } from '#src/demo/operators.ts';
import { seedDemoOperators } from '#src/server/services/operators.ts';
import { createTestShop } from './harness.ts';
import { bearer, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
const PASSWORD = 'Operatore-2026';

const operators = () =>
  shop.handle.db
    .selectFrom('users')
    .select(['username', 'operator_store_id'])
    .where('role', '=', 'OPERATOR')
    .orderBy('username')
    .execute();
async function login(username: string, password = PASSWORD) {
  return (await shop.request('/cli/profiles/login', post({ username, password }))).body as {
    responseCode: number;
    data: { jwt: string };
  };
}

beforeAll(async () => {
  shop = await createTestShop({ products: 200 });
});
afterAll(() => shop.close());

describe('the demo store operators', () => {
  it('are never seeded in production', async () => {
    expect(
      await seedDemoOperators(shop.handle.db, { ...loadConfig({ NODE_ENV: 'development' }), NODE_ENV: 'production' }),
    ).toEqual([]);
    expect(await operators()).toEqual([]);
  });

  it('are seeded once per demo store, and a second start changes nothing', async () => {
    const stores = await shop.handle.db.selectFrom('stores').select('id').orderBy('id').execute();
    expect(stores.length).toBe(11);
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.DEMO_OPERATOR_PASSWORD).toBe(PASSWORD);
    const created = await seedDemoOperators(shop.handle.db, config);
    expect(created.sort()).toEqual(stores.map((s) => demoOperatorEmail(s.id)).sort());
    expect(await seedDemoOperators(shop.handle.db, { ...config, DEMO_OPERATOR_PASSWORD: 'Altra-Password-1' })).toEqual(
      [],
    );
    const seeded = await operators();
    expect(seeded).toHaveLength(11);
    expect(seeded).toContainEqual({ username: 'operatore.1109@spesaonline.local', operator_store_id: 1109 });
    // The second run did not touch the password either.
    expect((await login('operatore.1109@spesaonline.local')).responseCode).toBe(0);
    expect((await login('operatore.1109@spesaonline.local', 'Altra-Password-1')).responseCode).not.toBe(0);
  });

  it("log in like shoppers and see only their own store's orders", async () => {
    const token = await shopper(shop, 'cliente.bari@example.it');
    const cart = cartSchema.parse(
      (await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token))).body
        .data,
    );
    const piece = await shop.handle.db
      .selectFrom('products as p')
      .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
      .select('p.barcode')
      .where('sp.store_id', '=', 1109)
      .where('sp.available', '=', true)
      .where('p.um', '=', 'PZ')
      .where('p.water_pack', '=', false)
      .where('sp.price_cents', '>=', 300)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    expect(
      (
        await shop.request(
          '/cli/ecommerce/cart/store',
          post({ cartId: cart.id, barcode: piece.barcode, amount: 10 }, token),
        )
      ).body.responseCode,
    ).toBe(0);
    const days = slotDay
      .array()
      .parse((await shop.request(`/cli/ecommerce/slots/${cart.id}/days`, bearer(token))).body.data);
    const slots = slotSchema
      .array()
      .parse(
        (await shop.request(`/cli/ecommerce/slots/${cart.id}?day=${days.find((d) => d.available)!.day}`, bearer(token)))
          .body.data,
      );
    const frozen = await shop.request(
      '/cli/ecommerce/cart/freeze',
      post(
        {
          cartId: cart.id,
          timeSlotId: slots.find((s) => s.available)!.id,
          profileEmail: 'cliente.bari@example.it',
          profileMobilePhone: '3331234567',
          firstName: 'Anna',
          lastName: 'Rossi',
          paymentMode: 'CASH',
          invoice: false,
          enableProductsReplacement: false,
        },
        token,
      ),
    );
    expect(frozen.body.responseCode).toBe(0);
    const orderId = (await shop.request('/cli/ecommerce/orders?s=5&p=0', bearer(token))).body.data.data[0].id as number;

    const bari = await login('OPERATORE.1109@spesaonline.local'); // the e-mail is not case-sensitive
    expect(bari.responseCode).toBe(0);
    const queue = orderSchema.array().parse((await shop.request('/cli/ops/orders', bearer(bari.data.jwt))).body.data);
    expect(queue.map((o) => o.id)).toEqual([orderId]);
    expect(queue[0]!.cart.storeId).toBe(1109);

    const otherStore = (await operators()).find((o) => o.operator_store_id !== 1109)!;
    const other = await login(otherStore.username);
    expect(other.responseCode).toBe(0);
    expect((await shop.request('/cli/ops/orders', bearer(other.data.jwt))).body.data).toEqual([]);
    // The store's first step: confirming the pre-order's availability (every row available: within
    // the shopper's choices, the cash order is prepared at once, decision 018).
    expect((await shop.request(`/cli/ops/orders/${orderId}/confirm`, post({ rows: [] }, other.data.jwt))).status).toBe(
      403,
    );
    expect(
      (await shop.request(`/cli/ops/orders/${orderId}/confirm`, post({ rows: [] }, bari.data.jwt))).body.data.status,
    ).toBe('IN_PREPARATION');
    // A shopper's session cannot use the store's API.
    expect((await shop.request('/cli/ops/orders', bearer(token))).status).toBe(403);
  });

  it('refuse a DEMO_OPERATOR_PASSWORD that breaks the password rule, at start-up', () => {
    expect(() => loadConfig({ DEMO_OPERATOR_PASSWORD: 'operatore' })).toThrow(/DEMO_OPERATOR_PASSWORD/);
    expect(loadConfig({ DEMO_OPERATOR_PASSWORD: 'Negozio.Bari1' }).DEMO_OPERATOR_PASSWORD).toBe('Negozio.Bari1');
  });
});

describe('a database first run in development, then started in production', () => {
  it('refuses to start while a demo operator still opens with the published password, and starts once none does', async () => {
    const production = { ...loadConfig({ NODE_ENV: 'development' }), NODE_ENV: 'production' as const };
    expect((await operators()).length).toBe(11);
    await expect(seedDemoOperators(shop.handle.db, production)).rejects.toThrow(
      /Production refuses to start: .*operatore\.1109@spesaonline\.local/,
    );
    const { hash } = await import('@node-rs/argon2');
    await shop.handle.db
      .updateTable('users')
      .set({ password_hash: await hash('Una-Password-Vera-9') })
      .where('role', '=', 'OPERATOR')
      .execute();
    expect(await seedDemoOperators(shop.handle.db, production)).toEqual([]);
  });
});
