// Settling an order's card hold after its status changed (docs/payments.md, money safety):
// a closed order (COLLECTED, DELIVERED) has the picked amount captured, never above the
// hold, once; an aborted, cancelled, refused or not collected order has its hold released.
// The provider is called outside any database transaction; the row is claimed by a
// conditional update when the provider agreed.
import type { Db } from '../../db/client.ts';
import { askProvider, logEvent, type PaymentDeps, providerOf, type Tx } from './ledger.ts';

const CHARGED: string[] = ['COLLECTED', 'DELIVERED'];
const RELEASED: string[] = ['ABORTED', 'CANCELLED', 'NOT_COLLECTED', 'REFUSED'];

/** Releases a hold at the provider; recorded as VOIDED only when the provider agrees. */
export async function release(
  deps: Pick<PaymentDeps, 'db' | 'xpay' | 'ipg'>,
  tx: Tx,
  origin: string,
  reason: string,
): Promise<void> {
  const { db } = deps;
  const result = await askProvider(() =>
    providerOf(deps, tx.provider).release({
      codTrans: tx.transaction_code,
      amountCents: tx.amount_cents,
      origin,
    }),
  );
  if (!result.ok) {
    await logEvent(db, tx, 'VOID_FAILED', tx.amount_cents, { reason, message: result.message });
    return;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('payment_transactions')
      .set({ status: 'VOIDED', updated_at: new Date() })
      .where('id', '=', tx.id)
      .where('status', 'in', ['PENDING', 'APPROVED'])
      .execute();
    await logEvent(trx as Db, tx, 'VOIDED', tx.amount_cents, { reason });
  });
}

/**
 * After an order changed status: a closed order (COLLECTED, DELIVERED) has the picked amount
 * captured, never above the hold, once; an aborted, cancelled, refused or not collected order
 * has its hold released. Safe to call any number of times.
 */
export async function settleOrder(
  deps: Pick<PaymentDeps, 'db' | 'xpay' | 'ipg'>,
  orderId: number,
  origin: string,
): Promise<void> {
  const { db } = deps;
  const order = await db
    .selectFrom('orders')
    .select(['id', 'status', 'payed_cents', 'operator_total_cents', 'total_to_pay_cents'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return;
  const holds = await db
    .selectFrom('payment_transactions')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', '=', 'PREAUTH')
    .where('status', '=', 'APPROVED')
    .execute();
  for (const tx of holds) {
    if (RELEASED.includes(order.status)) {
      await release(deps, tx, origin, `ordine ${order.status}`);
    } else if (CHARGED.includes(order.status)) {
      const due = order.payed_cents ?? order.operator_total_cents ?? order.total_to_pay_cents;
      const amount = Math.min(due, tx.amount_cents);
      const result = await askProvider(() =>
        providerOf(deps, tx.provider).capture({
          codTrans: tx.transaction_code,
          amountCents: amount,
          origin,
        }),
      );
      if (!result.ok) {
        await logEvent(db, tx, 'CAPTURE_FAILED', amount, { message: result.message });
        continue;
      }
      await db.transaction().execute(async (trx) => {
        const done = await trx
          .updateTable('payment_transactions')
          .set({ status: 'CAPTURED', captured_cents: amount, updated_at: new Date() })
          .where('id', '=', tx.id)
          .where('status', '=', 'APPROVED')
          .returning('id')
          .executeTakeFirst();
        if (done)
          await logEvent(trx as Db, tx, 'CAPTURED', amount, {
            due,
            authorised: tx.amount_cents,
            ...(due > amount ? { uncovered: due - amount } : {}),
          });
      });
    }
  }
}
