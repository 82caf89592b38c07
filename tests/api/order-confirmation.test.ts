// The order lifecycle of the cooperative's terms (decision 014, src/shared/order-states.ts): the
// store confirms a pre-order's availability row by row; beyond the shopper's choices at checkout
// (decision 018) the shopper then pays or accepts it until answerDeadline; the shopper's choice of
// substitute per row; modify, abort; waiting orders are reminded, then expire once, even with two
// sweeps at once.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cart, cart as cartSchema } from '#src/shared/contract/cart.ts';
import { type Order, order as orderSchema, slot as slotSchema, slotDay } from '#src/shared/contract/checkout.ts';
import { nonceResponse, preauthQuote, SANDBOX_CARDS } from '#src/shared/contract/payments.ts';
import { round2 } from '#src/shared/contract/money.ts';
import { openDb } from '#src/server/db/client.ts';
import { createOperator } from '#src/server/services/operators.ts';
import { acceptOrder } from '#src/server/services/orders.ts';
import { confirmAvailability, expireWaitingOrders, sweepWaitingOrders } from '#src/server/services/order-lifecycle.ts';
import { answerDeadline, reminderAt } from '#src/shared/order-states.ts';
import { associate, threeDs } from './card-sandbox.ts';
import { catalogueChanged, createTestShop } from './harness.ts';
import { bearer, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
let operator: string;
let otherOperator: string;
let operatorUser: { userId: number; storeId: number };
/** Products of store 1109 at plain prices: pieces a 2,50, b 4,00, c 3,00, d 2,00; kg 10,00 and 8,00 the kg. */
const p: Record<'a' | 'b' | 'c' | 'd' | 'kg' | 'kg2' | 'unsold', { barcode: string; id: number; description: string }> =
  {} as never;

async function login(username: string, password: string) {
  return (await shop.request('/cli/profiles/login', post({ username, password }))).body.data.jwt as string;
}

beforeAll(async () => {
  shop = await createTestShop({ products: 200, env: { ENABLED_PAYMENTS: 'true' } });
  const db = shop.handle.db;
  const products = (um: 'PZ' | 'KG') =>
    db
      .selectFrom('products as p')
      .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
      .select(['p.barcode', 'p.id', 'p.description'])
      .where('sp.store_id', '=', 1109)
      .where('sp.available', '=', true)
      .where('p.um', '=', um)
      .where('p.water_pack', '=', false)
      .orderBy('p.id')
      .limit(5)
      .execute();
  const [a, b, c, d, unsold] = await products('PZ');
  const [kg, kg2] = await products('KG');
  Object.assign(p, { a, b, c, d, unsold, kg, kg2 });
  const prices: [keyof typeof p, number][] = [
    ['a', 250],
    ['b', 400],
    ['c', 300],
    ['d', 200],
    ['kg', 1000],
    ['kg2', 800],
  ];
  for (const [key, cents] of prices)
    await db
      .updateTable('store_products')
      .set({ price_cents: cents })
      .where('product_id', '=', p[key].id)
      .where('store_id', '=', 1109)
      .execute();
  await db
    .deleteFrom('promotions')
    .where(
      'product_id',
      'in',
      Object.values(p).map((x) => x.id),
    )
    .execute();
  // A product the store 1109 does not sell (any more).
  await db
    .updateTable('store_products')
    .set({ available: false })
    .where('product_id', '=', p.unsold.id)
    .where('store_id', '=', 1109)
    .execute();
  await catalogueChanged(shop);
  const other = await db
    .selectFrom('stores')
    .select('id')
    .where('id', '!=', 1109)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const cassa = await createOperator(db, {
    email: 'conferme@coop.example.it',
    password: 'Cassa2026!',
    storeId: 1109,
    firstName: 'Gino',
    lastName: 'Cassa',
  });
  await createOperator(db, {
    email: 'conferme.altro@coop.example.it',
    password: 'Cassa2026!',
    storeId: other.id,
    firstName: 'Pia',
    lastName: 'Altro',
  });
  operator = await login('conferme@coop.example.it', 'Cassa2026!');
  otherOperator = await login('conferme.altro@coop.example.it', 'Cassa2026!');
  operatorUser = { userId: cassa, storeId: 1109 };
});
afterAll(() => shop.close());

type Row = { key: keyof typeof p; amount?: number; weight?: number; replacement?: 'SIMILAR' | 'NONE' | keyof typeof p };

const HOUR = 3_600_000;
const ORIGIN = 'http://localhost';

/** The first free slot whose booking deadline (its start less the template's cut-off) is at least 3 hours away. */
async function laterSlot(token: string, cartId: number) {
  const days = slotDay
    .array()
    .parse((await shop.request(`/cli/ecommerce/slots/${cartId}/days`, bearer(token))).body.data);
  for (const day of days.filter((d) => d.available)) {
    const slots = slotSchema
      .array()
      .parse((await shop.request(`/cli/ecommerce/slots/${cartId}?day=${day.day}`, bearer(token))).body.data);
    for (const slot of slots.filter((s) => s.available)) {
      const { cutoff_minutes } = await shop.handle.db
        .selectFrom('slots as s')
        .innerJoin('slot_templates as t', 't.id', 's.template_id')
        .select('t.cutoff_minutes')
        .where('s.id', '=', slot.id)
        .executeTakeFirstOrThrow();
      const deadline = new Date(slot.validFrom).getTime() - cutoff_minutes * 60_000;
      if (deadline - Date.now() > 3 * HOUR)
        return { id: slot.id, start: new Date(slot.validFrom), deadline, cutoffMinutes: cutoff_minutes };
    }
  }
  throw new Error('no free slot far enough ahead');
}

/**
 * Fills a cart with the rows (each with its choice of substitute, if any) and books it, with the
 * shopper's choices for the store's confirmation (decision 018; the defaults when none).
 */
async function book(
  token: string,
  email: string,
  rows: Row[],
  opts: { paymentMode?: 'CASH' | 'XPAY'; consent?: boolean; acceptChanges?: boolean; acceptChangesLimit?: number } = {},
) {
  const cart = cartSchema.parse(
    (await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token))).body
      .data,
  );
  let view: Cart = cart;
  for (const row of rows) {
    const stored = await shop.request(
      '/cli/ecommerce/cart/store',
      post(
        {
          cartId: cart.id,
          barcode: p[row.key].barcode,
          ...(row.weight === undefined ? { amount: row.amount ?? 1 } : { weight: row.weight }),
        },
        token,
      ),
    );
    expect(stored.body.responseCode).toBe(0);
    view = cartSchema.parse(stored.body.data.cart);
  }
  for (const row of rows) {
    if (!row.replacement) continue;
    const item = view.items.find((i) => i.barcode === p[row.key].barcode)!;
    const named = row.replacement !== 'SIMILAR' && row.replacement !== 'NONE';
    const set = await shop.request(
      '/cli/ecommerce/cart/item/replacement',
      post(
        {
          cartId: cart.id,
          itemId: item.id,
          mode: named ? 'PRODUCT' : row.replacement,
          ...(named ? { barcode: p[row.replacement as keyof typeof p].barcode } : {}),
        },
        token,
      ),
    );
    expect(set.body.responseCode).toBe(0);
    view = cartSchema.parse(set.body.data);
  }
  const quote = preauthQuote.parse(
    (await shop.request(`/cli/pay/preauth/quote?cartId=${cart.id}`, bearer(token))).body.data,
  );
  const slot = await laterSlot(token, cart.id);
  const before = await booked(slot.id);
  const frozen = await shop.request(
    '/cli/ecommerce/cart/freeze',
    post(
      {
        cartId: cart.id,
        timeSlotId: slot.id,
        profileEmail: email,
        profileMobilePhone: '3331234567',
        firstName: 'Anna',
        lastName: 'Rossi',
        paymentMode: opts.paymentMode ?? 'CASH',
        invoice: false,
        enableProductsReplacement: opts.consent ?? true,
        ...(opts.acceptChanges === undefined ? {} : { acceptChanges: opts.acceptChanges }),
        ...(opts.acceptChangesLimit === undefined ? {} : { acceptChangesLimit: opts.acceptChangesLimit }),
      },
      token,
    ),
  );
  expect(frozen.body.responseCode).toBe(0);
  expect(await booked(slot.id)).toBe(before + 1);
  const code = cartSchema.parse(frozen.body.data).code!;
  const orderId = (await shop.request('/cli/ecommerce/orders?s=5&p=0', bearer(token))).body.data.data[0].id as number;
  return { orderId, code, slot, cartView: view, quote };
}

