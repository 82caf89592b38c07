// Slots, booking and orders as shoppers use them (docs/product.md §4, §7; docs/architecture.md §4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema } from '#src/shared/contract/cart.ts';
import { order as orderSchema, orderPage, slot as slotSchema, slotDay } from '#src/shared/contract/checkout.ts';
import { isServiceDay, romeTime } from '#src/shared/calendar.ts';
import { slotDays, slotsOfDay } from '#src/server/services/slots.ts';
import { alreadyChecked } from '#src/server/auth/session-token.ts';
import { catalogueChanged, createTestShop } from './harness.ts';
import { bearer, plainPiece, post, quickShoppers, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
let piece: { barcode: string; id: number };

beforeAll(async () => {
  shop = await createTestShop({ products: 200 });
  piece = await plainPiece(shop);
});
afterAll(() => shop.close());

/** A shopper with an IN_STORE cart at 1109 worth 30 € (above the 25 € minimum). */
async function readyCart(email: string) {
  const token = await shopper(shop, email);
  const cart = cartSchema.parse(
    (await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token))).body
      .data,
  );
  await shop.request('/cli/ecommerce/cart/store', post({ cartId: cart.id, barcode: piece.barcode, amount: 12 }, token));
  return { token, cartId: cart.id };
}

async function firstSlot(token: string, cartId: number) {
  const days = slotDay
    .array()
    .parse((await shop.request(`/cli/ecommerce/slots/${cartId}/days`, bearer(token))).body.data);
  const day = days.find((d) => d.available)!;
  const slots = slotSchema
    .array()
    .parse((await shop.request(`/cli/ecommerce/slots/${cartId}?day=${day.day}`, bearer(token))).body.data);
  return slots.find((s) => s.available)!;
}

const booking = (cartId: number, timeSlotId: number, extra: Record<string, unknown> = {}) => ({
  cartId,
  timeSlotId,
  profileEmail: 'anna@example.it',
  profileMobilePhone: '3331234567',
  firstName: 'Anna',
  lastName: 'Rossi',
  paymentMode: 'CASH',
  notes: 'Citofono Rossi',
  invoice: false,
  enableProductsReplacement: true,
  clientWeb: true,
  ...extra,
});

/** The customer a cart belongs to (the slot services take it beside the cart). */
const ownerOf = async (cartId: number) =>
  (await shop.handle.db.selectFrom('carts').select('user_id').where('id', '=', cartId).executeTakeFirstOrThrow())
    .user_id;

