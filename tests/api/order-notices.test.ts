// The shopper's mails of the order lifecycle (decision 014): queued with the
// store's change, sent by the queue, read back from the development outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '#src/server/mail/mailer.ts';
import { deliverDue } from '#src/server/mail/queue.ts';
import { createOperator } from '#src/server/services/operators.ts';
import { expireWaitingOrders } from '#src/server/services/order-lifecycle.ts';
import { createTestShop } from './harness.ts';
import { bookOrder, plainPiece, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
let piece: { barcode: string; id: number };
let operator: string;

beforeAll(async () => {
  shop = await createTestShop({ products: 200 });
  piece = await plainPiece(shop);
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

/** The shopper's mails about the order `number` (the signup's confirmation left out). */
async function outbox(email: string, number: string): Promise<{ subject: string; text: string }[]> {
  await deliverDue(shop.handle.db, createMailer(shop.handle.db, undefined, 'test@spesa'));
  const messages: { subject: string; text: string }[] = (
    await shop.request(`/dev/outbox?to=${encodeURIComponent(email)}`)
  ).body.messages;
  return messages.filter((m) => m.subject.includes(number));
}

describe('the mails of an order', () => {
  it('tells the shopper the store confirmed the order, then that it is ready, with the pickup code', async () => {
    const email = 'avvisata@example.it';
    const { token, orderId, number } = await booked(email);
    expect(await outbox(email, number)).toHaveLength(0);
    expect(
      (await shop.request(`/cli/ops/orders/${orderId}/confirm`, post({ rows: [] }, operator))).body.responseCode,
    ).toBe(0);
    const confirmed = await outbox(email, number);
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.text).toContain(number);
    expect(confirmed[0]!.text).toContain('/app/orders');

    const accepted = await shop.request(`/cli/ecommerce/orders/${orderId}/accept`, post({}, token));
    const code = accepted.body.data.pickupCode as string;
    expect(code).toMatch(/^\d{6}$/);
    const rowId = accepted.body.data.cart.items[0].id as number;
    await shop.request(
      `/cli/ops/orders/${orderId}/picked`,
      post({ rows: [{ id: rowId, operatorAmount: 12 }] }, operator),
    );
    const ready = await shop.request(
      `/cli/ops/orders/${orderId}/status`,
      post({ status: 'TO_BE_COLLECTED' }, operator),
    );
    expect(ready.body.data.status).toBe('TO_BE_COLLECTED');
    const mails = await outbox(email, number);
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.text.includes(code) && m.subject.includes(number))).toBe(true);
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
    const mails = await outbox(email, number);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(number);
  });
});