const booked = async (slotId: number) =>
  (await shop.handle.db.selectFrom('slots').select('booked').where('id', '=', slotId).executeTakeFirstOrThrow()).booked;
const fetchOrder = async (token: string, id: number): Promise<Order> =>
  orderSchema.parse((await shop.request(`/cli/ecommerce/orders/${id}/fetch`, bearer(token))).body.data);
const rowOf = (order: Order, key: keyof typeof p) => order.cart.items.find((i) => i.barcode === p[key].barcode)!;
const confirm = (orderId: number, rows: unknown[], token = operator) =>
  shop.request(`/cli/ops/orders/${orderId}/confirm`, post({ rows }, token));
const accept = (orderId: number, token: string) =>
  shop.request(`/cli/ecommerce/orders/${orderId}/accept`, post({}, token));
const step = (orderId: number, status: string) =>
  shop.request(`/cli/ops/orders/${orderId}/status`, post({ status }, operator));
const feesOf = (order: Order) => round2(order.cart.fees.reduce((sum, f) => sum + f.value, 0));
const abortedHistory = async (orderId: number) =>
  shop.handle.db
    .selectFrom('order_status_history')
    .select(['status', 'changed_by'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'ABORTED')
    .execute();

describe('the shopper chooses a substitute per row', () => {
  it('keeps each row’s choice on the cart and carries it to the order rows; rows without one take the order’s consent', async () => {
    const token = await shopper(shop, 'scelte@example.it');
    const withConsent = await book(token, 'scelte@example.it', [
      { key: 'a', amount: 12, replacement: 'NONE' },
      { key: 'b', amount: 2, replacement: 'c' },
      { key: 'd', amount: 3 },
    ]);
    expect(withConsent.cartView.items.map((i) => [i.barcode, i.replacement])).toEqual([
      [p.a.barcode, { mode: 'NONE', barcode: null, description: null, price: null }],
      [p.b.barcode, { mode: 'PRODUCT', barcode: p.c.barcode, description: p.c.description, price: 3 }],
      [p.d.barcode, null],
    ]);
    const order = await fetchOrder(token, withConsent.orderId);
    expect(order).toMatchObject({
      status: 'TO_BE_PREPARED',
      pickupCode: null,
      confirmedAt: null,
      requestedTotal: null,
    });
    expect(order.cart.items.map((i) => [i.barcode, i.replacement, i.confirmation])).toEqual([
      [p.a.barcode, { mode: 'NONE', barcode: null, description: null, price: null }, null],
      [p.b.barcode, { mode: 'PRODUCT', barcode: p.c.barcode, description: p.c.description, price: 3 }, null],
      [p.d.barcode, { mode: 'SIMILAR', barcode: null, description: null, price: null }, null],
    ]);

    const noConsent = await book(
      token,
      'scelte@example.it',
      [
        { key: 'a', amount: 12, replacement: 'SIMILAR' },
        { key: 'd', amount: 3 },
      ],
      { consent: false },
    );
    const refusing = await fetchOrder(token, noConsent.orderId);
    expect(refusing.cart.items.map((i) => i.replacement?.mode)).toEqual(['SIMILAR', 'NONE']);
  });

  it('refuses a named substitute the store does not sell, the row’s own product, a PRODUCT without a barcode, and another shopper’s cart', async () => {
    const token = await shopper(shop, 'scelte.rifiutate@example.it');
    const cart = cartSchema.parse(
      (await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token))).body
        .data,
    );
    const stored = await shop.request(
      '/cli/ecommerce/cart/store',
      post({ cartId: cart.id, barcode: p.a.barcode, amount: 2 }, token),
    );
    const itemId = cartSchema.parse(stored.body.data.cart).items[0]!.id;
    const choose = (body: object, as = token) =>
      shop.request('/cli/ecommerce/cart/item/replacement', post({ cartId: cart.id, itemId, ...body }, as));

    const unsold = await choose({ mode: 'PRODUCT', barcode: p.unsold.barcode });
    expect(unsold.body).toMatchObject({
      responseCode: 4030,
      errorMessage: 'Il prodotto sostitutivo non è disponibile in questo punto vendita.',
    });
    const itself = await choose({ mode: 'PRODUCT', barcode: p.a.barcode });
    expect(itself.body).toMatchObject({
      responseCode: 4030,
      errorMessage: 'Scegli un prodotto diverso da quello da sostituire.',
    });
    expect((await choose({ mode: 'PRODUCT' })).status).toBe(400);
    expect((await choose({ mode: 'MAYBE' })).status).toBe(400);
    const intruder = await shopper(shop, 'scelte.intruso@example.it');
    expect((await choose({ mode: 'NONE' }, intruder)).status).toBe(403);
    // Nothing was kept of the refused choices.
    const seen = cartSchema.parse(
      (await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token))).body
        .data,
    );
    expect(seen.items.map((i) => i.replacement ?? null)).toEqual([null]);
  });
});