describe('slots', () => {
  it('keeps the wall-clock times of the store across the change to and from summer time', async () => {
    const { cartId } = await readyCart('slot.dst@example.it');
    const userId = await ownerOf(cartId);
    const templates = await shop.handle.db
      .selectFrom('slot_templates')
      .select(['week_day', 'starts_at'])
      .where('store_id', '=', 1109)
      .where('delivery_mode', '=', 'IN_STORE')
      .orderBy('starts_at')
      .execute();
    // Friday before and Monday after each change (29 March and 25 October 2026).
    for (const [now, day] of [
      ['2026-03-26T06:00:00Z', '2026-03-30'],
      ['2026-10-22T06:00:00Z', '2026-10-26'],
      ['2026-10-22T06:00:00Z', '2026-10-23'],
    ] as const) {
      const strip = await slotDays(shop.handle.db, alreadyChecked(userId), cartId, new Date(now));
      expect(strip.find((d) => d.day === day)?.available).toBe(true);
      const slots = await slotsOfDay(shop.handle.db, alreadyChecked(userId), cartId, { day }, new Date(now));
      const starts = templates
        .filter((t) => t.week_day === slots[0]!.weekDay)
        .map((t) => String(t.starts_at).slice(0, 5));
      expect(slots.map((s) => s.validFrom)).toEqual(starts.map((t) => romeTime(day, t).toISOString()));
    }
  });

  it("shows a day's slots as they are now once made: a template added later, a slot filled up, the same slot ids", async () => {
    const { cartId } = await readyCart('slot.later@example.it');
    const userId = await ownerOf(cartId);
    const now = new Date('2026-10-22T06:00:00Z');
    const day = '2026-10-27'; // a Tuesday
    const first = await slotsOfDay(shop.handle.db, alreadyChecked(userId), cartId, { day }, now);
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((s) => s.available)).toBe(true);
    // An import adds a late-evening slot for Tuesdays; the store's first slot of the day fills up.
    await shop.handle.db
      .insertInto('slot_templates')
      .values({
        store_id: 1109,
        delivery_mode: 'IN_STORE',
        week_day: 3,
        starts_at: '22:00',
        ends_at: '23:00',
        capacity: 4,
        cutoff_minutes: 120,
      })
      .execute();
    await shop.handle.db
      .updateTable('slots')
      .set((eb) => ({ booked: eb.ref('capacity') }))
      .where('id', '=', first[0]!.id)
      .execute();
    const again = await slotsOfDay(shop.handle.db, alreadyChecked(userId), cartId, { day }, now);
    expect(again.map((s) => s.id).slice(0, first.length)).toEqual(first.map((s) => s.id));
    expect(again).toHaveLength(first.length + 1);
    expect(again.at(-1)).toMatchObject({ validFrom: romeTime(day, '22:00').toISOString(), available: true });
    expect(again[0]!.available).toBe(false);
    expect(again.slice(1).every((s) => s.available)).toBe(true);
  });

  it('offers a strip of 10 days, closed on Sundays and holidays, with slots per day', async () => {
    const { token, cartId } = await readyCart('slot@example.it');
    const days = slotDay
      .array()
      .parse((await shop.request(`/cli/ecommerce/slots/${cartId}/days`, bearer(token))).body.data);
    expect(days).toHaveLength(10);
    for (const d of days) if (!isServiceDay(d.day)) expect(d.available).toBe(false);
    expect(days.some((d) => d.available)).toBe(true);
    const slot = await firstSlot(token, cartId);
    expect(new Date(slot.validTo).getTime()).toBeGreaterThan(new Date(slot.validFrom).getTime());
    const first = (await shop.request('/cli/ecommerce/slots/first/available', bearer(token))).body.data;
    expect(first).toMatchObject({ weekDay: expect.any(Number), validFrom: expect.any(String) });
  });

  it('answers the slots of a missing or abandoned cart with 4004, and a day outside the strip with none', async () => {
    const { token, cartId } = await readyCart('slot.gone@example.it');
    const days = slotDay
      .array()
      .parse((await shop.request(`/cli/ecommerce/slots/${cartId}/days`, bearer(token))).body.data);
    const open = days.find((d) => d.available)!.day;
    const far = new Date(Date.parse(days.at(-1)!.day) + 7 * 86_400_000).toISOString().slice(0, 10);
    expect((await shop.request(`/cli/ecommerce/slots/${cartId}?day=${far}`, bearer(token))).body).toEqual({
      responseCode: 0,
      data: [],
    });
    for (const path of [
      `/cli/ecommerce/slots/${cartId + 1000}/days`,
      `/cli/ecommerce/slots/${cartId + 1000}?day=${open}`,
    ])
      expect((await shop.request(path, bearer(token))).body.responseCode).toBe(4004);
    expect((await shop.request('/cli/ecommerce/cart/abort', post({ cartId }, token))).body.responseCode).toBe(0);
    for (const path of [
      `/cli/ecommerce/slots/${cartId}/days`,
      `/cli/ecommerce/slots/${cartId}?day=${open}`,
      `/cli/ecommerce/slots/${cartId}?day=${far}`,
    ])
      expect((await shop.request(path, bearer(token))).body.responseCode).toBe(4004);
  });

  it("answers a customer's header the first free slot of their current cart's store and mode, the default store's without a cart", async () => {
    const firstOf = async (token: string) =>
      (await shop.request('/cli/ecommerce/slots/first/available', bearer(token))).body;
    const visitor = (await shop.request('/cli/ecommerce/slots/first/default')).body.data;
    expect(visitor).not.toBeNull();
    const none = await shopper(shop, 'slot.header.none@example.it');
    expect(await firstOf(none)).toEqual({ responseCode: 0, data: visitor });

    // A home delivery to Bari: another store's or another mode's slots than the visitor's.
    const token = await shopper(shop, 'slot.header.home@example.it');
    const address = { address: 'Via Roma', streetNumber: '9', city: 'Bari', county: 'BA', zip: '70121' };
    const addressId = (await shop.request('/cli/profiles/addresses', post(address, token))).body.data[0].id as number;
    const cart = cartSchema.parse(
      (await shop.request('/cli/ecommerce/cart/open', post({ deliveryMode: 'AT_HOME', addressId }, token))).body.data,
    );
    const expected = await firstSlot(token, cart.id);
    const pick = ({ weekDay, validFrom, validTo }: { weekDay: number; validFrom: string; validTo: string }) => ({
      weekDay,
      validFrom,
      validTo,
    });
    expect(await firstOf(token)).toEqual({ responseCode: 0, data: pick(expected) });

    // That slot fills up: the header moves on to the cart's next free slot; the visitor's stays.
    await shop.handle.db
      .updateTable('slots')
      .set((eb) => ({ booked: eb.ref('capacity') }))
      .where('id', '=', expected.id)
      .execute();
    try {
      const next = await firstSlot(token, cart.id);
      expect(next.id).not.toBe(expected.id);
      expect(await firstOf(token)).toEqual({ responseCode: 0, data: pick(next) });
      expect((await shop.request('/cli/ecommerce/slots/first/default')).body.data).toEqual(visitor);
    } finally {
      await shop.handle.db.updateTable('slots').set({ booked: 0 }).where('id', '=', expected.id).execute();
    }
  });

  it("answers a visitor the default store's first available slot, without a login (docs/product.md §2 Header)", async () => {
    const { status, body } = await shop.request('/cli/ecommerce/slots/first/default');
    expect(status).toBe(200);
    expect(body.responseCode).toBe(0);
    expect(body.data).toMatchObject({
      weekDay: expect.any(Number),
      validFrom: expect.any(String),
      validTo: expect.any(String),
    });
    expect(new Date(body.data.validFrom).getTime()).toBeGreaterThan(Date.now());
  });
});

