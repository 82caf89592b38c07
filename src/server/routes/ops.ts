// The store's API (operator role): orders of the operator's own store only.
import { Hono } from 'hono';
import { z } from 'zod';
import { orderStatus } from '#src/shared/contract/checkout.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { forbidden, ok, parseInput, jsonBody, queryParams } from '../http.ts';
import { changeStatus, setPicked, storeOrders } from '../services/order-lifecycle.ts';
import { orderView } from '../services/orders.ts';
import { carryOutDeletion, pendingDeletionRequests, refuseDeletion } from '../services/deletion-requests.ts';
import { deletionRefusal } from '#src/shared/contract/deletion-requests.ts';
import { originOf } from './payments.ts';
import type { Context } from 'hono';

const operatorOnly = requireUser('OPERATOR');
const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const pickedRequest = z.object({
  rows: z
    .array(z.object({ id: idParam, operatorAmount: z.number().finite().min(0).max(1000) }))
    .min(1)
    .max(500),
});

async function operatorStore(c: Context<AppEnv>): Promise<{ userId: number; storeId: number }> {
  const user = await c.var.db
    .selectFrom('users')
    .select('operator_store_id')
    .where('id', '=', c.var.session.userId)
    .executeTakeFirst();
  if (!user?.operator_store_id) throw forbidden();
  return { userId: c.var.session.userId, storeId: user.operator_store_id };
}

async function fetchOrderView(db: AppEnv['Variables']['db'], id: number) {
  return orderView(db, await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

export const opsRoutes = new Hono<AppEnv>()
  .get('/ops/orders', operatorOnly, queryParams(z.object({ status: orderStatus.optional() })), async (c) => {
    const { status } = c.req.valid('query');
    return ok(c, await storeOrders(c.var.db, (await operatorStore(c)).storeId, status));
  })
  .post('/ops/orders/:id/status', operatorOnly, jsonBody(z.object({ status: orderStatus })), async (c) => {
    const { status } = c.req.valid('json');
    const order = await changeStatus(c.var.db, await operatorStore(c), parseInput(idParam, c.req.param('id')), status);
    // A closed order has the picked amount captured; a cancelled or refused one has its hold released.
    await c.var.payments.settleOrder(order.id, originOf(c));
    return ok(c, await fetchOrderView(c.var.db, order.id));
  })
  // Profile deletion requests are the cooperative's, not one store's: any store operator sees the pending ones (README, Store staff).
  .get('/ops/deletion-requests', operatorOnly, async (c) => {
    await operatorStore(c);
    return ok(c, await pendingDeletionRequests(c.var.db));
  })
  // Carrying one out or closing it is also any store operator's: who did it is recorded and mailed to the privacy mailbox.
  .post('/ops/deletion-requests/:userId/delete', operatorOnly, async (c) => {
    const { userId } = await operatorStore(c);
    await carryOutDeletion(
      c.var.db,
      c.var.mailer,
      c.var.payments,
      c.var.config.PRIVACY_EMAIL,
      { userId },
      parseInput(idParam, c.req.param('userId')),
    );
    return ok(c, null);
  })
  .post('/ops/deletion-requests/:userId/refuse', operatorOnly, jsonBody(deletionRefusal), async (c) => {
    const { userId } = await operatorStore(c);
    const customerId = parseInput(idParam, c.req.param('userId'));
    const { reason } = c.req.valid('json');
    await refuseDeletion(c.var.db, c.var.mailer, c.var.config.PRIVACY_EMAIL, { userId }, customerId, reason);
    return ok(c, null);
  })
  .post('/ops/orders/:id/picked', operatorOnly, jsonBody(pickedRequest), async (c) => {
    const { rows } = c.req.valid('json');
    return ok(c, await setPicked(c.var.db, await operatorStore(c), parseInput(idParam, c.req.param('id')), rows));
  });