describe('the store confirms availability', () => {
  it('a row unavailable and one substituted beyond the shopper’s limit: the confirmed totals, each row’s confirmation, the requested total and the deadline to answer', async () => {
    const token = await shopper(shop, 'confermato@example.it');
    const { orderId, slot } = await book(token, 'confermato@example.it', [
      { key: 'a', amount: 12 },
      { key: 'b', amount: 2 },
      { key: 'd', amount: 3, replacement: 'NONE' },
    ]);
    const booked0 = await fetchOrder(token, orderId);
    const fees = feesOf(booked0);
    // 12 × 2,50 + 2 × 4,00 + 3 × 2,00 = 44,00 plus the bags.
    expect(booked0.cart.netTotal).toBe(44);
    expect(booked0.cart.totalToPay).toBe(round2(44 + fees));
    expect(booked0.expiresAt).toBe(new Date(slot.deadline).toISOString());
    expect((await shop.request('/cli/ops/orders?status=TO_BE_PREPARED', bearer(operator))).body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: orderId })]),
    );

    const before = Date.now();
    const answer = await confirm(orderId, [
      { id: rowOf(booked0, 'a').id, outcome: 'UNAVAILABLE' },
      { id: rowOf(booked0, 'b').id, outcome: 'SUBSTITUTED', substituteBarcode: p.c.barcode },
    ]);
    expect(answer.body.responseCode).toBe(0);
    const confirmed = await fetchOrder(token, orderId);
    expect(confirmed).toEqual(orderSchema.parse(answer.body.data));
    // 0 + 2 × 3,00 + 3 × 2,00 = 12,00: the unavailable row counts 0, the substitute at its price in the store.
    // 32,00 € less, beyond the default limit of 10,00 €: the order waits for the shopper.
    expect(confirmed).toMatchObject({
      status: 'PAYMENT_PENDING',
      withinChoices: false,
      pickupCode: null,
      requestedTotal: round2(44 + fees),
      cart: { netTotal: 12, total: round2(12 + fees), totalToPay: round2(12 + fees) },
      operatorCart: null,
      preparedCartItems: [],
    });
    const confirmedAt = new Date(confirmed.confirmedAt!).getTime();
    expect(confirmedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(confirmedAt).toBeLessThanOrEqual(Date.now());
    expect(confirmed.expiresAt).toBe(
      answerDeadline(new Date(confirmedAt), slot.start, slot.cutoffMinutes).toISOString(),
    );
    expect(confirmed.cart.items).toEqual([
      expect.objectContaining({
        barcode: p.a.barcode,
        available: false,
        status: 'danger',
        amount: 12,
        confirmation: { outcome: 'UNAVAILABLE', original: null },
      }),
      expect.objectContaining({
        barcode: p.c.barcode,
        description: p.c.description,
        available: true,
        amount: 2,
        netPrice: 3,
        rowNetPrice: 6,
        confirmation: {
          outcome: 'SUBSTITUTED',
          original: { barcode: p.b.barcode, description: p.b.description, netPrice: 4, rowNetPrice: 8 },
        },
      }),
      expect.objectContaining({
        barcode: p.d.barcode,
        available: true,
        rowNetPrice: 6,
        confirmation: { outcome: 'AVAILABLE', original: null },
      }),
    ]);
    const history = await shop.handle.db
      .selectFrom('order_status_history')
      .select(['status', 'changed_by'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.status)).toEqual(['TO_BE_PREPARED', 'PAYMENT_PENDING']);
    expect(history[1]!.changed_by).toBe(operatorUser.userId);

    // Confirmed once: a second confirmation, or moving it on by a status change, is refused.
    expect((await confirm(orderId, [])).body.responseCode).toBe(4205);
    expect((await step(orderId, 'IN_PREPARATION')).body.responseCode).toBe(4205);
  });

  it('an order with a row confirmed unavailable still needs the store to pick the others before it is ready', async () => {
    const token = await shopper(shop, 'prima.preparato@example.it');
    const { orderId } = await book(token, 'prima.preparato@example.it', [
      { key: 'a', amount: 12 },
      { key: 'b', amount: 2 },
    ]);
    const order = await fetchOrder(token, orderId);
    expect((await confirm(orderId, [{ id: rowOf(order, 'a').id, outcome: 'UNAVAILABLE' }])).body.responseCode).toBe(0);
    expect((await accept(orderId, token)).body.data.status).toBe('IN_PREPARATION');
    const early = await step(orderId, 'TO_BE_COLLECTED');
    expect(early.body).toMatchObject({ responseCode: 4205, errorMessage: 'Indica prima le quantità preparate.' });
    const picked = await shop.request(
      `/cli/ops/orders/${orderId}/picked`,
      post({ rows: [{ id: rowOf(order, 'b').id, operatorAmount: 2 }] }, operator),
    );
    expect(picked.body.responseCode).toBe(0);
    expect((await step(orderId, 'TO_BE_COLLECTED')).body.data.status).toBe('TO_BE_COLLECTED');
  });

  it('a row whose shopper named a product is substituted by that product, with or without its barcode; another product is refused', async () => {
    const token = await shopper(shop, 'nominato@example.it');
    const { orderId } = await book(token, 'nominato@example.it', [
      { key: 'a', amount: 12 },
      { key: 'b', amount: 2, replacement: 'c' },
    ]);
    const rows = (await fetchOrder(token, orderId)).cart.items;
    const b = rows.find((r) => r.barcode === p.b.barcode)!;
    const other = await confirm(orderId, [{ id: b.id, outcome: 'SUBSTITUTED', substituteBarcode: p.d.barcode }]);
    expect(other.body).toMatchObject({
      responseCode: 4205,
      errorMessage: `Il cliente ha scelto «${p.c.description}» come sostituto di «${p.b.description}».`,
    });
    const named = await confirm(orderId, [{ id: b.id, outcome: 'SUBSTITUTED' }]);
    expect(named.body.responseCode).toBe(0);
    const order = orderSchema.parse(named.body.data);
    expect(rowOf(order, 'c')).toMatchObject({ amount: 2, rowNetPrice: 6, confirmation: { outcome: 'SUBSTITUTED' } });
    expect(order.cart.netTotal).toBe(36);
  });

  it('refuses what the shopper or the store does not allow, and changes nothing then', async () => {
    const token = await shopper(shop, 'rifiuti@example.it');
    const { orderId } = await book(token, 'rifiuti@example.it', [
      { key: 'a', amount: 12, replacement: 'NONE' },
      { key: 'b', amount: 2 },
      { key: 'kg', weight: 1 },
    ]);
    const order = await fetchOrder(token, orderId);
    const [a, b, kg] = [rowOf(order, 'a'), rowOf(order, 'b'), rowOf(order, 'kg')];
    const refused = async (rows: unknown[], code: number, message?: string, as = operator) => {
      const answer = await confirm(orderId, rows, as);
      expect(answer.body.responseCode, JSON.stringify(rows)).toBe(code);
      if (message) expect(answer.body.errorMessage).toBe(message);
    };
    // b first: a refusal on a later row leaves the earlier one as it was.
    await refused(
      [
        { id: b.id, outcome: 'UNAVAILABLE' },
        { id: a.id, outcome: 'SUBSTITUTED', substituteBarcode: p.c.barcode },
      ],
      4205,
      `Il cliente non vuole sostituzioni per «${p.a.description}».`,
    );
    await refused(
      [
        { id: a.id, outcome: 'UNAVAILABLE' },
        { id: b.id, outcome: 'UNAVAILABLE' },
        { id: kg.id, outcome: 'UNAVAILABLE' },
      ],
      4205,
      "Nessun prodotto disponibile: annulla l'ordine.",
    );
    await refused(
      [{ id: b.id, outcome: 'SUBSTITUTED', substituteBarcode: p.unsold.barcode }],
      4030,
      'Il prodotto sostitutivo non è disponibile in questo punto vendita.',
    );
    await refused(
      [{ id: b.id, outcome: 'SUBSTITUTED', substituteBarcode: p.b.barcode }],
      4030,
      'Il prodotto sostitutivo non è disponibile in questo punto vendita.',
    );
    await refused(
      [{ id: b.id, outcome: 'SUBSTITUTED', substituteBarcode: p.kg2.barcode }],
      4031,
      'Scegli un sostituto venduto allo stesso modo (a pezzi o a peso) del prodotto ordinato.',
    );
    await refused(
      [{ id: kg.id, outcome: 'SUBSTITUTED', substituteBarcode: p.c.barcode }],
      4031,
      'Scegli un sostituto venduto allo stesso modo (a pezzi o a peso) del prodotto ordinato.',
    );
    await refused([{ id: 999_999, outcome: 'UNAVAILABLE' }], 4205, "Riga 999999 non presente nell'ordine.");
    // Bad input: no substitute named for a row with no named product, an unknown outcome, a malformed barcode.
    expect((await confirm(orderId, [{ id: b.id, outcome: 'SUBSTITUTED' }])).status).toBe(400);
    expect((await confirm(orderId, [{ id: b.id, outcome: 'MAYBE' }])).status).toBe(400);
    expect((await confirm(orderId, [{ id: b.id, outcome: 'SUBSTITUTED', substituteBarcode: 'abc' }])).status).toBe(400);
    // Another store's operator, and a shopper, may not confirm it.
    expect((await confirm(orderId, [], otherOperator)).status).toBe(403);
    expect((await confirm(orderId, [], token)).status).toBe(403);

    const unchanged = await fetchOrder(token, orderId);
    expect(unchanged).toEqual(order);
    expect(unchanged.cart.items.map((i) => i.confirmation)).toEqual([null, null, null]);
  });

  it('refuses a confirmation past the deadline (the slot’s cut-off)', async () => {
    const token = await shopper(shop, 'tardi@example.it');
    const { orderId, slot } = await book(
      token,
      'tardi@example.it',
      [
        { key: 'a', amount: 12 },
        { key: 'b', amount: 2 },
      ],
      { acceptChanges: false },
    );
    const b = rowOf(await fetchOrder(token, orderId), 'b');
    const bUnavailable = [{ id: b.id, outcome: 'UNAVAILABLE' as const, substituteBarcode: null }];
    await expect(
      confirmAvailability(shop.handle.db, operatorUser, orderId, bUnavailable, new Date(slot.deadline)),
    ).rejects.toMatchObject({ code: 4205, message: "Il tempo per confermare l'ordine è scaduto." });
    expect((await fetchOrder(token, orderId)).status).toBe('TO_BE_PREPARED');
    // A minute before it, the store confirms; a row unavailable, which the shopper wants to be asked about.
    const at = new Date(slot.deadline - 60_000);
    const confirmed = await confirmAvailability(shop.handle.db, operatorUser, orderId, bUnavailable, at);
    expect(confirmed).toMatchObject({ status: 'PAYMENT_PENDING', withinChoices: false });
    // The shopper then has until the deadline computed from the slot (at least an hour of waking time,
    // never later than half an hour before the slot starts), and is reminded before it.
    const deadline = answerDeadline(at, slot.start, slot.cutoffMinutes);
    expect(confirmed.expiresAt).toBe(deadline.toISOString());
    expect(deadline.getTime()).toBeGreaterThan(at.getTime());
    expect(deadline.getTime()).toBeLessThanOrEqual(slot.start.getTime() - 30 * 60_000);
    const { remind_at } = await shop.handle.db
      .selectFrom('orders')
      .select('remind_at')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(new Date(remind_at!).toISOString()).toBe(reminderAt(at, deadline).toISOString());
  });
});