describe('booking', () => {
  it('books with cash: the order waits TO_BE_PREPARED, the cart is no longer current, the order is listed', async () => {
    const { token, cartId } = await readyCart('prenota.ok@example.it');
    const slot = await firstSlot(token, cartId);
    const { body } = await shop.request('/cli/ecommerce/cart/freeze', post(booking(cartId, slot.id), token));
    expect(body.responseCode).toBe(0);
    const frozen = cartSchema.parse(body.data);
    expect(frozen).toMatchObject({ paymentMode: 'CASH', code: expect.stringMatching(/^\d{6}$/), netTotal: 30 });
    expect(frozen.delivery.timeSlot).toMatchObject({ validFrom: slot.validFrom });
    expect((await shop.request('/cli/ecommerce/cart/current', bearer(token))).body.data).toBeNull();
    const page = orderPage.parse((await shop.request('/cli/ecommerce/orders?s=5&p=0', bearer(token))).body.data);
    expect(page).toMatchObject({ totalElements: 1, number: 0, last: true });
    expect(page.data[0]).toMatchObject({ status: 'TO_BE_PREPARED', cart: { netTotal: 30 } });
    // The booking's answer names the order, so the thank-you page shows its number at once.
    expect(frozen.orderNumber).toBe(page.data[0]!.number);
    const fetched = orderSchema.parse(
      (await shop.request(`/cli/ecommerce/orders/${page.data[0]!.id}/fetch`, bearer(token))).body.data,
    );
    expect(fetched.cart.items).toEqual([expect.objectContaining({ barcode: piece.barcode, amount: 12 })]);
  });

  it('lets the customer cancel a TO_BE_PREPARED order once, freeing the slot place (4205 after)', async () => {
    const { token, cartId } = await readyCart('annulla@example.it');
    const slot = await firstSlot(token, cartId);
    await shop.request('/cli/ecommerce/cart/freeze', post(booking(cartId, slot.id), token));
    const booked = await shop.handle.db
      .selectFrom('slots')
      .select('booked')
      .where('id', '=', slot.id)
      .executeTakeFirstOrThrow();
    const orderId = orderPage.parse((await shop.request('/cli/ecommerce/orders?s=5&p=0', bearer(token))).body.data)
      .data[0]!.id;
    const aborted = await shop.request('/cli/ecommerce/cart/abort', post({ orderId }, token));
    expect(aborted.body.data.status).toBe('ABORTED');
    expect(
      (await shop.handle.db.selectFrom('slots').select('booked').where('id', '=', slot.id).executeTakeFirstOrThrow())
        .booked,
    ).toBe(booked.booked - 1);
    expect((await shop.request('/cli/ecommerce/cart/abort', post({ orderId }, token))).body).toEqual({
      responseCode: 4205,
      errorMessage: "Stato dell'ordine errato.",
    });
  });

  it('refuses a slot past its cut-off (4029), an invoice without billing address (4037) and card payment while it is off', async () => {
    const { token, cartId } = await readyCart('limiti@example.it');
    const slot = await firstSlot(token, cartId);
    expect(
      (await shop.request('/cli/ecommerce/cart/freeze', post(booking(cartId, slot.id, { invoice: true }), token))).body
        .responseCode,
    ).toBe(4037);
    expect(
      (await shop.request('/cli/ecommerce/cart/freeze', post(booking(cartId, slot.id, { paymentMode: 'XPAY' }), token)))
        .status,
    ).toBe(400);
    expect(
      (await shop.request('/cli/ecommerce/configuration/deliveryMode/IN_STORE?storeId=1109')).body.data,
    ).not.toContain('XPAY');
    await shop.handle.db
      .updateTable('slots')
      .set({ valid_from: new Date(Date.now() + 30 * 60_000) })
      .where('id', '=', slot.id)
      .execute();
    expect(
      (await shop.request('/cli/ecommerce/cart/freeze', post(booking(cartId, slot.id), token))).body.responseCode,
    ).toBe(4029);
  });

  it('gives 50 shoppers racing for a slot of capacity 5 exactly 5 bookings and 45 clear refusals', async () => {
    const tokens = await quickShoppers(shop, 50, 'folla');
    const shoppers = await Promise.all(
      tokens.map(async (token) => {
        const cart = cartSchema.parse(
          (await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token)))
            .body.data,
        );
        await shop.request(
          '/cli/ecommerce/cart/store',
          post({ cartId: cart.id, barcode: piece.barcode, amount: 12 }, token),
        );
        return { token, cartId: cart.id };
      }),
    );
    const slot = await firstSlot(shoppers[0]!.token, shoppers[0]!.cartId);
    await shop.handle.db.updateTable('slots').set({ capacity: 5, booked: 0 }).where('id', '=', slot.id).execute();
    await shop.handle.db.updateTable('orders').set({ slot_id: null }).where('slot_id', '=', slot.id).execute();
    const answers = await Promise.all(
      shoppers.map((s) => shop.request('/cli/ecommerce/cart/freeze', post(booking(s.cartId, slot.id), s.token))),
    );
    const codes = answers.map((a) => a.body.responseCode);
    expect(codes.filter((c) => c === 0)).toHaveLength(5);
    expect(codes.filter((c) => c === 4210)).toHaveLength(45);
    expect(answers.find((a) => a.body.responseCode === 4210)?.body.errorMessage).toBe(
      "La fascia oraria scelta non è più disponibile: scegline un'altra.",
    );
    const orders = await shop.handle.db
      .selectFrom('orders')
      .select('id')
      .where('slot_id', '=', slot.id)
      .where('status', '!=', 'ABORTED')
      .execute();
    expect(orders).toHaveLength(5);
    const row = await shop.handle.db
      .selectFrom('slots')
      .select(['booked', 'capacity'])
      .where('id', '=', slot.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ booked: 5, capacity: 5 });
  });

  it('copies an order back into a cart, reporting price changes with 4105', async () => {
    const { token, cartId } = await readyCart('copia@example.it');
    const slot = await firstSlot(token, cartId);
    await shop.request('/cli/ecommerce/cart/freeze', post(booking(cartId, slot.id), token));
    const orderId = orderPage.parse((await shop.request('/cli/ecommerce/orders?s=5&p=0', bearer(token))).body.data)
      .data[0]!.id;
    const same = await shop.request('/cli/ecommerce/cart/copy', post({ orderId, terminalType: 'WEB' }, token));
    expect(same.body.responseCode).toBe(0);
    expect(same.body.data.items).toEqual([expect.objectContaining({ barcode: piece.barcode, amount: 12 })]);
    await shop.handle.db
      .updateTable('store_products')
      .set({ price_cents: 260 })
      .where('store_id', '=', 1109)
      .where('product_id', '=', piece.id)
      .execute();
    await catalogueChanged(shop);
    const changed = await shop.request('/cli/ecommerce/cart/copy', post({ orderId, terminalType: 'WEB' }, token));
    expect(changed.body.responseCode).toBe(4105);
    expect(changed.body.data.updated).toEqual([expect.objectContaining({ barcode: piece.barcode, netPrice: 2.6 })]);
    await shop.handle.db
      .updateTable('store_products')
      .set({ price_cents: 250 })
      .where('store_id', '=', 1109)
      .where('product_id', '=', piece.id)
      .execute();
    await catalogueChanged(shop);
  });
});

