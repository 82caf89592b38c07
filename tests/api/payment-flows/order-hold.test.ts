// The card hold of a confirmed order, called alone (src/server/services/payments/order-hold.ts,
// hold-quote.ts): orders booked through the API and confirmed by writing their status, the
// card associated in the provider sandbox, and the flow's functions called directly with the
// sandbox behind them (as app.ts wires it) or with a fake provider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/server/config.ts';
import type { Db } from '#src/server/db/client.ts';
import type { Transport } from '#src/server/payments/providers.ts';
import { quote } from '#src/server/services/payments/hold-quote.ts';
import { paymentDeps, type PaymentDeps } from '#src/server/services/payments/ledger.ts';
import { NotYours } from '#src/server/services/outcomes.ts';
import {
  authorise,
  orderLanding,
  startOrderPayment,
  xpayThreeDsResult,
} from '#src/server/services/payments/order-hold.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { SANDBOX_CARDS } from '#src/shared/contract/payments.ts';
import { associate, formAction, formPost, hiddenFields, pathOf } from '../card-sandbox.ts';
import { createTestShop } from '../harness.ts';
import { bookOrder, plainPiece, shopper } from '../shoppers.ts';
import { fakeDeps, ORIGIN } from './fake-provider.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
let db: Db;
let deps: PaymentDeps;
let piece: { barcode: string; id: number };
let loose: { barcode: string; id: number };

