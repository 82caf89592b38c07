// Slots, booking (freeze), orders and the checkout configuration (spec §7).
import { Hono } from 'hono';
import { z } from 'zod';
import { deliveryMode } from '#src/shared/contract/cart.ts';
import { storeIdParam } from '#src/shared/contract/catalogue.ts';
import { copyOrderRequest, freezeRequest, ORDERS_PAGE_SIZE, slotsQuery } from '#src/shared/contract/checkout.ts';
import { pageParam } from '#src/shared/contract/envelope.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { ok, parseInput, jsonBody, queryParams } from '../http.ts';
import { DELIVERY_MODE_LABELS } from '#src/shared/delivery-modes.ts';
import { payableModes } from '../services/payable-modes.ts';
import { allowedPaymentModes, copyOrder, fetchOrder, freezeCart, listOrders } from '../services/orders.ts';
import { firstAvailableSlot, slotDays, slotsOfDay } from '../services/slots.ts';
import { expireUnpaidOrders } from '../services/order-lifecycle.ts';

const auth = requireUser();
const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const ordersQuery = z.object({ s: z.coerce.number().int().min(1).max(50).default(ORDERS_PAGE_SIZE), p: pageParam });
const configQuery = z.object({ storeId: storeIdParam });

export const checkoutRoutes = new Hono<AppEnv>()
  .get('/ecommerce/slots/first/available', auth, async (c) =>
    ok(c, await firstAvailableSlot(c.var.db, c.var.session.userId)),
  )
  // A visitor's header shows the default store's first slot (spec §2 Header, §9 default store): no login needed.
  .get('/ecommerce/slots/first/default', async (c) => ok(c, await firstAvailableSlot(c.var.db, null)))
  .get('/ecommerce/slots/:cartId/days', auth, async (c) =>
    ok(c, await slotDays(c.var.db, c.var.session.userId, parseInput(idParam, c.req.param('cartId')))),
  )
  .get('/ecommerce/slots/:cartId', auth, queryParams(slotsQuery), async (c) =>
    ok(
      c,
      await slotsOfDay(
        c.var.db,
        c.var.session.userId,
        parseInput(idParam, c.req.param('cartId')),
        c.req.valid('query'),
      ),
    ),
  )
  .post('/ecommerce/cart/freeze', auth, jsonBody(freezeRequest), async (c) =>
    ok(c, await freezeCart(c.var.db, c.var.session.userId, c.req.valid('json'), c.var.config.flags)),
  )
  .get('/ecommerce/orders', auth, queryParams(ordersQuery), async (c) => {
    const { s, p } = c.req.valid('query');
    await expireUnpaidOrders(c.var.db);
    return ok(c, await listOrders(c.var.db, c.var.session.userId, p, s));
  })
  .get('/ecommerce/orders/:id/fetch', auth, async (c) =>
    ok(c, await fetchOrder(c.var.db, c.var.session.userId, parseInput(idParam, c.req.param('id')))),
  )
  .post('/ecommerce/cart/copy', auth, jsonBody(copyOrderRequest), async (c) => {
    const { orderId, addressId } = c.req.valid('json');
    const result = await copyOrder(c.var.db, c.var.session.userId, orderId, addressId, c.var.config.flags);
    if (result.updated.length || result.removed.length) {
      return c.json({
        responseCode: ErrorCode.PRICES_CHANGED,
        data: { cart: result.cart, updated: result.updated, removed: result.removed },
      });
    }
    return ok(c, result.cart);
  })
  .get('/ecommerce/configuration/deliveryMode/:mode', queryParams(configQuery), async (c) => {
    const mode = parseInput(deliveryMode, c.req.param('mode'));
    const { storeId } = c.req.valid('query');
    return ok(c, await allowedPaymentModes(c.var.db, storeId, mode, c.var.config.flags));
  })
  // The modes a cart can be opened for now: some store serves them and they can be paid for (payable-modes.ts).
  .get('/ecommerce/deliveries', async (c) => {
    const offered = await payableModes(c.var.db, c.var.config.flags);
    return ok(
      c,
      deliveryMode.options
        .filter((mode) => offered.has(mode))
        .map((mode) => ({ id: mode, description: DELIVERY_MODE_LABELS[mode] })),
    );
  });