describe('the shopper accepts or pays the confirmed order', () => {
  it('accepting a cash order confirmed beyond the shopper’s choices issues the pickup code; refused before the confirmation, twice, for another shopper and past the deadline', async () => {
    const token = await shopper(shop, 'accetta@example.it');
    // The shopper wants to be asked about any change; b is unavailable.
    const waiting = () =>
      book(
        token,
        'accetta@example.it',
        [
          { key: 'a', amount: 12 },
          { key: 'b', amount: 2 },
        ],
        { acceptChanges: false },
      );
    const confirmB = async (id: number) => {
      const b = rowOf(await fetchOrder(token, id), 'b');
      const answer = await confirm(id, [{ id: b.id, outcome: 'UNAVAILABLE' }]);
      expect(answer.body.data).toMatchObject({ status: 'PAYMENT_PENDING', withinChoices: false, pickupCode: null });
      return orderSchema.parse(answer.body.data);
    };
    const { orderId } = await waiting();
    expect((await accept(orderId, token)).body.responseCode).toBe(4205); // the store has not confirmed yet
    await confirmB(orderId);
    const intruder = await shopper(shop, 'accetta.intruso@example.it');
    expect((await accept(orderId, intruder)).status).toBe(403);

    const accepted = await accept(orderId, token);
    expect(accepted.body.responseCode).toBe(0);
    const order = await fetchOrder(token, orderId);
    expect(order).toEqual(orderSchema.parse(accepted.body.data));
    expect(order).toMatchObject({ status: 'IN_PREPARATION', expiresAt: null });
    expect(order.pickupCode).toMatch(/^[0-9]{6}$/);
    expect((await accept(orderId, token)).body.responseCode).toBe(4205);

    const late = await waiting();
    const confirmed = await confirmB(late.orderId);
    await expect(
      acceptOrder(shop.handle.db, await userIdOf(token), late.orderId, new Date(confirmed.expiresAt!)),
    ).rejects.toMatchObject({ code: 4205, message: "Il tempo per confermare l'ordine è scaduto." });
    expect((await fetchOrder(token, late.orderId)).status).toBe('PAYMENT_PENDING');
  });

  it('a card order confirmed beyond the shopper’s choices is not accepted: it is paid by a hold of the confirmed total plus the surcharge, then prepared with a pickup code', async () => {
    const token = await shopper(shop, 'carta.confermata@example.it');
    await associate(shop, token, SANDBOX_CARDS.approve);
    const { orderId, code } = await book(
      token,
      'carta.confermata@example.it',
      [
        { key: 'a', amount: 10 },
        { key: 'b', amount: 2 },
        { key: 'kg', weight: 1.5 },
        { key: 'kg2', weight: 1 },
      ],
      { paymentMode: 'XPAY', acceptChanges: false },
    );
    const booked0 = await fetchOrder(token, orderId);
    const fees = feesOf(booked0);
    expect(booked0.cart.netTotal).toBe(56); // 25 + 8 + 15 + 8
    // The kg row of 10,00 the kg unavailable, b replaced by c: 25 + 6 + 8 = 39,00; surcharge 10% of the 8,00 by weight.
    expect(
      (
        await confirm(orderId, [
          { id: rowOf(booked0, 'kg').id, outcome: 'UNAVAILABLE' },
          { id: rowOf(booked0, 'b').id, outcome: 'SUBSTITUTED', substituteBarcode: p.c.barcode },
        ])
      ).body.responseCode,
    ).toBe(0);
    expect((await accept(orderId, token)).body.responseCode).toBe(4205);
    const confirmed = await fetchOrder(token, orderId);
    // The linked card is not charged without the shopper: the order waits for their payment.
    expect(confirmed).toMatchObject({ status: 'PAYMENT_PENDING', withinChoices: false, cardPayment: null });
    expect(confirmed.cart.totalToPay).toBe(round2(39 + fees));
    const quote = preauthQuote.parse(
      (await shop.request(`/cli/pay/preauth/quote?orderCode=${code}`, bearer(token))).body.data,
    );
    expect(quote).toEqual({
      totalToPay: round2(39 + fees),
      variableWeightTotal: 8,
      surchargePercent: 10,
      surcharge: 0.8,
      amount: round2(39.8 + fees),
    });
    const nonce = nonceResponse.parse(
      (await shop.request(`/cli/pay/v2/xpay/nonce?orderCode=${code}`, bearer(token))).body.data,
    );
    expect(nonce).toMatchObject({ esito: 'OK', amount: quote.amount });
    expect((await threeDs(shop, nonce.html!)).location).toBe(`/app/checkout/confirm?orderCode=${code}`);
    const paid = await fetchOrder(token, orderId);
    expect(paid).toMatchObject({
      status: 'IN_PREPARATION',
      expiresAt: null,
      cardPayment: { status: 'AUTHORISED', authorised: quote.amount, captured: null },
    });
    expect(paid.pickupCode).toMatch(/^[0-9]{6}$/);
    const held = await shop.handle.db
      .selectFrom('payment_transactions')
      .select(['amount_cents', 'status'])
      .where('order_id', '=', orderId)
      .execute();
    expect(held).toEqual([{ amount_cents: Math.round(quote.amount * 100), status: 'APPROVED' }]);
  });
});