beforeAll(async () => {
  const env = { ENABLED_PAYMENTS: 'true' };
  shop = await createTestShop({ products: 200, env });
  db = shop.handle.db;
  piece = await plainPiece(shop);
  loose = await db
    .selectFrom('products as p')
    .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
    .select(['p.barcode', 'p.id'])
    .where('sp.store_id', '=', 1109)
    .where('sp.available', '=', true)
    .where('p.um', '=', 'KG')
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  await db.updateTable('store_products').set({ price_cents: 1000 }).where('product_id', '=', loose.id).execute();
  await db.deleteFrom('promotions').where('product_id', '=', loose.id).execute();
  // The providers' server-to-server calls go to the shop's own sandbox, as app.ts sends them.
  const sandbox: Transport = async (url, body) =>
    (await (
      await shop.app.request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as Record<string, unknown>;
  deps = paymentDeps(db, loadConfig({ ...process.env, ...env, NODE_ENV: 'test' }), sandbox);
});
afterAll(() => shop.close());

/** A shopper's card order, confirmed by the store (written as the confirmation leaves it: PAYMENT_PENDING). */
async function confirmedOrder(email: string, rows: { barcode: string; amount?: number; weight?: number }[]) {
  const token = await shopper(shop, email);
  const { code, orderId } = await bookOrder(shop, token, { email, rows, paymentMode: 'XPAY' });
  await db.updateTable('orders').set({ status: 'PAYMENT_PENDING' }).where('id', '=', orderId).execute();
  const order = await db
    .selectFrom('orders')
    .select(['user_id', 'total_to_pay_cents'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { token, code, orderId, userId: order.user_id, totalCents: order.total_to_pay_cents };
}

const orderOf = (orderId: number) =>
  db.selectFrom('orders').select(['status', 'pickup_code']).where('id', '=', orderId).executeTakeFirstOrThrow();
const eventsOf = async (orderId: number) =>
  (await db.selectFrom('payment_events').select('event').where('order_id', '=', orderId).orderBy('id').execute()).map(
    (e) => e.event,
  );

describe('the order hold, called alone', () => {
  it('quotes the hold, runs the 3-D Secure step and holds the amount with the nonce: the order is paid once', async () => {
    const { token, code, orderId, userId, totalCents } = await confirmedOrder('trattieni@example.it', [
      { barcode: piece.barcode, amount: 10 },
      { barcode: loose.barcode, weight: 1.5 },
    ]);
    // Total plus 10 % of the 15,00 € sold by weight; a row the store confirmed unavailable is not held for.
    const quoted = await quote(deps, userId, { orderCode: code });
    expect(quoted).toEqual({
      totalToPay: totalCents / 100,
      variableWeightTotal: 15,
      surchargePercent: 10,
      surcharge: 1.5,
      amount: (totalCents + 150) / 100,
    });
    const kgRow = db.updateTable('order_rows').where('order_id', '=', orderId).where('um', '=', 'KG');
    await kgRow.set({ confirmation: 'UNAVAILABLE' }).execute();
    expect(await quote(deps, userId, { orderCode: code })).toMatchObject({ variableWeightTotal: 0, surcharge: 0 });
    await kgRow.set({ confirmation: null }).execute();
    const other = await confirmedOrder('altro.cliente@example.it', [{ barcode: piece.barcode, amount: 12 }]);
    await expect(quote(deps, other.userId, { orderCode: code })).rejects.toBeInstanceOf(NotYours);

    await expect(startOrderPayment(deps, userId, code, ORIGIN)).rejects.toMatchObject({ code: ErrorCode.NO_CARD });
    await associate(shop, token, SANDBOX_CARDS.challenge);
    const nonce = await startOrderPayment(deps, userId, code, ORIGIN);
    expect(nonce).toMatchObject({ esito: 'OK', amount: quoted.amount, message: null });
    expect(formAction(nonce.html!)).toBe(`${ORIGIN}/sandbox/xpay/3ds`);

    // The shopper's browser in the 3-D Secure frame: the challenge, then back to the shop with the signed outcome.
    let page = await shop.request(pathOf(formAction(nonce.html!)), formPost(hiddenFields(nonce.html!)));
    page = await shop.request(pathOf(formAction(page.body)), formPost({ ...hiddenFields(page.body), otp: '123456' }));
    expect(formAction(page.body)).toBe(`${ORIGIN}/cli/pay/v2/xpay/3ds/result`);
    const outcome = hiddenFields(page.body);
    expect(await xpayThreeDsResult(deps, outcome, ORIGIN)).toBe(`/app/checkout/confirm?orderCode=${code}`);
    const paid = await orderOf(orderId);
    expect(paid.status).toBe('IN_PREPARATION');
    expect(paid.pickup_code).toMatch(/^[0-9]{6}$/);

    // The same outcome again lands where the first did and changes nothing; a paid order is not paid again.
    expect(await xpayThreeDsResult(deps, outcome, ORIGIN)).toBe(`/app/checkout/confirm?orderCode=${code}`);
    expect(await xpayThreeDsResult(deps, { ...outcome, mac: 'f'.repeat(40) }, ORIGIN)).toBe('/app/checkout/failed');
    expect(await eventsOf(orderId)).toEqual(['NONCE_CREATED', 'AUTHORISED']);
    const held = await db
      .selectFrom('payment_transactions')
      .select(['status', 'amount_cents'])
      .where('order_id', '=', orderId)
      .execute();
    expect(held).toEqual([{ status: 'APPROVED', amount_cents: totalCents + 150 }]);
    await expect(startOrderPayment(deps, userId, code, ORIGIN)).rejects.toMatchObject({
      code: ErrorCode.WRONG_ORDER_STATUS,
    });
  });

  it('records a refused hold and keeps the order waiting; a hold approved for an order no longer waiting is released at once', async () => {
    const { deps: faked, provider } = fakeDeps(db);
    const { code, orderId, userId } = await confirmedOrder('tardi@example.it', [
      { barcode: piece.barcode, amount: 12 },
    ]);
    const pending = (transaction_code: string) =>
      db
        .insertInto('payment_transactions')
        .values({
          order_id: orderId,
          user_id: userId,
          transaction_code,
          provider: 'XPAY',
          kind: 'PREAUTH',
          amount_cents: 3000,
          status: 'PENDING',
          raw: null,
          contract_number: 'C-TARDI',
          operation_id: null,
          captured_cents: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();

    const refused = await pending('P-TARDI-1');
    await authorise(faked, refused, false, { step: 'payment' }, ORIGIN);
    expect((await orderOf(orderId)).status).toBe('PAYMENT_PENDING');
    expect(await orderLanding(db, { ...refused, status: 'DECLINED' })).toBe(`/app/checkout/failed?orderCode=${code}`);

    await db.updateTable('orders').set({ status: 'ABORTED' }).where('id', '=', orderId).execute();
    const late = await pending('P-TARDI-2');
    await authorise(faked, late, true, { step: 'payment' }, ORIGIN);
    await authorise(faked, late, true, { step: 'payment' }, ORIGIN); // recorded already: nothing more
    expect((await orderOf(orderId)).status).toBe('ABORTED');
    expect(provider.calls.map((c) => [c.path, c.body['codiceTransazione'], c.body['importo']])).toEqual([
      ['/sandbox/xpay/api/bo/storna', 'P-TARDI-2', 3000],
    ]);
    const statuses = await db
      .selectFrom('payment_transactions')
      .select(['transaction_code', 'status'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { transaction_code: 'P-TARDI-1', status: 'DECLINED' },
      { transaction_code: 'P-TARDI-2', status: 'VOIDED' },
    ]);
    expect(await eventsOf(orderId)).toEqual(['DECLINED', 'AUTHORISED', 'VOIDED']);
    expect(await orderLanding(db, { ...late, status: 'VOIDED' })).toBe(`/app/checkout/failed?orderCode=${code}`);
  });
});
