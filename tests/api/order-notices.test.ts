// The shopper's mails of the order lifecycle (decisions 014 and 018): queued with the
// booking or the store's change, sent by the queue, read back from the development outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '#src/server/mail/mailer.ts';
import { deliverDue } from '#src/server/mail/queue.ts';
import { createOperator } from '#src/server/services/operators.ts';
import { expireWaitingOrders, sweepWaitingOrders } from '#src/server/services/order-lifecycle.ts';
import { createTestShop } from './harness.ts';
import { bookOrder, plainPiece, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
let piece: { barcode: string; id: number };
/** A second product sold by the piece, for orders of two rows. */
let other: { barcode: string };
let operator: string;

beforeAll(async () => {
  shop = await createTestShop({ products: 200 });
  piece = await plainPiece(shop);
  other = await shop.handle.db
    .selectFrom('products as p')
    .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
    .select('p.barcode')
    .where('sp.store_id', '=', 1109)
    .where('sp.available', '=', true)
    .where('p.um', '=', 'PZ')
    .where('p.water_pack', '=', false)
    .where('p.id', '!=', piece.id)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  await createOperator(shop.handle.db, {
    email: 'avvisi@coop.example.it',
    password: 'Cassa2026!',
    storeId: 1109,
    firstName: 'Gino',
    lastName: 'Cassa',
  });
  operator = (
    await shop.request('/cli/profiles/login', post({ username: 'avvisi@coop.example.it', password: 'Cassa2026!' }))
  ).body.data.jwt;
});
afterAll(() => shop.close());

async function booked(email: string) {
  const token = await shopper(shop, email);
  const rows = [{ barcode: piece.barcode, amount: 12 }];
  const { orderId, number } = await bookOrder(shop, token, { email, rows, replacements: true });
  return { token, orderId, number };
}

/** The shopper's mails about the order `number`, newest first (the signup's confirmation left out). */
async function outbox(email: string, number: string): Promise<{ subject: string; text: string; html: string }[]> {
  await deliverDue(shop.handle.db, createMailer(shop.handle.db, undefined, 'test@spesa'));
  const messages: { subject: string; text: string; html: string }[] = (
    await shop.request(`/dev/outbox?to=${encodeURIComponent(email)}`)
  ).body.messages;
  return messages.filter((m) => m.subject.includes(number));
}
/** The same, without the pre-order's mail sent at booking. */
const afterBooking = async (email: string, number: string) =>
  (await outbox(email, number)).filter((m) => !m.subject.startsWith('Pre-ordine inviato'));

describe('the mails of an order', () => {
  it('tells the shopper the store confirmed the order and it is being prepared, then that it is ready, with the pickup code', async () => {
    const email = 'avvisata@example.it';
    const { orderId, number } = await booked(email);
    // Booked: the pre-order is with the store, and the shopper is told so, with the payment at pickup.
    const sent = await outbox(email, number);
    expect(sent.map((m) => m.subject)).toEqual([`Pre-ordine inviato: il tuo ordine ${number}`]);
    expect(sent[0]!.text).toContain(`abbiamo inviato il tuo pre-ordine ${number} al punto vendita`);
    expect(sent[0]!.text).toContain("Pagherai in contanti al ritiro solo l'importo dei prodotti preparati.");
    expect(sent[0]!.text).not.toContain('quando ricevi la spesa');
    expect(sent[0]!.text).toContain('/app/orders');
    expect(sent[0]!.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    // Confirmed as ordered: within the shopper's choices, prepared at once (decision 018).
    const answer = await shop.request(`/cli/ops/orders/${orderId}/confirm`, post({ rows: [] }, operator));
    expect(answer.body.data.status).toBe('IN_PREPARATION');
    const code = answer.body.data.pickupCode as string;
    expect(code).toMatch(/^\d{6}$/);
    const confirmed = await afterBooking(email, number);
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.subject).toBe(`Ordine confermato: è in preparazione (${number})`);
    expect(confirmed[0]!.text).toContain(number);
    expect(confirmed[0]!.text).toContain(code);
    expect(confirmed[0]!.text).toContain('/app/orders');

    const rowId = answer.body.data.cart.items[0].id as number;
    await shop.request(
      `/cli/ops/orders/${orderId}/picked`,
      post({ rows: [{ id: rowId, operatorAmount: 12 }] }, operator),
    );
    const ready = await shop.request(
      `/cli/ops/orders/${orderId}/status`,
      post({ status: 'TO_BE_COLLECTED' }, operator),
    );
    expect(ready.body.data.status).toBe('TO_BE_COLLECTED');
    const mails = await afterBooking(email, number);
    expect(mails).toHaveLength(2);
    expect(mails.filter((m) => m.subject !== confirmed[0]!.subject)).toEqual([
      expect.objectContaining({ subject: expect.stringContaining(number), text: expect.stringContaining(code) }),
    ]);
  });

  it('tells the shopper an order confirmed beyond their choices waits for them, reminds them once, then that it expired', async () => {
    const email = 'in.attesa@example.it';
    const token = await shopper(shop, email);
    const rows = [
      { barcode: piece.barcode, amount: 12 },
      { barcode: other.barcode, amount: 1 },
    ];
    const { orderId, number } = await bookOrder(shop, token, { email, rows, acceptChanges: false });
    const otherRow = await shop.handle.db
      .selectFrom('order_rows')
      .select('id')
      .where('order_id', '=', orderId)
      .where('barcode', '=', other.barcode)
      .executeTakeFirstOrThrow();
    const answer = await shop.request(
      `/cli/ops/orders/${orderId}/confirm`,
      post({ rows: [{ id: otherRow.id, outcome: 'UNAVAILABLE' }] }, operator),
    );
    expect(answer.body.data).toMatchObject({ status: 'PAYMENT_PENDING', withinChoices: false });
    const confirmed = await afterBooking(email, number);
    expect(confirmed.map((m) => m.subject)).toEqual([`Disponibilità confermata: il tuo ordine ${number}`]);

    const { remind_at, expires_at } = await shop.handle.db
      .selectFrom('orders')
      .select(['remind_at', 'expires_at'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const origin = 'http://shop.example';
    await sweepWaitingOrders(shop.handle.db, new Date(remind_at!), origin);
    await sweepWaitingOrders(shop.handle.db, new Date(new Date(remind_at!).getTime() + 60_000), origin);
    // Two sweeps once it is due: one reminder.
    const reminders = (await afterBooking(email, number)).filter((m) => m.subject !== confirmed[0]!.subject);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toMatch(new RegExp(`^Il tuo ordine ${number} ti aspetta: accettalo entro `));
    expect(reminders[0]!.text).toContain('http://shop.example/app/orders');

    const { expired } = await sweepWaitingOrders(shop.handle.db, new Date(expires_at!), origin);
    expect(expired.map((o) => o.id)).toContain(orderId);
    const mails = (await afterBooking(email, number)).map((m) => m.subject);
    expect(mails).toHaveLength(3);
    expect(mails).toContain(`Il tuo ordine è scaduto (${number})`);
  });

  it('tells the shopper an order the store never confirmed has expired, once', async () => {
    const email = 'scaduta@example.it';
    const { orderId, number } = await booked(email);
    const order = await shop.handle.db
      .selectFrom('orders')
      .select('expires_at')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const later = new Date(new Date(order.expires_at!).getTime() + 1000);
    const expired = await expireWaitingOrders(shop.handle.db, later, 'http://shop.example');
    expect(expired.map((o) => o.id)).toContain(orderId);
    expect(await expireWaitingOrders(shop.handle.db, later, 'http://shop.example')).toEqual([]);
    const mails = await afterBooking(email, number);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Il tuo ordine è scaduto (${number})`);
  });

  it('tells the shopper ready for pickup the prepared total as what is paid at the counter, not the booked one', async () => {
    const email = 'pesata@example.it';
    const { orderId, number } = await booked(email);
    const answer = await shop.request(`/cli/ops/orders/${orderId}/confirm`, post({ rows: [] }, operator));
    expect(answer.body.data.status).toBe('IN_PREPARATION');
    const booking = answer.body.data.cart as { total: number; items: { id: number; netPrice: number }[] };
    // Two of the twelve pieces were not on the shelf: the store picks ten.
    const row = booking.items[0]!;
    await shop.request(
      `/cli/ops/orders/${orderId}/picked`,
      post({ rows: [{ id: row.id, operatorAmount: 10 }] }, operator),
    );
    const ready = await shop.request(
      `/cli/ops/orders/${orderId}/status`,
      post({ status: 'TO_BE_COLLECTED' }, operator),
    );
    const prepared = ready.body.data.operatorCart.total as number;
    expect(prepared).toBeLessThan(booking.total);
    const euro = (n: number) => `${n.toFixed(2).replace('.', ',')}\u00a0€`;
    const mail = (await outbox(email, number)).find(
      (m) => m.subject === `Il tuo ordine è pronto per il ritiro (${number})`,
    )!;
    expect(mail.text).toContain(`Al ritiro paghi in contanti ${euro(prepared)}, il totale dei prodotti preparati.`);
    expect(mail.text).toContain(`Totale ordinato: ${euro(booking.total)}\nDa pagare al ritiro: ${euro(prepared)}`);
    expect(mail.text).toContain(`Codice di ritiro: ${answer.body.data.pickupCode}`);
    expect(mail.html).toContain(`>${euro(prepared)}</p>`);
  });
});
