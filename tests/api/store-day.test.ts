// The store's day (docs/product.md, Store staff): a product marked unavailable in the
// store reaches the shopper's next answer and their booking (4105); the pick list of a
// slot, rows grouped by department with the shopper's substitute choices; today's slots
// with their orders by status, who they wait for and what expires soon. Each store sees
// its own only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createOperator } from '#src/server/services/operators.ts';
import { storeDayOf } from '#src/server/services/store-day.ts';
import { cart as cartSchema } from '#src/shared/contract/cart.ts';
import { pickList, shelfProduct, storeDay } from '#src/shared/contract/store-operations.ts';
import { createTestShop, type TestShop } from './harness.ts';
import { bearer, bookOrder, plainPiece, post, shopper } from './shoppers.ts';

let shop: TestShop;
let operator: string;
let otherOperator: string;
let customer: string;

async function login(username: string, password: string) {
  return (await shop.request('/cli/profiles/login', post({ username, password }))).body.data.jwt as string;
}

beforeAll(async () => {
  shop = await createTestShop({ products: 200 });
  const other = await shop.handle.db
    .selectFrom('stores')
    .select('id')
    .where('id', '!=', 1109)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await createOperator(shop.handle.db, {
    email: 'banco@coop.example.it',
    password: 'Banco2026!',
    storeId: 1109,
    firstName: 'Rita',
    lastName: 'Banco',
  });
  await createOperator(shop.handle.db, {
    email: 'banco.altro@coop.example.it',
    password: 'Banco2026!',
    storeId: other.id,
    firstName: 'Nico',
    lastName: 'Altro',
  });
  operator = await login('banco@coop.example.it', 'Banco2026!');
  otherOperator = await login('banco.altro@coop.example.it', 'Banco2026!');
  customer = await shopper(shop, 'cliente.giornata@example.it');
});
afterAll(() => shop.close());

const setAvailability = (productId: number, available: boolean, token = operator) =>
  shop.request(`/cli/ops/shelf/${productId}/availability`, post({ available }, token));

describe('availability during the day', () => {
  it('finds the store’s products by name and by barcode', async () => {
    const piece = await plainPiece(shop);
    const { description } = await shop.handle.db
      .selectFrom('products')
      .select('description')
      .where('id', '=', piece.id)
      .executeTakeFirstOrThrow();
    const word = description.split(' ').find((w) => w.length > 3)!;
    const byName = shelfProduct
      .array()
      .parse((await shop.request(`/cli/ops/shelf?q=${encodeURIComponent(word)}`, bearer(operator))).body.data);
    expect(byName.map((p) => p.barcode)).toContain(piece.barcode);
    const byBarcode = shelfProduct
      .array()
      .parse((await shop.request(`/cli/ops/shelf?q=${piece.barcode}`, bearer(operator))).body.data);
    expect(byBarcode).toEqual([expect.objectContaining({ barcode: piece.barcode, price: 2.5, available: true })]);
    const short = await shop.request('/cli/ops/shelf?q=a', bearer(operator));
    expect(short.status).toBe(400);
    expect(short.body.issues).toEqual([{ path: 'q', message: 'Scrivi almeno 2 caratteri o un codice a barre.' }]);
  });

  it('refuses shoppers (403) and a product the operator’s store does not sell (403)', async () => {
    const piece = await plainPiece(shop);
    expect((await setAvailability(piece.id, false, customer)).status).toBe(403);
    const notSold = await shop.handle.db
      .selectFrom('products as p')
      .select('p.id')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('store_products as sp')
              .select('sp.product_id')
              .whereRef('sp.product_id', '=', 'p.id')
              .where('sp.store_id', '=', 1109),
          ),
        ),
      )
      .executeTakeFirst();
    const missing = notSold?.id ?? 999_999;
    expect((await setAvailability(missing, false)).status).toBe(403);
  });

  it('a product marked unavailable: the shopper’s next answer says so and their booking gets 4105', async () => {
    const piece = await plainPiece(shop);
    const opened = cartSchema.parse(
      (await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, customer))).body
        .data,
    );
    const stored = await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: opened.id, barcode: piece.barcode, amount: 12 }, customer),
    );
    expect(stored.body.responseCode).toBe(0);
    const before = (await shop.request(`/cli/ecommerce/products/barcode/${piece.barcode}?store=1109`)).body.data;
    expect(before.available).toBe(true);

    const marked = await setAvailability(piece.id, false);
    expect(marked.body.responseCode).toBe(0);
    expect(marked.body.data).toMatchObject({ barcode: piece.barcode, available: false });
    expect(marked.body.data.changedAt).not.toBeNull();
    const after = (await shop.request(`/cli/ecommerce/products/barcode/${piece.barcode}?store=1109`)).body.data;
    expect(after.available).toBe(false);

    const days = (await shop.request(`/cli/ecommerce/slots/${opened.id}/days`, bearer(customer))).body.data;
    const day = days.find((d: { available: boolean }) => d.available).day;
    const slots = (await shop.request(`/cli/ecommerce/slots/${opened.id}?day=${day}`, bearer(customer))).body.data;
    const frozen = await shop.request(
      '/cli/ecommerce/cart/freeze',
      post(
        {
          cartId: opened.id,
          timeSlotId: slots.find((s: { available: boolean }) => s.available).id,
          profileEmail: 'cliente.giornata@example.it',
          profileMobilePhone: '3331234567',
          firstName: 'Anna',
          lastName: 'Rossi',
          paymentMode: 'CASH',
          invoice: false,
          enableProductsReplacement: false,
        },
        customer,
      ),
    );
    expect(frozen.body.responseCode).toBe(4105);
    expect(frozen.body.errorMessage).toBe('Prezzi o disponibilità di alcuni prodotti sono cambiati.');
    expect(frozen.body.data.removed.map((r: { barcode: string }) => r.barcode)).toEqual([piece.barcode]);

    // Available again: the next answer says so; the change is kept with who made it.
    expect((await setAvailability(piece.id, true)).body.data.available).toBe(true);
    expect(
      (await shop.request(`/cli/ecommerce/products/barcode/${piece.barcode}?store=1109`)).body.data.available,
    ).toBe(true);
    const log = await shop.handle.db
      .selectFrom('store_availability_changes')
      .select(['available'])
      .where('product_id', '=', piece.id)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.available)).toEqual([false, true]);
  });
});

