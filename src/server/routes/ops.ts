// The store's API (operator role): orders of the operator's own store only.
import { Hono } from 'hono';
import { staffCalls as calls } from '#src/shared/contract/endpoints.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { inputOf, ok } from '../http.ts';
import { NotYours } from '../services/outcomes.ts';
import { changeStatus, confirmAvailability, setPicked, storeOrders } from '../services/order-lifecycle.ts';
import { orderView } from '../services/orders.ts';
import { carryOutDeletion, pendingDeletionRequests, refuseDeletion } from '../services/deletion-requests.ts';
import { announceStoredOrder } from '../services/order-events.ts';
import { orderEventStream } from './order-stream.ts';
import { originOf } from '../shop-origin.ts';
import { kickMailWorker } from '../mail/queue.ts';
import type { Context } from 'hono';

const operatorOnly = requireUser('OPERATOR');

/** The operator's own store (every store call is about it alone). */
export async function operatorStore(c: Context<AppEnv>): Promise<{ userId: number; storeId: number }> {
  const user = await c
    .get('db')
    .selectFrom('users')
    .select('operator_store_id')
    .where('id', '=', c.get('session').userId)
    .executeTakeFirst();
  if (!user?.operator_store_id) throw new NotYours();
  return { userId: c.get('session').userId, storeId: user.operator_store_id };
}

async function fetchOrderView(db: AppEnv['Variables']['db'], id: number) {
  return orderView(db, await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

export const opsRoutes = new Hono<AppEnv>()
  // The store's screen hears of its new orders and of every change of them (order-stream.ts).
  .on(calls.orderEvents.method, calls.orderEvents.path, operatorOnly, async (c) =>
    orderEventStream(c, { storeId: (await operatorStore(c)).storeId }),
  )
  .on(calls.orders.method, calls.orders.path, operatorOnly, inputOf(calls.orders), async (c) => {
    const { status } = c.req.valid('query');
    return ok(c, await storeOrders(c.get('db'), (await operatorStore(c)).storeId, status));
  })
  .on(calls.setStatus.method, calls.setStatus.path, operatorOnly, inputOf(calls.setStatus), async (c) => {
    const { status } = c.req.valid('json');
    const order = await changeStatus(c.get('db'), await operatorStore(c), c.req.valid('param').id, status, originOf(c));
    kickMailWorker(c.get('db'));
    await announceStoredOrder(c.get('db'), { id: order.id });
    // A closed order has the picked amount captured; a cancelled or refused one has its hold released.
    await c.get('payments').settleOrder(order.id, originOf(c));
    return ok(c, await fetchOrderView(c.get('db'), order.id));
  })
  // Profile deletion requests are the cooperative's, not one store's: any store operator sees the pending ones (README, Store staff).
  .on(calls.deletionRequests.method, calls.deletionRequests.path, operatorOnly, async (c) => {
    await operatorStore(c);
    return ok(c, await pendingDeletionRequests(c.get('db')));
  })
  // Carrying one out or closing it is also any store operator's: who did it is recorded and mailed to the privacy mailbox.
  .on(
    calls.carryOutDeletion.method,
    calls.carryOutDeletion.path,
    operatorOnly,
    inputOf(calls.carryOutDeletion),
    async (c) => {
      const { userId } = await operatorStore(c);
      await carryOutDeletion(
        c.get('db'),
        c.get('mailer'),
        c.get('payments'),
        c.get('config').PRIVACY_EMAIL,
        { userId },
        c.req.valid('param').userId,
      );
      return ok(c, null);
    },
  )
  .on(
    calls.refuseDeletion.method,
    calls.refuseDeletion.path,
    operatorOnly,
    inputOf(calls.refuseDeletion),
    async (c) => {
      const { userId } = await operatorStore(c);
      const customerId = c.req.valid('param').userId;
      const { reason } = c.req.valid('json');
      await refuseDeletion(c.get('db'), c.get('mailer'), c.get('config').PRIVACY_EMAIL, { userId }, customerId, reason);
      return ok(c, null);
    },
  )
  // The store confirms a pre-order row by row (decision 014). Within the shopper's choices it goes through
  // on its own (decision 018): a card order's hold is taken on the linked card now; otherwise it waits for them.
  .on(calls.confirm.method, calls.confirm.path, operatorOnly, inputOf(calls.confirm), async (c) => {
    const { rows } = c.req.valid('json');
    const store = await operatorStore(c);
    let order = await confirmAvailability(c.get('db'), store, c.req.valid('param').id, rows, new Date(), originOf(c));
    if (order.status === 'PAYMENT_PENDING' && order.withinChoices) {
      await c.get('payments').autoHold(order.id, originOf(c));
      order = await orderView(
        c.get('db'),
        await c.get('db').selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow(),
      );
    }
    kickMailWorker(c.get('db'));
    await announceStoredOrder(c.get('db'), { id: order.id });
    return ok(c, order);
  })
  .on(calls.setPicked.method, calls.setPicked.path, operatorOnly, inputOf(calls.setPicked), async (c) => {
    const { rows } = c.req.valid('json');
    const order = await setPicked(c.get('db'), await operatorStore(c), c.req.valid('param').id, rows);
    // The status stays; the shopper's screen reads the picked rows and totals again.
    await announceStoredOrder(c.get('db'), { id: order.id });
    return ok(c, order);
  });
