// Orders that complete themselves (decision 018): the shopper decides once at checkout, the
// store's confirmation goes through on its own within those choices (cash: prepared at once; card:
// the hold taken on the linked card without the shopper), only what is beyond them waits for the
// shopper until a deadline computed from the slot, with a reminder before it expires.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '#src/server/db/client.ts';
import { createOperator } from '#src/server/services/operators.ts';
import { confirmAvailability, sweepWaitingOrders } from '#src/server/services/order-lifecycle.ts';
import { cart as cartSchema } from '#src/shared/contract/cart.ts';
import { type Order, order as orderSchema, slot as slotSchema, slotDay } from '#src/shared/contract/checkout.ts';
import { nonceResponse, SANDBOX_CARDS } from '#src/shared/contract/payments.ts';
import { answerDeadline } from '#src/shared/order-states.ts';
import { associate, threeDs } from './card-sandbox.ts';
import { catalogueChanged, createTestShop } from './harness.ts';
import { bearer, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
let operator: string;
let operatorUser: { userId: number; storeId: number };
/** Products of store 1109 sold by the piece at plain prices: a 5,00 €, b 4,00 €, c 3,00 € (b's substitute). */
const p = {} as Record<'a' | 'b' | 'c', { barcode: string; id: number; description: string }>;
const ORIGIN = 'http://localhost';

beforeAll(async () => {
  shop = await createTestShop({ products: 200, env: { ENABLED_PAYMENTS: 'true' } });
  const db = shop.handle.db;
  const [a, b, c] = await db
    .selectFrom('products as p')
    .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
    .select(['p.barcode', 'p.id', 'p.description'])
    .where('sp.store_id', '=', 1109)
    .where('sp.available', '=', true)
    .where('p.um', '=', 'PZ')
    .where('p.water_pack', '=', false)
    .orderBy('p.id')
    .limit(3)
    .execute();
  Object.assign(p, { a, b, c });
  for (const [key, cents] of [
    ['a', 500],
    ['b', 400],
    ['c', 300],
  ] as const)
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
  await catalogueChanged(shop);
  const userId = await createOperator(db, {
    email: 'da-sole@coop.example.it',
    password: 'Cassa2026!',
    storeId: 1109,
    firstName: 'Gino',
    lastName: 'Cassa',
  });
  operatorUser = { userId, storeId: 1109 };
  operator = (
    await shop.request('/cli/profiles/login', post({ username: 'da-sole@coop.example.it', password: 'Cassa2026!' }))
  ).body.data.jwt as string;
});
afterAll(() => shop.close());

type Choices = { acceptChanges?: boolean; acceptChangesLimit?: number };

/** Books 8 × a and 2 × b (48,00 €) in store 1109's first free slot, with the shopper's choices (the defaults when none). */
async function book(token: string, email: string, opts: Choices & { paymentMode?: 'CASH' | 'XPAY' } = {}) {
  const cart = cartSchema.parse(
    (await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token))).body
      .data,
  );
  for (const [key, amount] of [
    ['a', 8],
    ['b', 2],
  ] as const)
    expect(
      (
        await shop.request(
          '/cli/ecommerce/cart/store',
          post({ cartId: cart.id, barcode: p[key].barcode, amount }, token),
        )
      ).body.responseCode,
    ).toBe(0);
  const days = slotDay
    .array()
    .parse((await shop.request(`/cli/ecommerce/slots/${cart.id}/days`, bearer(token))).body.data);
  const day = days.find((d) => d.available)!.day;
  const slots = slotSchema
    .array()
    .parse((await shop.request(`/cli/ecommerce/slots/${cart.id}?day=${day}`, bearer(token))).body.data);
  const { paymentMode = 'CASH', ...choices } = opts;
  const frozen = await shop.request(
    '/cli/ecommerce/cart/freeze',
    post(
      {
        cartId: cart.id,
        timeSlotId: slots.find((s) => s.available)!.id,
        profileEmail: email,
        profileMobilePhone: '3331234567',
        firstName: 'Anna',
        lastName: 'Rossi',
        paymentMode,
        invoice: false,
        enableProductsReplacement: true,
        ...choices,
      },
      token,
    ),
  );
  expect(frozen.body.responseCode).toBe(0);
  const id = (await shop.request('/cli/ecommerce/orders?s=5&p=0', bearer(token))).body.data.data[0].id as number;
  return fetchOrder(token, id);
}

const fetchOrder = async (token: string, id: number): Promise<Order> =>
  orderSchema.parse((await shop.request(`/cli/ecommerce/orders/${id}/fetch`, bearer(token))).body.data);