describe('the pick list of a slot', () => {
  it('lists the slot’s orders, their rows by department with quantities and substitute choices; another store gets 403', async () => {
    const piece = await plainPiece(shop);
    const weighed = await shop.handle.db
      .selectFrom('products as p')
      .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
      .select(['p.barcode', 'p.min_weight'])
      .where('sp.store_id', '=', 1109)
      .where('sp.available', '=', true)
      .where('p.um', '=', 'KG')
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const first = await bookOrder(shop, customer, {
      email: 'cliente.giornata@example.it',
      rows: [{ barcode: piece.barcode, amount: 11 }],
      replacements: true,
    });
    const second = await bookOrder(shop, customer, {
      email: 'cliente.giornata@example.it',
      rows: [
        { barcode: weighed.barcode, weight: Math.max(1, Number(weighed.min_weight ?? 1)) },
        { barcode: piece.barcode, amount: 10 },
      ],
      slotId: first.slotId,
    });
    const answer = await shop.request(`/cli/ops/pick-lists/${first.slotId}`, bearer(operator));
    expect(answer.body.responseCode).toBe(0);
    const list = pickList.parse(answer.body.data);
    expect(list.orders.map((o) => o.number)).toEqual([first.number, second.number]);
    const [a, b] = list.orders;
    expect(a!.departments.flatMap((d) => d.rows.map((r) => [r.barcode, r.quantity, r.substitute.kind]))).toEqual([
      [piece.barcode, 11, 'SIMILAR'],
    ]);
    expect(b!.departments.flatMap((d) => d.rows.map((r) => r.substitute.kind))).toEqual(['NONE', 'NONE']);
    // Each department named by the catalogue's first level.
    const departments = await sql<{ description: string }>`SELECT description FROM categories WHERE level = 1`.execute(
      shop.handle.db,
    );
    for (const d of b!.departments) expect(departments.rows.map((r) => r.description)).toContain(d.name);
    expect(list.totals.find((t) => t.barcode === piece.barcode)?.quantity).toBe(21);

    const refused = await shop.request(`/cli/ops/pick-lists/${first.slotId}`, bearer(otherOperator));
    expect(refused.status).toBe(403);
    expect((await shop.request(`/cli/ops/pick-lists/${first.slotId}`, bearer(customer))).status).toBe(403);
  });
});

describe('the store’s day', () => {
  it('counts each slot’s orders by status, who they wait for, and what expires within the hour', async () => {
    const piece = await plainPiece(shop);
    const booked = await bookOrder(shop, customer, {
      email: 'cliente.giornata@example.it',
      rows: [{ barcode: piece.barcode, amount: 10 }],
    });
    const slot = await shop.handle.db
      .selectFrom('slots')
      .select(['day', 'valid_from'])
      .where('id', '=', booked.slotId)
      .executeTakeFirstOrThrow();
    // Seen at the slot's day, two hours before it starts; the order expires in 30 minutes.
    const now = new Date(new Date(slot.valid_from).getTime() - 2 * 3_600_000);
    await shop.handle.db
      .updateTable('orders')
      .set({ expires_at: new Date(now.getTime() + 30 * 60_000) })
      .where('id', '=', booked.orderId)
      .execute();
    const day = storeDay.parse(await storeDayOf(shop.handle.db, 1109, now));
    const mine = day.slots.find((s) => s.slotId === booked.slotId)!;
    expect(mine.byStatus['TO_BE_PREPARED']).toBeGreaterThanOrEqual(1);
    expect(mine.waitingForStore).toBe(
      Object.values(mine.byStatus).reduce((n, v) => n + v, 0) - (mine.byStatus['PAYMENT_PENDING'] ?? 0),
    );
    expect(mine.expiringSoon).toContainEqual(
      expect.objectContaining({ number: booked.number, status: 'TO_BE_PREPARED' }),
    );
    // Another store's day never holds this slot.
    const other = await shop.handle.db
      .selectFrom('stores')
      .select('id')
      .where('id', '!=', 1109)
      .executeTakeFirstOrThrow();
    expect((await storeDayOf(shop.handle.db, other.id, now)).slots.map((s) => s.slotId)).not.toContain(booked.slotId);
    // The call answers the operator's own store's day, and refuses shoppers.
    const answer = await shop.request('/cli/ops/day', bearer(operator));
    expect(answer.body.responseCode).toBe(0);
    expect((await shop.request('/cli/ops/day', bearer(customer))).status).toBe(403);
  });
});
