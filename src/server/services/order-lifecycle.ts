// The store's side of the order lifecycle (docs/product.md §1 terms, docs/architecture.md §4):
// confirm and prepare, set the amounts actually picked, hand over, issue the
// receipt; only the picked amount is charged. Unpaid card orders expire.
import { sql } from 'kysely';
import type { Order, OrderStatus } from '#src/shared/contract/checkout.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { canPick, nextStatuses, OPEN_STATUSES } from '#src/shared/order-states.ts';
import { round3, rowCents } from '#src/shared/row-price.ts';
import type { Db } from '../db/client.ts';
import { BusinessError, forbidden } from '../http.ts';
import { orderView } from './orders.ts';
import { releaseSlotPlace } from './slots.ts';

async function storeOrder(db: Db, storeId: number, orderId: number) {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
  if (!order) throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS, 'Ordine non trovato.');
  if (order.store_id !== storeId) throw forbidden();
  return order;
}

export async function storeOrders(db: Db, storeId: number, status?: OrderStatus): Promise<Order[]> {
  let q = db
    .selectFrom('orders')
    .selectAll()
    .where('store_id', '=', storeId)
    .orderBy('delivery_date')
    .orderBy('id')
    .limit(200);
  if (status) q = q.where('status', '=', status);
  else q = q.where('status', 'in', OPEN_STATUSES);
  return Promise.all((await q.execute()).map((o) => orderView(db, o)));
}

export async function changeStatus(
  db: Db,
  operator: { userId: number; storeId: number },
  orderId: number,
  next: OrderStatus,
): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const order = await storeOrder(trx as Db, operator.storeId, orderId);
    if (!nextStatuses(order.status as OrderStatus, order.delivery_mode).includes(next))
      throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS);
    const picked = await trx
      .selectFrom('order_rows')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('order_id', '=', orderId)
      .where('operator_amount', 'is not', null)
      .executeTakeFirstOrThrow();
    if ((next === 'TO_BE_COLLECTED' || next === 'TO_BE_DELIVERED') && picked.n === 0) {
      throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS, 'Indica prima le quantità preparate.');
    }
    const set: { status: OrderStatus; updated_at: Date; payed_cents?: number } = {
      status: next,
      updated_at: new Date(),
    };
    // Only what the store actually picked is charged (plus the order's fees).
    if (next === 'COLLECTED' || next === 'DELIVERED') set.payed_cents = order.operator_total_cents ?? order.total_cents;
    await trx.updateTable('orders').set(set).where('id', '=', orderId).execute();
    await trx
      .insertInto('order_status_history')
      .values({ order_id: orderId, status: next, changed_by: operator.userId })
      .execute();
    if (next === 'CANCELLED' && order.slot_id) await releaseSlotPlace(trx as Db, order.slot_id);
    return orderView(trx as Db, { ...order, ...set });
  });
}

/**
 * Records the amounts picked per row; the operator total replaces the estimate.
 * A row's price is the shared rule (rowCents), the one the staff screen shows.
 */
export async function setPicked(
  db: Db,
  operator: { storeId: number },
  orderId: number,
  rows: { id: number; operatorAmount: number }[],
): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const order = await storeOrder(trx as Db, operator.storeId, orderId);
    if (!canPick(order.status as OrderStatus)) throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS);
    const unitCents = new Map(
      (
        await trx.selectFrom('order_rows').select(['id', 'net_price_cents']).where('order_id', '=', orderId).execute()
      ).map((r) => [r.id, r.net_price_cents]),
    );
    for (const row of rows) {
      const unit = unitCents.get(row.id);
      if (unit === undefined)
        throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS, `Riga ${row.id} non presente nell'ordine.`);
      await trx
        .updateTable('order_rows')
        .set({
          operator_amount: round3(row.operatorAmount),
          operator_total_cents: rowCents(unit, row.operatorAmount),
          available: row.operatorAmount > 0,
        })
        .where('id', '=', row.id)
        .where('order_id', '=', orderId)
        .execute();
    }
    const totals = await sql<{ rows: number; fees: number }>`SELECT
        (SELECT coalesce(sum(coalesce(operator_total_cents, row_net_cents)), 0) FROM order_rows WHERE order_id = ${orderId})::int AS rows,
        (SELECT coalesce(sum(value_cents), 0) FROM order_fees WHERE order_id = ${orderId})::int AS fees`.execute(trx);
    const t = totals.rows[0]!;
    await trx
      .updateTable('orders')
      .set({ operator_total_cents: t.rows + t.fees, updated_at: new Date() })
      .where('id', '=', orderId)
      .execute();
    const updated = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    return orderView(trx as Db, updated);
  });
}

/** Unpaid card orders past their time expire (docs/product.md §1): the slot place is freed. */
export async function expireUnpaidOrders(db: Db, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .updateTable('orders')
      .set({ status: 'ABORTED', updated_at: now })
      .where('status', '=', 'PAYMENT_PENDING')
      .where('expires_at', '<', now)
      .returning(['id', 'slot_id'])
      .execute();
    for (const order of expired) {
      await trx
        .insertInto('order_status_history')
        .values({ order_id: order.id, status: 'ABORTED', changed_by: null })
        .execute();
      if (order.slot_id) await releaseSlotPlace(trx as Db, order.slot_id);
    }
    return expired.length;
  });
}