async function userIdOf(token: string): Promise<number> {
  return (await shop.request('/cli/profiles/login', bearer(token))).body.data.profile.id as number;
}

describe('the shopper modifies or aborts', () => {
  it('modifying a confirmed order cancels it, frees its slot place and puts the confirmed rows back in a cart, the unavailable ones listed as removed', async () => {
    const token = await shopper(shop, 'modifica@example.it');
    const { orderId, slot } = await book(token, 'modifica@example.it', [
      { key: 'a', amount: 12 },
      { key: 'b', amount: 2 },
      { key: 'd', amount: 3, replacement: 'NONE' },
    ]);
    const order = await fetchOrder(token, orderId);
    await confirm(orderId, [
      { id: rowOf(order, 'a').id, outcome: 'UNAVAILABLE' },
      { id: rowOf(order, 'b').id, outcome: 'SUBSTITUTED', substituteBarcode: p.c.barcode },
    ]);
    const slotBefore = await booked(slot.id);
    const answer = await shop.request(`/cli/ecommerce/orders/${orderId}/modify`, post({}, token));
    expect(answer.body.responseCode).toBe(4105);
    const { cart, updated, removed } = answer.body.data as {
      cart: Cart;
      updated: Cart['items'];
      removed: Cart['items'];
    };
    expect(cartSchema.parse(cart).items.map((i) => [i.barcode, i.amount, i.replacement?.mode ?? null])).toEqual([
      [p.c.barcode, 2, null],
      [p.d.barcode, 3, 'NONE'],
    ]);
    expect(cart.netTotal).toBe(12);
    expect(updated).toEqual([]);
    expect(removed).toEqual([expect.objectContaining({ barcode: p.a.barcode, amount: 12, available: false })]);
    expect(await booked(slot.id)).toBe(slotBefore - 1);
    expect((await fetchOrder(token, orderId)).status).toBe('ABORTED');
    expect(await abortedHistory(orderId)).toHaveLength(1);
    // Modified once: the aborted order is not waiting any more.
    expect((await shop.request(`/cli/ecommerce/orders/${orderId}/modify`, post({}, token))).body.responseCode).toBe(
      4205,
    );
  });

  it('modifying a pre-order the store has not confirmed gives its rows back as they were; refused once it is prepared and for another shopper', async () => {
    const token = await shopper(shop, 'modifica.presto@example.it');
    const { orderId, slot } = await book(token, 'modifica.presto@example.it', [
      { key: 'a', amount: 12, replacement: 'c' },
    ]);
    const intruder = await shopper(shop, 'modifica.intruso@example.it');
    expect((await shop.request(`/cli/ecommerce/orders/${orderId}/modify`, post({}, intruder))).status).toBe(403);
    const slotBefore = await booked(slot.id);
    const answer = await shop.request(`/cli/ecommerce/orders/${orderId}/modify`, post({}, token));
    expect(answer.body.responseCode).toBe(0);
    expect(cartSchema.parse(answer.body.data).items.map((i) => [i.barcode, i.amount, i.replacement])).toEqual([
      [p.a.barcode, 12, { mode: 'PRODUCT', barcode: p.c.barcode, description: p.c.description, price: 3 }],
    ]);
    expect(await booked(slot.id)).toBe(slotBefore - 1);

    // Confirmed as ordered: prepared at once, without the shopper.
    const prepared = await book(token, 'modifica.presto@example.it', [{ key: 'a', amount: 12 }]);
    expect((await confirm(prepared.orderId, [])).body.data.status).toBe('IN_PREPARATION');
    expect(
      (await shop.request(`/cli/ecommerce/orders/${prepared.orderId}/modify`, post({}, token))).body.responseCode,
    ).toBe(4205);
    expect((await fetchOrder(token, prepared.orderId)).status).toBe('IN_PREPARATION');
  });

  it('aborting a paid order in TO_BE_COLLECTED frees the slot place and releases the hold; in ISSUING_RECEIPT it is refused', async () => {
    const token = await shopper(shop, 'annulla.tardi@example.it');
    await associate(shop, token, SANDBOX_CARDS.approve);
    const { orderId, slot } = await book(token, 'annulla.tardi@example.it', [{ key: 'a', amount: 12 }], {
      paymentMode: 'XPAY',
    });
    // Confirmed as ordered: the hold is taken on the linked card, and the order prepared.
    expect((await confirm(orderId, [])).body.data).toMatchObject({
      status: 'IN_PREPARATION',
      cardPayment: { status: 'AUTHORISED' },
    });
    const rowId = (await fetchOrder(token, orderId)).cart.items[0]!.id;
    await shop.request(
      `/cli/ops/orders/${orderId}/picked`,
      post({ rows: [{ id: rowId, operatorAmount: 12 }] }, operator),
    );
    expect((await step(orderId, 'TO_BE_COLLECTED')).body.data.status).toBe('TO_BE_COLLECTED');
    const slotBefore = await booked(slot.id);
    const aborted = await shop.request('/cli/ecommerce/cart/abort', post({ orderId }, token));
    expect(aborted.body.data.status).toBe('ABORTED');
    expect(await booked(slot.id)).toBe(slotBefore - 1);
    expect((await fetchOrder(token, orderId)).cardPayment).toMatchObject({ status: 'VOIDED', captured: null });

    const cash = await book(token, 'annulla.tardi@example.it', [{ key: 'a', amount: 12 }]);
    expect((await confirm(cash.orderId, [])).body.data.status).toBe('IN_PREPARATION');
    const cashRow = (await fetchOrder(token, cash.orderId)).cart.items[0]!.id;
    await shop.request(
      `/cli/ops/orders/${cash.orderId}/picked`,
      post({ rows: [{ id: cashRow, operatorAmount: 12 }] }, operator),
    );
    await step(cash.orderId, 'TO_BE_COLLECTED');
    expect((await step(cash.orderId, 'ISSUING_RECEIPT')).body.data.status).toBe('ISSUING_RECEIPT');
    const cashSlot = await booked(cash.slot.id);
    expect(
      (await shop.request('/cli/ecommerce/cart/abort', post({ orderId: cash.orderId }, token))).body.responseCode,
    ).toBe(4205);
    expect((await fetchOrder(token, cash.orderId)).status).toBe('ISSUING_RECEIPT');
    expect(await booked(cash.slot.id)).toBe(cashSlot);
  });
});

