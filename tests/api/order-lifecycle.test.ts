// The store's side of an order, from booking to pickup (docs/architecture.md §4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order as orderSchema } from '#src/shared/contract/checkout.ts';
import { pickedRowTotal } from '#src/features/staff/staff-rules.ts';
import { createOperator } from '#src/server/services/operators.ts';
import { remindWaitingOrders } from '#src/server/services/order-lifecycle.ts';
import { createTestShop } from './harness.ts';
import { bearer, bookOrder, plainPiece, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
let piece: { barcode: string; id: number };
let operator: string;
let otherOperator: string;

async function login(username: string, password: string) {
  return (await shop.request('/cli/profiles/login', post({ username, password }))).body.data.jwt as string;
}

beforeAll(async () => {
  shop = await createTestShop({ products: 200 });
  piece = await plainPiece(shop);
  const other = await shop.handle.db
    .selectFrom('stores')
    .select('id')
    .where('id', '!=', 1109)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await createOperator(shop.handle.db, {
    email: 'cassa@coop.example.it',
    password: 'Cassa2026!',
    storeId: 1109,
    firstName: 'Gino',
    lastName: 'Cassa',
  });
  await createOperator(shop.handle.db, {
    email: 'altro@coop.example.it',
    password: 'Cassa2026!',
    storeId: other.id,
    firstName: 'Pia',
    lastName: 'Altro',
  });
  operator = await login('cassa@coop.example.it', 'Cassa2026!');
  otherOperator = await login('altro@coop.example.it', 'Cassa2026!');
});
afterAll(() => shop.close());

async function bookedOrder(email: string, extra?: { barcode: string; amount: number }) {
  const token = await shopper(shop, email);
  const rows = [{ barcode: piece.barcode, amount: 12 }, ...(extra ? [extra] : [])];
  const { orderId, slotId } = await bookOrder(shop, token, { email, rows });
  return { token, orderId, slotId };
}

/**
 * The store confirms every row available: within the shopper's choices (decision 018), the cash
 * order goes through on its own, prepared at once with its pickup code, without the shopper.
 */
async function confirmedAsOrdered(orderId: number, token: string) {
  const confirmed = await shop.request(`/cli/ops/orders/${orderId}/confirm`, post({ rows: [] }, operator));
  expect(confirmed.body.data).toMatchObject({ status: 'IN_PREPARATION', withinChoices: true, expiresAt: null });
  expect(confirmed.body.data.pickupCode).toMatch(/^\d{6}$/);
  const seen = await shop.request(`/cli/ecommerce/orders/${orderId}/fetch`, bearer(token));
  expect(seen.body.data.status).toBe('IN_PREPARATION');
}

describe('the store prepares and hands over an order', () => {
  it('goes from TO_BE_PREPARED through the store’s confirmation (prepared at once) to COLLECTED, charging only what was picked', async () => {
    const { token, orderId } = await bookedOrder('ritiro@example.it');
    const queue = (await shop.request('/cli/ops/orders', bearer(operator))).body.data as { id: number }[];
    expect(queue.map((o) => o.id)).toContain(orderId);
    const step = (status: string) => shop.request(`/cli/ops/orders/${orderId}/status`, post({ status }, operator));

    expect((await step('TO_BE_COLLECTED')).body.responseCode).toBe(4205); // cannot skip preparation
    expect((await step('IN_PREPARATION')).body.responseCode).toBe(4205); // nor the store's confirmation
    await confirmedAsOrdered(orderId, token);
    const rowId = orderSchema.parse(
      (await shop.request(`/cli/ecommerce/orders/${orderId}/fetch`, bearer(token))).body.data,
    ).cart.items[0]!.id;
    const picked = await shop.request(
      `/cli/ops/orders/${orderId}/picked`,
      post({ rows: [{ id: rowId, operatorAmount: 10 }] }, operator),
    );
    expect(picked.body.responseCode).toBe(0);
    for (const status of ['TO_BE_COLLECTED', 'ISSUING_RECEIPT'])
      expect((await step(status)).body.data.status).toBe(status);
    expect((await shop.request('/cli/ecommerce/cart/abort', post({ orderId }, token))).body.responseCode).toBe(4205); // too late to cancel
    expect((await step('COLLECTED')).body.data.status).toBe('COLLECTED');

    const seen = orderSchema.parse(
      (await shop.request(`/cli/ecommerce/orders/${orderId}/fetch`, bearer(token))).body.data,
    );
    expect(seen.status).toBe('COLLECTED');
    expect(seen.preparedCartItems).toEqual([
      expect.objectContaining({ amount: 10, operatorAmount: 10, operatorTotal: 25 }),
    ]);
    const bags = seen.cart.fees.reduce((sum, f) => sum + f.value, 0);
    expect(seen.operatorCart).toMatchObject({ netTotal: 25, payed: Math.round((25 + bags) * 100) / 100 });
    expect(seen.cart.netTotal).toBe(30); // the booking keeps the original estimate
  });

  it('charges a picked row what the staff screen shows for it, half cents included', async () => {
    const { token, orderId } = await bookedOrder('pesata@example.it');
    await confirmedAsOrdered(orderId, token);
    const db = shop.handle.db;
    await db.updateTable('order_rows').set({ net_price_cents: 1290 }).where('order_id', '=', orderId).execute();
    const row = await db
      .selectFrom('order_rows')
      .select('id')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    for (const amount of [0.35, 0.001, 0.005, 0.115, 1.115, 2.5, 0.3336, 7]) {
      const picked = await shop.request(
        `/cli/ops/orders/${orderId}/picked`,
        post({ rows: [{ id: row.id, operatorAmount: amount }] }, operator),
      );
      expect(picked.body.responseCode).toBe(0);
      const stored = await db
        .selectFrom('order_rows')
        .select(['operator_total_cents', 'operator_amount'])
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      const shown = pickedRowTotal({ netPrice: 12.9 }, amount);
      expect(stored.operator_total_cents, `${amount} kg`).toBe(Math.round(shown * 100));
      expect(Number(stored.operator_amount), `${amount} kg`).toBe(Math.round(amount * 1000) / 1000);
    }
  });

  it('a row the store did not touch counts as picked as ordered, in the total shown and in the total charged alike', async () => {
    const second = await shop.handle.db
      .selectFrom('products as p')
      .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
      .select(['p.barcode', 'p.id'])
      .where('sp.store_id', '=', 1109)
      .where('sp.available', '=', true)
      .where('p.um', '=', 'PZ')
      .where('p.water_pack', '=', false)
      .where('p.id', '!=', piece.id)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    await shop.handle.db
      .updateTable('store_products')
      .set({ price_cents: 400 })
      .where('product_id', '=', second.id)
      .execute();
    await shop.handle.db.deleteFrom('promotions').where('product_id', '=', second.id).execute();
    const { token, orderId } = await bookedOrder('parziale@example.it', { barcode: second.barcode, amount: 2 });
    const step = (status: string) => shop.request(`/cli/ops/orders/${orderId}/status`, post({ status }, operator));
    await confirmedAsOrdered(orderId, token);
    const rows = orderSchema.parse(
      (await shop.request(`/cli/ecommerce/orders/${orderId}/fetch`, bearer(token))).body.data,
    ).cart.items;
    const first = rows.find((r) => r.barcode === piece.barcode)!;
    expect(
      (
        await shop.request(
          `/cli/ops/orders/${orderId}/picked`,
          post({ rows: [{ id: first.id, operatorAmount: 10 }] }, operator),
        )
      ).body.responseCode,
    ).toBe(0);
    for (const status of ['TO_BE_COLLECTED', 'ISSUING_RECEIPT', 'COLLECTED'])
      expect((await step(status)).body.data.status).toBe(status);
    const seen = orderSchema.parse(
      (await shop.request(`/cli/ecommerce/orders/${orderId}/fetch`, bearer(token))).body.data,
    );
    const bags = seen.cart.fees.reduce((sum, f) => sum + f.value, 0);
    // 10 × 2.50 picked + 2 × 4.00 as ordered = 33.00.
    expect(seen.operatorCart).toMatchObject({
      netTotal: 33,
      itemsCount: 2,
      payed: Math.round((33 + bags) * 100) / 100,
    });
  });

  it('an order the store cancelled before picking anything shows the ordered rows, not prepared ones (docs/product.md §4)', async () => {
    const { token, orderId } = await bookedOrder('annullato.negozio@example.it');
    expect(
      (await shop.request(`/cli/ops/orders/${orderId}/status`, post({ status: 'CANCELLED' }, operator))).body.data
        .status,
    ).toBe('CANCELLED');
    const seen = orderSchema.parse(
      (await shop.request(`/cli/ecommerce/orders/${orderId}/fetch`, bearer(token))).body.data,
    );
    expect(seen.status).toBe('CANCELLED');
    expect(seen.preparedCartItems).toEqual([]);
    expect(seen.operatorCart).toBeNull();
    expect(seen.cart.items).toEqual([expect.objectContaining({ barcode: piece.barcode, amount: 12 })]);
  });

  it("keeps customers out of the store's API and operators out of other stores' orders", async () => {
    const { token, orderId } = await bookedOrder('curioso@example.it');
    expect((await shop.request('/cli/ops/orders', bearer(token))).status).toBe(403);
    expect(
      (await shop.request(`/cli/ops/orders/${orderId}/status`, post({ status: 'IN_PREPARATION' }, token))).status,
    ).toBe(403);
    expect(
      (await shop.request(`/cli/ops/orders/${orderId}/status`, post({ status: 'IN_PREPARATION' }, otherOperator)))
        .status,
    ).toBe(403);
    expect(
      ((await shop.request('/cli/ops/orders', bearer(otherOperator))).body.data as { id: number }[]).map((o) => o.id),
    ).not.toContain(orderId);
    expect((await shop.request(`/cli/ecommerce/orders/${orderId}/fetch`, bearer(token))).body.data.status).toBe(
      'TO_BE_PREPARED',
    );
  });

  it('expires an unpaid card order after its time, once its shopper was reminded, and frees the slot place', async () => {
    const { token, orderId, slotId } = await bookedOrder('nonpagato@example.it');
    const before = (
      await shop.handle.db.selectFrom('slots').select('booked').where('id', '=', slotId).executeTakeFirstOrThrow()
    ).booked;
    // Waiting for the shopper's payment: its deadline a minute ago, its reminder due 90 minutes ago.
    const now = Date.now();
    await shop.handle.db
      .updateTable('orders')
      .set({
        status: 'PAYMENT_PENDING',
        payment_mode: 'XPAY',
        within_choices: false,
        remind_at: new Date(now - 90 * 60_000),
        expires_at: new Date(now - 60_000),
      })
      .where('id', '=', orderId)
      .execute();
    const listed = async () =>
      (
        (await shop.request('/cli/ecommerce/orders?s=5&p=0', bearer(token))).body.data.data as {
          id: number;
          status: string;
        }[]
      ).find((o) => o.id === orderId)?.status;
    // Never reminded: it does not expire unwarned.
    expect(await listed()).toBe('PAYMENT_PENDING');
    // The reminder went 40 minutes ago (the deadline then more than 30 minutes away, so unchanged).
    expect(await remindWaitingOrders(shop.handle.db, new Date(now - 40 * 60_000))).toContain(orderId);
    expect(
      await shop.handle.db
        .selectFrom('orders')
        .select(['reminded_at', 'expires_at'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ reminded_at: new Date(now - 40 * 60_000), expires_at: new Date(now - 60_000) });
    expect(await listed()).toBe('ABORTED');
    expect(
      (await shop.handle.db.selectFrom('slots').select('booked').where('id', '=', slotId).executeTakeFirstOrThrow())
        .booked,
    ).toBe(before - 1);
  });
});