describe('copying an order over a limit', () => {
  it('answers a water row dropped for the 5 packs of an order with that reason, not as unavailable', async () => {
    const water = await shop.handle.db
      .selectFrom('products as p')
      .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
      .select(['p.id', 'p.barcode'])
      .where('sp.store_id', '=', 1109)
      .where('sp.available', '=', true)
      .where('p.water_pack', '=', true)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    await shop.handle.db.updateTable('products').set({ max_amount: null }).where('id', '=', water.id).execute();
    const { token, cartId } = await readyCart('copia.acqua@example.it');
    await shop.request('/cli/ecommerce/cart/store', post({ cartId, barcode: water.barcode, amount: 5 }, token));
    const slot = await firstSlot(token, cartId);
    expect(
      (await shop.request('/cli/ecommerce/cart/freeze', post(booking(cartId, slot.id), token))).body.responseCode,
    ).toBe(0);
    const orderId = orderPage.parse((await shop.request('/cli/ecommerce/orders?s=5&p=0', bearer(token))).body.data)
      .data[0]!.id;
    // An order of 6 packs (as one booked over the phone): copied, its water row cannot come back.
    await shop.handle.db
      .updateTable('order_rows')
      .set({ amount: 6 })
      .where('order_id', '=', orderId)
      .where('barcode', '=', water.barcode)
      .execute();
    const copied = await shop.request('/cli/ecommerce/cart/copy', post({ orderId, terminalType: 'WEB' }, token));
    expect(copied.body.responseCode).toBe(4105);
    expect(copied.body.data.removed).toEqual([
      expect.objectContaining({
        barcode: water.barcode,
        removedReason: "Superato il numero massimo di confezioni d'acqua per ordine (5).",
      }),
    ]);
  });
});

