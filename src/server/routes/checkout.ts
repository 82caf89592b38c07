// Slots, booking (freeze), orders and the checkout configuration (docs/product.md §7).
import { Hono } from 'hono';
import { deliveryMode } from '#src/shared/contract/cart.ts';
import { checkoutCalls as calls } from '#src/shared/contract/endpoints.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser, requireUserInStatement } from '../auth/require-user.ts';
import { inputOf, jsonAnswer, ok } from '../http.ts';
import { DELIVERY_MODE_LABELS } from '#src/shared/delivery-modes.ts';
import { payableModes } from '../services/payable-modes.ts';
import {
  acceptOrder,
  setOrderChoices,
  allowedPaymentModes,
  copyOrder,
  fetchOrder,
  freezeCart,
  listOrders,
  modifyOrder,
} from '../services/orders.ts';
import { firstAvailableSlot, slotDays, slotsOfDay } from '../services/slots.ts';
import { expireWaitingOrders } from '../services/order-lifecycle.ts';
import { announceStoredOrder } from '../services/order-events.ts';
import { queueOrderNotice } from '../services/order-notices.ts';
import { kickMailWorker } from '../mail/queue.ts';
import { originOf } from '../shop-origin.ts';
import { orderEventStream } from './order-stream.ts';

const auth = requireUser();
// The slot listings and the header's first slot check the account in their own statement (slots.ts): one statement fewer on each.
const authInStatement = requireUserInStatement();

export const checkoutRoutes = new Hono<AppEnv>()
  .on(calls.firstSlot.method, calls.firstSlot.path, authInStatement, async (c) =>
    ok(c, await firstAvailableSlot(c.get('db'), c.get('pending'))),
  )
  // A visitor's header shows the default store's first slot (docs/product.md §2 Header, §9 default store): no login needed.
  .on(calls.firstDefaultSlot.method, calls.firstDefaultSlot.path, async (c) =>
    ok(c, await firstAvailableSlot(c.get('db'), null)),
  )
  .on(calls.slotDays.method, calls.slotDays.path, authInStatement, inputOf(calls.slotDays), async (c) =>
    ok(c, await slotDays(c.get('db'), c.get('pending'), c.req.valid('param').cartId)),
  )
  .on(calls.slots.method, calls.slots.path, authInStatement, inputOf(calls.slots), async (c) =>
    ok(c, await slotsOfDay(c.get('db'), c.get('pending'), c.req.valid('param').cartId, c.req.valid('query'))),
  )
  .on(calls.freeze.method, calls.freeze.path, auth, inputOf(calls.freeze), async (c) => {
    const origin = originOf(c);
    const cart = await freezeCart(
      c.get('db'),
      c.get('session').userId,
      c.req.valid('json'),
      c.get('config').flags,
      (trx, id) => queueOrderNotice(trx, id, 'SENT', origin),
    );
    // The store's screen shows the new order at once; the shopper's mail goes within a fraction of a second.
    await announceStoredOrder(c.get('db'), { cartId: cart.id });
    kickMailWorker(c.get('db'));
    return ok(c, cart);
  })
  // The shopper's own orders only: the stream is filtered by the session's account (order-stream.ts).
  .on(calls.orderEvents.method, calls.orderEvents.path, auth, async (c) =>
    orderEventStream(c, { userId: c.get('session').userId }),
  )
  .on(calls.orders.method, calls.orders.path, auth, inputOf(calls.orders), async (c) => {
    const { s, p } = c.req.valid('query');
    await expireWaitingOrders(c.get('db'));
    return ok(c, await listOrders(c.get('db'), c.get('session').userId, p, s));
  })
  .on(calls.order.method, calls.order.path, auth, inputOf(calls.order), async (c) =>
    ok(c, await fetchOrder(c.get('db'), c.get('session').userId, c.req.valid('param').id)),
  )
  // A confirmed cash or bancomat order accepted as the store confirmed it (decision 014).
  .on(calls.acceptOrder.method, calls.acceptOrder.path, auth, inputOf(calls.acceptOrder), async (c) => {
    const order = await acceptOrder(c.get('db'), c.get('session').userId, c.req.valid('param').id);
    await announceStoredOrder(c.get('db'), { id: order.id });
    return ok(c, order);
  })
  // What the store's confirmation may do without asking again, while it waits for the store (decision 018).
  .on(calls.orderChoices.method, calls.orderChoices.path, auth, inputOf(calls.orderChoices), async (c) =>
    ok(c, await setOrderChoices(c.get('db'), c.get('session').userId, c.req.valid('param').id, c.req.valid('json'))),
  )
  // A waiting order back into a cart; 4105 lists the rows that changed or could not go back (as copyOrder).
  .on(calls.modifyOrder.method, calls.modifyOrder.path, auth, inputOf(calls.modifyOrder), async (c) => {
    const orderId = c.req.valid('param').id;
    const result = await modifyOrder(c.get('db'), c.get('session').userId, orderId, c.get('config').flags);
    await announceStoredOrder(c.get('db'), { id: orderId });
    if (result.updated.length || result.removed.length) {
      return jsonAnswer(c, {
        responseCode: ErrorCode.PRICES_CHANGED,
        data: { cart: result.cart, updated: result.updated, removed: result.removed },
      });
    }
    return ok(c, result.cart);
  })
  .on(calls.copyOrder.method, calls.copyOrder.path, auth, inputOf(calls.copyOrder), async (c) => {
    const { orderId, addressId } = c.req.valid('json');
    const result = await copyOrder(c.get('db'), c.get('session').userId, orderId, addressId, c.get('config').flags);
    if (result.updated.length || result.removed.length) {
      return jsonAnswer(c, {
        responseCode: ErrorCode.PRICES_CHANGED,
        data: { cart: result.cart, updated: result.updated, removed: result.removed },
      });
    }
    return ok(c, result.cart);
  })
  .on(calls.paymentModes.method, calls.paymentModes.path, inputOf(calls.paymentModes), async (c) => {
    const { mode } = c.req.valid('param');
    const { storeId } = c.req.valid('query');
    return ok(c, await allowedPaymentModes(c.get('db'), storeId, mode, c.get('config').flags));
  })
  // The modes a cart can be opened for now: some store serves them and they can be paid for (payable-modes.ts).
  .on(calls.deliveries.method, calls.deliveries.path, async (c) => {
    const offered = await payableModes(c.get('db'), c.get('config').flags);
    return ok(
      c,
      deliveryMode.options
        .filter((mode) => offered.has(mode))
        .map((mode) => ({ id: mode, description: DELIVERY_MODE_LABELS[mode] })),
    );
  });