const confirm = async (order: Order, rows: unknown[] = []) => {
  const res = await shop.request(`/cli/ops/orders/${order.id}/confirm`, post({ rows }, operator));
  expect(res.body.responseCode, JSON.stringify(res.body)).toBe(0);
  return orderSchema.parse(res.body.data);
};
const rowOf = (order: Order, key: keyof typeof p) => order.cart.items.find((i) => i.barcode === p[key].barcode)!;
/** The subjects of the mails queued for an address, oldest first. */
const mailsTo = async (address: string) =>
  (
    await shop.handle.db
      .selectFrom('mail_queue')
      .select('subject')
      .where('recipient', '=', address)
      .orderBy('id')
      .execute()
  ).map((m) => m.subject);

describe('the shopper decides once, at checkout', () => {
  it('keeps the choices with the order (by default: changes up to 10,00 €), and lets them change until the store confirms', async () => {
    const token = await shopper(shop, 'scelte.checkout@example.it');
    const order = await book(token, 'scelte.checkout@example.it');
    expect(order).toMatchObject({ acceptChanges: true, acceptChangesLimit: 10, withinChoices: null });
    const changed = await shop.request(
      `/cli/ecommerce/orders/${order.id}/choices`,
      post({ acceptChanges: false, acceptChangesLimit: 0 }, token),
    );
    expect(orderSchema.parse(changed.body.data)).toMatchObject({ acceptChanges: false, acceptChangesLimit: 0 });
    // Another shopper cannot change them.
    const other = await shopper(shop, 'scelte.altro@example.it');
    expect(
      (
        await shop.request(
          `/cli/ecommerce/orders/${order.id}/choices`,
          post({ acceptChanges: true, acceptChangesLimit: 5 }, other),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await shop.request(
          `/cli/ecommerce/orders/${order.id}/choices`,
          post({ acceptChanges: true, acceptChangesLimit: 500 }, token),
        )
      ).status,
    ).toBe(400);
    await confirm(order, [{ id: rowOf(order, 'b').id, outcome: 'UNAVAILABLE' }]);
    const late = await shop.request(
      `/cli/ecommerce/orders/${order.id}/choices`,
      post({ acceptChanges: true, acceptChangesLimit: 20 }, token),
    );
    expect(late.body).toMatchObject({
      responseCode: 4205,
      errorMessage: "Il punto vendita ha già confermato l'ordine: le tue scelte sono già state applicate.",
    });
  });
});

describe("the store's confirmation within the shopper's choices goes through on its own", () => {
  it('a cash order confirmed as ordered is prepared at once, with its pickup code, and the shopper is told', async () => {
    const email = 'da.sola@example.it';
    const token = await shopper(shop, email);
    const order = await book(token, email, { acceptChanges: false });
    const confirmed = await confirm(order);
    expect(confirmed).toMatchObject({ status: 'IN_PREPARATION', withinChoices: true, expiresAt: null });
    expect(confirmed.pickupCode).toMatch(/^\d{6}$/);
    // The shopper did nothing: their order page already says so.
    expect(await fetchOrder(token, order.id)).toMatchObject({
      status: 'IN_PREPARATION',
      pickupCode: confirmed.pickupCode,
    });
    expect(await mailsTo(email)).toContain(`Ordine confermato: è in preparazione (${order.number})`);
  });

  it('with a row unavailable and one substituted, when the total moves by at most the limit', async () => {
    const token = await shopper(shop, 'entro.limite@example.it');
    const order = await book(token, 'entro.limite@example.it', { acceptChangesLimit: 5 });
    // b (2 × 4,00) substituted by c (2 × 3,00): −2,00 €.
    const confirmed = await confirm(order, [
      { id: rowOf(order, 'b').id, outcome: 'SUBSTITUTED', substituteBarcode: p.c.barcode },
    ]);
    expect(confirmed).toMatchObject({ status: 'IN_PREPARATION', withinChoices: true });
    expect(confirmed.cart.netTotal).toBe(46);
    // What the shopper had asked for (48,00 € of products and the bags) is 2,00 € more than what they get.
    expect(Math.round((confirmed.requestedTotal! - confirmed.cart.totalToPay) * 100)).toBe(200);
  });

  it('a card order: the hold of the confirmed amount is taken on the linked card, without the shopper', async () => {
    const email = 'carta.da.sola@example.it';
    const token = await shopper(shop, email);
    await associate(shop, token, SANDBOX_CARDS.approve);
    const order = await book(token, email, { paymentMode: 'XPAY' });
    const confirmed = await confirm(order, [{ id: rowOf(order, 'b').id, outcome: 'UNAVAILABLE' }]);
    // 8 × 5,00 = 40,00 € confirmed, and the bags: the hold is of that amount (no weighed rows, no surcharge).
    expect(confirmed).toMatchObject({
      status: 'IN_PREPARATION',
      withinChoices: true,
      cart: { netTotal: 40 },
      cardPayment: { status: 'AUTHORISED', authorised: confirmed.cart.totalToPay },
    });
    expect(confirmed.pickupCode).toMatch(/^\d{6}$/);
    const events = await shop.handle.db
      .selectFrom('payment_events')
      .select('event')
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event)).toEqual(['MIT_REQUESTED', 'AUTHORISED']);
    expect(await mailsTo(email)).toContain(`Ordine confermato: è in preparazione (${order.number})`);
  });
});

