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
import { allowedPaymentModes, copyOrder, fetchOrder, freezeCart, listOrders } from '../services/orders.ts';
import { firstAvailableSlot, slotDays, slotsOfDay } from '../services/slots.ts';
import { expireUnpaidOrders } from '../services/order-lifecycle.ts';

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
  .on(calls.freeze.method, calls.freeze.path, auth, inputOf(calls.freeze), async (c) =>
    ok(c, await freezeCart(c.get('db'), c.get('session').userId, c.req.valid('json'), c.get('config').flags)),
  )
  .on(calls.orders.method, calls.orders.path, auth, inputOf(calls.orders), async (c) => {
    const { s, p } = c.req.valid('query');
    await expireUnpaidOrders(c.get('db'));
    return ok(c, await listOrders(c.get('db'), c.get('session').userId, p, s));
  })
  .on(calls.order.method, calls.order.path, auth, inputOf(calls.order), async (c) =>
    ok(c, await fetchOrder(c.get('db'), c.get('session').userId, c.req.valid('param').id)),
  )
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
