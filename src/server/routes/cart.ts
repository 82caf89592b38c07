// Cart calls of spec §7 (freeze, copy and orders come with checkout).
import { Hono } from 'hono';
import {
  abortRequest,
  cartIdRequest,
  deleteItemRequest,
  listToCartRequest,
  moveRequest,
  openCartRequest,
  storeItemRequest,
} from '#src/shared/contract/cart.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { ok, jsonBody } from '../http.ts';
import {
  abortCart,
  currentCart,
  deleteItem,
  freezeCheck,
  moveCart,
  openCart,
  openCarts,
  reviewCart,
  storeItem,
} from '../services/cart.ts';
import { addListToCart } from '../services/lists.ts';
import { abortOrder } from '../services/orders.ts';
import { originOf } from './payments.ts';

const auth = requireUser();

export const cartRoutes = new Hono<AppEnv>()
  .get('/ecommerce/cart/current', auth, async (c) =>
    ok(c, await currentCart(c.var.db, c.var.session.userId, c.var.config.flags)),
  )
  .get('/ecommerce/carts/open', auth, async (c) => ok(c, await openCarts(c.var.db, c.var.session.userId)))
  .post('/ecommerce/cart/open', auth, jsonBody(openCartRequest), async (c) =>
    ok(c, await openCart(c.var.db, c.var.session.userId, c.req.valid('json'), c.var.config.flags)),
  )
  .post('/ecommerce/cart/store', auth, jsonBody(storeItemRequest), async (c) =>
    ok(c, await storeItem(c.var.db, c.var.session.userId, c.req.valid('json'))),
  )
  .post('/ecommerce/cart/review', auth, jsonBody(cartIdRequest), async (c) => {
    const { cartId } = c.req.valid('json');
    return ok(c, await reviewCart(c.var.db, c.var.session.userId, cartId));
  })
  .post('/ecommerce/cart/delete', auth, jsonBody(deleteItemRequest), async (c) => {
    const { cartId, barcode } = c.req.valid('json');
    return ok(c, await deleteItem(c.var.db, c.var.session.userId, cartId, barcode));
  })
  .post('/ecommerce/cart/abort', auth, jsonBody(abortRequest), async (c) => {
    const { cartId, orderId } = c.req.valid('json');
    // With an orderId the customer cancels a booked order (spec §7).
    if (orderId) {
      const order = await abortOrder(c.var.db, c.var.session.userId, orderId);
      await c.var.payments.settleOrder(order.id, originOf(c));
      return ok(c, order);
    }
    return ok(c, await abortCart(c.var.db, c.var.session.userId, cartId!));
  })
  .post('/ecommerce/cart/move', auth, jsonBody(moveRequest), async (c) =>
    ok(c, await moveCart(c.var.db, c.var.session.userId, c.req.valid('json'), c.var.config.flags)),
  )
  .post('/ecommerce/cart/freeze/check', auth, jsonBody(cartIdRequest), async (c) => {
    const { cartId } = c.req.valid('json');
    const result = await freezeCheck(c.var.db, c.var.session.userId, cartId);
    // 4105 is not an error (DESIGN.md §3): the changed items travel as data.
    if (result.changed)
      return c.json({
        responseCode: ErrorCode.PRICES_CHANGED,
        data: { updated: result.updated, removed: result.removed },
      });
    return ok(c, result.cart);
  })
  .post('/ecommerce/cart/list', auth, jsonBody(listToCartRequest), async (c) => {
    const input = c.req.valid('json');
    return ok(c, await addListToCart(c.var.db, c.var.session.userId, input.smartListId, input.cartId));
  });