describe('what the shopper did not allow waits for them', () => {
  it('a total that moves by more than the limit waits, until the deadline computed from the slot', async () => {
    const email = 'oltre.limite@example.it';
    const token = await shopper(shop, email);
    const order = await book(token, email, { acceptChangesLimit: 5 });
    // b unavailable: −8,00 €, beyond 5,00 €.
    const confirmed = await confirm(order, [{ id: rowOf(order, 'b').id, outcome: 'UNAVAILABLE' }]);
    expect(confirmed).toMatchObject({ status: 'PAYMENT_PENDING', withinChoices: false, pickupCode: null });
    const slot = await shop.handle.db
      .selectFrom('orders as o')
      .innerJoin('slots as s', 's.id', 'o.slot_id')
      .innerJoin('slot_templates as t', 't.id', 's.template_id')
      .select(['s.valid_from', 't.cutoff_minutes'])
      .where('o.id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(confirmed.expiresAt).toBe(
      answerDeadline(new Date(confirmed.confirmedAt!), new Date(slot.valid_from), slot.cutoff_minutes).toISOString(),
    );
    expect(await mailsTo(email)).toContain(`Disponibilità confermata: il tuo ordine ${order.number}`);
    // The shopper accepts it: prepared.
    const accepted = await shop.request(`/cli/ecommerce/orders/${order.id}/accept`, post({}, token));
    expect(accepted.body.data).toMatchObject({ status: 'IN_PREPARATION' });
  });

  it('a card the issuer refuses without the cardholder: the order waits for "Paga ora" with 3-D Secure, and the shopper is told', async () => {
    const email = 'mit.rifiutato@example.it';
    const token = await shopper(shop, email);
    await associate(shop, token, SANDBOX_CARDS.noMit);
    const order = await book(token, email, { paymentMode: 'XPAY' });
    const confirmed = await confirm(order);
    expect(confirmed).toMatchObject({ status: 'PAYMENT_PENDING', withinChoices: false, cardPayment: null });
    expect(await mailsTo(email)).toContain(`Paga il tuo ordine ${order.number}: la carta non è stata accettata`);
    // Paga ora: the 3-D Secure payment goes through.
    const nonce = nonceResponse.parse(
      (await shop.request(`/cli/pay/v2/xpay/nonce?orderCode=${order.code}`, bearer(token))).body.data,
    );
    expect(nonce.esito).toBe('OK');
    const { location } = await threeDs(shop, nonce.html!);
    expect(location).toContain('/app/checkout/confirm');
    expect(await fetchOrder(token, order.id)).toMatchObject({
      status: 'IN_PREPARATION',
      cardPayment: { status: 'AUTHORISED' },
    });
  });

  it('a confirmation at 22:00 for a slot at 09:00 the next day waits until 08:00, not into the night', async () => {
    const token = await shopper(shop, 'sera@example.it');
    const order = await book(token, 'sera@example.it', { acceptChanges: false });
    // The slot moved to 09:00 Rome time on a December day, confirmed at 22:00 the evening before.
    await shop.handle.db
      .updateTable('orders')
      .set({ delivery_date: new Date('2026-12-15T09:00:00+01:00'), expires_at: new Date('2026-12-15T07:00:00+01:00') })
      .where('id', '=', order.id)
      .execute();
    await shop.handle.db
      .updateTable('slots')
      .set({ valid_from: new Date('2026-12-15T09:00:00+01:00'), valid_to: new Date('2026-12-15T11:00:00+01:00') })
      .where(
        'id',
        '=',
        (
          await shop.handle.db
            .selectFrom('orders')
            .select('slot_id')
            .where('id', '=', order.id)
            .executeTakeFirstOrThrow()
        ).slot_id!,
      )
      .execute();
    const confirmed = await confirmAvailability(
      shop.handle.db,
      operatorUser,
      order.id,
      [{ id: rowOf(order, 'b').id, outcome: 'UNAVAILABLE', substituteBarcode: null }],
      new Date('2026-12-14T22:00:00+01:00'),
    );
    expect(confirmed.status).toBe('PAYMENT_PENDING');
    expect(confirmed.expiresAt).toBe(new Date('2026-12-15T08:00:00+01:00').toISOString());
  });
});