describe('waiting orders are reminded, then expire', () => {
  /** The subjects of the reminders queued for an address. */
  const remindersTo = async (address: string) =>
    (
      await shop.handle.db
        .selectFrom('mail_queue')
        .select('subject')
        .where('recipient', '=', address)
        .where('subject', 'like', '%ti aspetta%')
        .execute()
    ).map((m) => m.subject);
  /** An order of two rows whose shopper wants to be asked about any change, confirmed with b unavailable: it waits for them. */
  async function waitingOrder(token: string, email: string, paymentMode: 'CASH' | 'XPAY' = 'CASH') {
    const booking = await book(
      token,
      email,
      [
        { key: 'a', amount: 12 },
        { key: 'b', amount: 2 },
      ],
      { paymentMode, acceptChanges: false },
    );
    const b = rowOf(await fetchOrder(token, booking.orderId), 'b');
    const answer = await confirm(booking.orderId, [{ id: b.id, outcome: 'UNAVAILABLE' }]);
    const confirmed = orderSchema.parse(answer.body.data);
    expect(confirmed).toMatchObject({ status: 'PAYMENT_PENDING', withinChoices: false });
    return { ...booking, confirmed };
  }
  const reminderOf = async (orderId: number) =>
    shop.handle.db
      .selectFrom('orders')
      .select(['remind_at', 'reminded_at', 'expires_at'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();

  it('a pre-order the store did not confirm by its cut-off, and a confirmed order not paid by its deadline once reminded, are aborted once, their slot place freed', async () => {
    const email = 'scade@example.it';
    const token = await shopper(shop, email);
    const pre = await book(token, email, [{ key: 'a', amount: 12 }]);
    const unpaid = await waitingOrder(token, email, 'XPAY');
    const confirmedAt = new Date(unpaid.confirmed.confirmedAt!);
    const payBy = new Date(unpaid.confirmed.expiresAt!).getTime();
    expect(payBy).toBe(answerDeadline(confirmedAt, unpaid.slot.start, unpaid.slot.cutoffMinutes).getTime());
    const remindAt = new Date((await reminderOf(unpaid.orderId)).remind_at!).getTime();
    expect(remindAt).toBe(reminderAt(confirmedAt, new Date(payBy)).getTime());
    expect(remindAt).toBeLessThan(payBy);
    const ids = [pre.orderId, unpaid.orderId];
    // Every sweep expires whatever else of this file still waits by then: the slots are counted with all of them.
    const allExpired: number[] = [];
    const ours = (list: number[]) => list.filter((id) => ids.includes(id));
    const sweep = async (at: number) => {
      const { reminded, expired } = await sweepWaitingOrders(shop.handle.db, new Date(at), ORIGIN);
      allExpired.push(...expired.map((o) => o.id));
      return { reminded: ours(reminded), expired: ours(expired.map((o) => o.id)) };
    };
    const statuses = async () => Promise.all(ids.map(async (id) => (await fetchOrder(token, id)).status));
    const places = async () => [await booked(pre.slot.id), await booked(unpaid.slot.id)];

    const start = await places();
    // Before the reminder is due and before the cut-off: untouched.
    expect(await sweep(Math.min(remindAt, pre.slot.deadline) - 60_000)).toEqual({ reminded: [], expired: [] });
    expect(await statuses()).toEqual(['TO_BE_PREPARED', 'PAYMENT_PENDING']);
    expect(await remindersTo(email)).toEqual([]);
    // A sweep that sends no reminder, past both deadlines: the pre-order only; the confirmed order
    // does not expire before its shopper was reminded.
    const pastBoth = Math.max(payBy, pre.slot.deadline);
    const unreminded = (await expireWaitingOrders(shop.handle.db, new Date(pastBoth), ORIGIN)).map((o) => o.id);
    allExpired.push(...unreminded);
    expect(ours(unreminded)).toEqual([pre.orderId]);
    expect(await statuses()).toEqual(['ABORTED', 'PAYMENT_PENDING']);
    // The reminder when due: sent once, the deadline unchanged; the order waits until then.
    expect(await sweep(remindAt)).toEqual({ reminded: [unpaid.orderId], expired: [] });
    expect(await reminderOf(unpaid.orderId)).toMatchObject({ reminded_at: new Date(remindAt) });
    expect(new Date((await reminderOf(unpaid.orderId)).expires_at!).getTime()).toBe(payBy);
    expect(await remindersTo(email)).toHaveLength(1);
    expect(await sweep(payBy - 60_000)).toEqual({ reminded: [], expired: [] });
    expect(await statuses()).toEqual(['ABORTED', 'PAYMENT_PENDING']);
    // Past its deadline: the confirmed order, reminded.
    expect(await sweep(payBy)).toEqual({ reminded: [], expired: [unpaid.orderId] });
    expect(await statuses()).toEqual(['ABORTED', 'ABORTED']);
    // Once only: sweeping again finds nothing, frees nothing, reminds nobody again.
    expect(await sweep(pastBoth + 24 * HOUR)).toEqual({ reminded: [], expired: [] });
    expect(await remindersTo(email)).toHaveLength(1);
    expect(allExpired.length).toBe(new Set(allExpired).size);
    const expiredSlots = (
      await shop.handle.db.selectFrom('orders').select('slot_id').where('id', 'in', allExpired).execute()
    ).map((o) => o.slot_id);
    const freed = (slotId: number) => expiredSlots.filter((id) => id === slotId).length;
    expect(freed(pre.slot.id)).toBeGreaterThanOrEqual(1);
    expect(freed(unpaid.slot.id)).toBeGreaterThanOrEqual(1);
    expect(await places()).toEqual([start[0]! - freed(pre.slot.id), start[1]! - freed(unpaid.slot.id)]);
    for (const id of ids) expect(await abortedHistory(id)).toEqual([{ status: 'ABORTED', changed_by: null }]);
    // An expired order is neither confirmed nor paid any more.
    expect((await confirm(pre.orderId, [])).body.responseCode).toBe(4205);
    expect(
      (await shop.request(`/cli/pay/v2/xpay/nonce?orderCode=${unpaid.code}`, bearer(token))).body.responseCode,
    ).toBe(4205);
  });

  it('two sweeps at once remind each waiting order exactly once, and expire each order exactly once', async () => {
    const email = 'scade.insieme@example.it';
    const token = await shopper(shop, email);
    const orders = [];
    // Five pre-orders the store does not confirm, five confirmed orders waiting for the shopper.
    for (let n = 0; n < 5; n++) orders.push(await book(token, email, [{ key: 'a', amount: 12 }]));
    const waiting = [];
    for (let n = 0; n < 5; n++) waiting.push(await waitingOrder(token, email));
    orders.push(...waiting);
    const ids = orders.map((o) => o.orderId);
    const waitingIds = waiting.map((o) => o.orderId);
    // Past every cut-off and every deadline, with no reminder sent yet.
    const at = new Date(
      Math.max(
        ...orders.map((o) => o.slot.deadline),
        ...waiting.map((o) => new Date(o.confirmed.expiresAt!).getTime()),
      ) + 60_000,
    );
    const slotIds = [...new Set(orders.map((o) => o.slot.id))];
    const placesBefore = new Map(await Promise.all(slotIds.map(async (id) => [id, await booked(id)] as const)));

    /** Two sweeps at once, as two API processes would run them. */
    const race = async (when: Date) => {
      if (shop.handle.engine !== 'postgres')
        return Promise.all([
          sweepWaitingOrders(shop.handle.db, when, ORIGIN),
          sweepWaitingOrders(shop.handle.db, when, ORIGIN),
        ]);
      // A second API process on the same database.
      const { name } = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(shop.handle.db))
        .rows[0]!;
      const url = new URL(process.env['DATABASE_URL']!);
      url.pathname = `/${name}`;
      const second = await openDb({ databaseUrl: url.toString() });
      try {
        // Its connections open before the race, so that both sweeps run at once.
        await Promise.all([1, 2, 3].map(() => sql`SELECT 1`.execute(second.db)));
        return await Promise.all([
          sweepWaitingOrders(shop.handle.db, when, ORIGIN),
          sweepWaitingOrders(second.db, when, ORIGIN),
        ]);
      } finally {
        await second.close();
      }
    };

    // The first sweeps: the pre-orders expire; the waiting orders, never reminded, are reminded
    // (each by one sweep only) and given 30 minutes more.
    const first = await race(at);
    const reminded = first.flatMap((r) => r.reminded);
    expect(reminded.length).toBe(new Set(reminded).size);
    expect(reminded).toEqual(expect.arrayContaining(waitingIds));
    expect(await remindersTo(email)).toHaveLength(5);
    const firstExpired = first.flatMap((r) => r.expired.map((o) => o.id));
    expect(firstExpired).toEqual(expect.arrayContaining(ids.slice(0, 5)));
    expect(firstExpired.filter((id) => waitingIds.includes(id))).toEqual([]);
    for (const id of waitingIds) {
      expect((await fetchOrder(token, id)).status).toBe('PAYMENT_PENDING');
      const row = await reminderOf(id);
      expect(row.reminded_at).toEqual(at);
      expect(row.expires_at).toEqual(new Date(at.getTime() + 30 * 60_000));
    }
    // Half an hour later: the waiting orders expire.
    const second = await race(new Date(at.getTime() + 30 * 60_000));
    expect(second.flatMap((r) => r.reminded).filter((id) => ids.includes(id))).toEqual([]);
    expect(await remindersTo(email)).toHaveLength(5);
    const expired = [...firstExpired, ...second.flatMap((r) => r.expired.map((o) => o.id))];
    // No order in two sweeps' answers, every one of ours in one of them.
    expect(expired.length).toBe(new Set(expired).size);
    expect(expired).toEqual(expect.arrayContaining(ids));
    for (const id of ids) {
      expect((await fetchOrder(token, id)).status).toBe('ABORTED');
      expect(await abortedHistory(id)).toHaveLength(1);
    }
    // Each slot has back exactly one place per order expired in it.
    const expiredSlots = await shop.handle.db
      .selectFrom('orders')
      .select('slot_id')
      .where('id', 'in', expired)
      .execute();
    for (const id of slotIds) {
      const freed = expiredSlots.filter((o) => o.slot_id === id).length;
      expect(await booked(id)).toBe(placesBefore.get(id)! - freed);
    }
  });
});
