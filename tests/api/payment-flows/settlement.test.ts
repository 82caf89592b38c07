// Settling an order's card hold, called alone (src/server/services/payments/settlement.ts):
// orders booked through the API, their holds and statuses written straight to the database,
// and a fake provider. A closed order has what was picked captured (never above the hold,
// once); a cancelled one has its hold released; a refused or unreachable provider changes
// nothing but the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#src/server/db/client.ts';
import { settleOrder } from '#src/server/services/payments/settlement.ts';
import { createTestShop } from '../harness.ts';
import { bookOrder, plainPiece, shopper } from '../shoppers.ts';
import { fakeDeps, ORIGIN } from './fake-provider.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
let db: Db;
let piece: { barcode: string; id: number };

beforeAll(async () => {
  shop = await createTestShop({ products: 40 });
  db = shop.handle.db;
  piece = await plainPiece(shop);
});
afterAll(() => shop.close());

/** A booked order of 12 pieces at 2,50 € (the minimum order is 25 €) with an approved hold of holdCents at provider; answers its id and the hold's code. */
async function heldOrder(email: string, provider: 'XPAY' | 'IPG', holdCents: number) {
  const token = await shopper(shop, email);
  const { orderId } = await bookOrder(shop, token, { email, rows: [{ barcode: piece.barcode, amount: 12 }] });
  const order = await db.selectFrom('orders').select('user_id').where('id', '=', orderId).executeTakeFirstOrThrow();
  const code = `P${provider}${orderId}`;
  await db
    .insertInto('payment_transactions')
    .values({
      order_id: orderId,
      user_id: order.user_id,
      transaction_code: code,
      provider,
      kind: 'PREAUTH',
      amount_cents: holdCents,
      status: 'APPROVED',
      raw: null,
      contract_number: `C${orderId}`,
      operation_id: null,
      captured_cents: null,
    })
    .execute();
  return { orderId, code };
}

const setOrder = (orderId: number, values: { status: 'COLLECTED' | 'DELIVERED' | 'CANCELLED'; payed_cents?: number }) =>
  db.updateTable('orders').set(values).where('id', '=', orderId).execute();
const holdOf = (code: string) =>
  db
    .selectFrom('payment_transactions')
    .select(['status', 'captured_cents'])
    .where('transaction_code', '=', code)
    .executeTakeFirstOrThrow();
const eventsOf = (code: string) =>
  db
    .selectFrom('payment_events')
    .select(['event', 'amount_cents', 'detail'])
    .where('transaction_code', '=', code)
    .orderBy('id')
    .execute();

describe('settling an order, called alone', () => {
  it('captures the picked amount of a closed order once; a refused capture is logged and tried again at the next settling', async () => {
    const { deps, provider } = fakeDeps(db);
    const { orderId, code } = await heldOrder('salda@example.it', 'XPAY', 1500);
    await settleOrder(deps, orderId, ORIGIN); // still being prepared: nothing to settle
    expect(provider.calls).toEqual([]);

    await setOrder(orderId, { status: 'COLLECTED', payed_cents: 1180 });
    provider.answer = 'KO';
    await settleOrder(deps, orderId, ORIGIN);
    expect(await holdOf(code)).toEqual({ status: 'APPROVED', captured_cents: null });
    provider.answer = 'OK';
    await settleOrder(deps, orderId, ORIGIN);
    await settleOrder(deps, orderId, ORIGIN); // settled already: the provider is not asked again
    expect(await holdOf(code)).toEqual({ status: 'CAPTURED', captured_cents: 1180 });
    expect(provider.calls.map((c) => [c.path, c.body['codiceTransazione'], c.body['importo']])).toEqual([
      ['/sandbox/xpay/api/bo/contabilizza', code, 1180],
      ['/sandbox/xpay/api/bo/contabilizza', code, 1180],
    ]);
    expect(await eventsOf(code)).toEqual([
      { event: 'CAPTURE_FAILED', amount_cents: 1180, detail: { message: 'Operazione rifiutata' } },
      { event: 'CAPTURED', amount_cents: 1180, detail: { due: 1180, authorised: 1500 } },
    ]);
  });

  it('never captures above the hold: the rest is recorded as uncovered', async () => {
    const { deps, provider } = fakeDeps(db);
    const { orderId, code } = await heldOrder('oltre@example.it', 'XPAY', 1000);
    await setOrder(orderId, { status: 'DELIVERED', payed_cents: 1234 });
    await settleOrder(deps, orderId, ORIGIN);
    expect(provider.calls.map((c) => c.body['importo'])).toEqual([1000]);
    expect(await holdOf(code)).toEqual({ status: 'CAPTURED', captured_cents: 1000 });
    expect(await eventsOf(code)).toEqual([
      { event: 'CAPTURED', amount_cents: 1000, detail: { due: 1234, authorised: 1000, uncovered: 234 } },
    ]);
  });

  it("releases a cancelled order's hold at its provider; an unreachable provider leaves it held and logged", async () => {
    const { deps, provider } = fakeDeps(db);
    const { orderId, code } = await heldOrder('annulla@example.it', 'IPG', 1250);
    await setOrder(orderId, { status: 'CANCELLED' });
    provider.answer = 'unreachable';
    await settleOrder(deps, orderId, ORIGIN);
    expect(await holdOf(code)).toEqual({ status: 'APPROVED', captured_cents: null });
    provider.answer = 'OK';
    await settleOrder(deps, orderId, ORIGIN);
    await settleOrder(deps, orderId, ORIGIN);
    expect(await holdOf(code)).toEqual({ status: 'VOIDED', captured_cents: null });
    expect(provider.calls.map((c) => [c.path, c.body['oid'], c.body['chargetotal']])).toEqual([
      ['/sandbox/ipg/api/void', code, '12.50'],
      ['/sandbox/ipg/api/void', code, '12.50'],
    ]);
    expect(await eventsOf(code)).toEqual([
      { event: 'VOID_FAILED', amount_cents: 1250, detail: { reason: 'ordine CANCELLED', message: 'fetch failed' } },
      { event: 'VOIDED', amount_cents: 1250, detail: { reason: 'ordine CANCELLED' } },
    ]);
  });
});