describe('the reminder before an order waiting for the shopper expires', () => {
  /** An order confirmed beyond the shopper's choices, its deadline and reminder as stored. */
  async function waiting(email: string) {
    const token = await shopper(shop, email);
    const order = await book(token, email, { acceptChanges: false });
    await confirm(order, [{ id: rowOf(order, 'b').id, outcome: 'UNAVAILABLE' }]);
    const row = await shop.handle.db
      .selectFrom('orders')
      .select(['remind_at', 'expires_at'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    return {
      token,
      order,
      remindAt: new Date(row.remind_at!).getTime(),
      expiresAt: new Date(row.expires_at!).getTime(),
    };
  }
  const reminders = async (email: string) => (await mailsTo(email)).filter((s) => s.includes('ti aspetta')).length;

  it('goes once before the deadline, even with two sweeps at once, and the order expires only after it', async () => {
    const email = 'promemoria@example.it';
    const { token, order, remindAt, expiresAt } = await waiting(email);
    expect(remindAt).toBeLessThan(expiresAt);
    // Not yet due.
    await sweepWaitingOrders(shop.handle.db, new Date(remindAt - 60_000), ORIGIN);
    expect(await reminders(email)).toBe(0);
    let second = shop.handle;
    let close = async () => {};
    if (shop.handle.engine === 'postgres') {
      // A second API process on the same database.
      const { name } = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(shop.handle.db))
        .rows[0]!;
      const url = new URL(process.env['DATABASE_URL']!);
      url.pathname = `/${name}`;
      second = await openDb({ databaseUrl: url.toString() });
      close = () => second.close();
    }
    try {
      await Promise.all([
        sweepWaitingOrders(shop.handle.db, new Date(remindAt), ORIGIN),
        sweepWaitingOrders(second.db, new Date(remindAt), ORIGIN),
      ]);
    } finally {
      await close();
    }
    expect(await reminders(email)).toBe(1);
    expect((await fetchOrder(token, order.id)).status).toBe('PAYMENT_PENDING');
    await sweepWaitingOrders(shop.handle.db, new Date(expiresAt), ORIGIN);
    expect((await fetchOrder(token, order.id)).status).toBe('ABORTED');
    expect(await reminders(email)).toBe(1);
    expect(await mailsTo(email)).toContain(`Il tuo ordine è scaduto (${order.number})`);
  });

  it('an order whose deadline came without a reminder is reminded then, and expires only 30 minutes later', async () => {
    const email = 'mai.avvisato@example.it';
    const { token, order, expiresAt } = await waiting(email);
    // No sweep ran before the deadline (the shop was down): the first one sends the reminder.
    const { expired } = await sweepWaitingOrders(shop.handle.db, new Date(expiresAt + 60_000), ORIGIN);
    expect(expired.map((o) => o.id)).not.toContain(order.id);
    expect(await reminders(email)).toBe(1);
    const after = await fetchOrder(token, order.id);
    expect(after.status).toBe('PAYMENT_PENDING');
    expect(new Date(after.expiresAt!).getTime()).toBe(expiresAt + 60_000 + 30 * 60_000);
    await sweepWaitingOrders(shop.handle.db, new Date(expiresAt + 31 * 60_000), ORIGIN);
    expect((await fetchOrder(token, order.id)).status).toBe('ABORTED');
  });
});

describe('order mails', () => {
  it('go only to the account’s confirmed address, never to the contact address typed at booking', async () => {
    const token = await shopper(shop, 'titolare@example.it');
    const order = await book(token, 'altra.persona@example.it', { acceptChanges: false });
    await confirm(order);
    expect(await mailsTo('altra.persona@example.it')).toEqual([]);
    expect(await mailsTo('titolare@example.it')).toContain(`Ordine confermato: è in preparazione (${order.number})`);
  });
});