describe("another customer's orders and slots", () => {
  it('gives no data and changes nothing', async () => {
    const owner = await readyCart('owner.order@example.it');
    const intruder = await shopper(shop, 'intruder.order@example.it');
    const slot = await firstSlot(owner.token, owner.cartId);
    await shop.request('/cli/ecommerce/cart/freeze', post(booking(owner.cartId, slot.id), owner.token));
    const orderId = orderPage.parse(
      (await shop.request('/cli/ecommerce/orders?s=5&p=0', bearer(owner.token))).body.data,
    ).data[0]!.id;
    expect((await shop.request(`/cli/ecommerce/orders/${orderId}/fetch`, bearer(intruder))).status).toBe(403);
    expect((await shop.request('/cli/ecommerce/cart/abort', post({ orderId }, intruder))).status).toBe(403);
    expect((await shop.request('/cli/ecommerce/cart/copy', post({ orderId }, intruder))).status).toBe(403);
    expect((await shop.request(`/cli/ecommerce/slots/${owner.cartId}/days`, bearer(intruder))).status).toBe(403);
    expect(
      orderPage.parse((await shop.request('/cli/ecommerce/orders?s=5&p=0', bearer(intruder))).body.data).totalElements,
    ).toBe(0);
    expect((await shop.request(`/cli/ecommerce/orders/${orderId}/fetch`, bearer(owner.token))).body.data.status).toBe(
      'TO_BE_PREPARED',
    );
  });
});
