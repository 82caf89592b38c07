// Cart calls of docs/product.md §7 (freeze, copy and orders come with checkout).
import { Hono } from 'hono';
import { cartCalls as calls } from '#src/shared/contract/endpoints.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser, requireUserInStatement } from '../auth/require-user.ts';
import { inputOf, jsonAnswer, ok } from '../http.ts';
import {
  abortCart,
  currentCart,
  deleteItem,
  freezeCheck,
  lastChoice,
  moveCart,
  openCart,
  openCarts,
  reviewCart,
  setReplacement,
  storeItemOf,
} from '../services/cart.ts';
import { addListToCart } from '../services/lists.ts';
import { abortOrder } from '../services/orders.ts';
import { announceStoredOrder } from '../services/order-events.ts';
import { originOf } from '../shop-origin.ts';

const auth = requireUser();
const inStatement = requireUserInStatement();

export const cartRoutes = new Hono<AppEnv>()
  // Every logged-in page asks for it (BaseLayout's early start): the account is checked in its first statement.
  .on(calls.current.method, calls.current.path, inStatement, async (c) =>
    ok(c, await currentCart(c.get('db'), c.get('pending'), c.get('config').flags)),
  )
  .on(calls.lastChoice.method, calls.lastChoice.path, auth, async (c) =>
    ok(c, await lastChoice(c.get('db'), c.get('session').userId)),
  )
  .on(calls.openCarts.method, calls.openCarts.path, auth, async (c) =>
    ok(c, await openCarts(c.get('db'), c.get('session').userId)),
  )
  .on(calls.open.method, calls.open.path, auth, inputOf(calls.open), async (c) =>
    ok(c, await openCart(c.get('db'), c.get('session').userId, c.req.valid('json'), c.get('config').flags)),
  )
  // The hottest call checks the account in its own write (storeItemOf): one statement fewer.
  .on(calls.storeItem.method, calls.storeItem.path, inStatement, inputOf(calls.storeItem), async (c) =>
    ok(c, await storeItemOf(c.get('db'), c.get('pending'), c.req.valid('json'))),
  )
  .on(calls.review.method, calls.review.path, auth, inputOf(calls.review), async (c) => {
    const { cartId } = c.req.valid('json');
    return ok(c, await reviewCart(c.get('db'), c.get('session').userId, cartId));
  })
  .on(calls.deleteItem.method, calls.deleteItem.path, auth, inputOf(calls.deleteItem), async (c) => {
    const { cartId, barcode } = c.req.valid('json');
    return ok(c, await deleteItem(c.get('db'), c.get('session').userId, cartId, barcode));
  })
  .on(calls.abort.method, calls.abort.path, auth, inputOf(calls.abort), async (c) => {
    const { cartId, orderId } = c.req.valid('json');
    // With an orderId the customer cancels a booked order (docs/product.md §7).
    if (orderId) {
      const order = await abortOrder(c.get('db'), c.get('session').userId, orderId);
      await announceStoredOrder(c.get('db'), { id: order.id });
      await c.get('payments').settleOrder(order.id, originOf(c));
      return ok(c, order);
    }
    return ok(c, await abortCart(c.get('db'), c.get('session').userId, cartId!));
  })
  .on(calls.move.method, calls.move.path, auth, inputOf(calls.move), async (c) =>
    ok(c, await moveCart(c.get('db'), c.get('session').userId, c.req.valid('json'), c.get('config').flags)),
  )
  .on(calls.freezeCheck.method, calls.freezeCheck.path, auth, inputOf(calls.freezeCheck), async (c) => {
    const { cartId } = c.req.valid('json');
    const result = await freezeCheck(c.get('db'), c.get('session').userId, cartId);
    // 4105 is not an error (docs/architecture.md §3): the changed items travel as data.
    if (result.changed)
      return jsonAnswer(c, {
        responseCode: ErrorCode.PRICES_CHANGED,
        data: { updated: result.updated, removed: result.removed },
      });
    return ok(c, result.cart);
  })
  .on(calls.addList.method, calls.addList.path, auth, inputOf(calls.addList), async (c) => {
    const input = c.req.valid('json');
    return ok(c, await addListToCart(c.get('db'), c.get('session').userId, input.smartListId, input.cartId));
  })
  .on(calls.setReplacement.method, calls.setReplacement.path, auth, inputOf(calls.setReplacement), async (c) =>
    ok(c, await setReplacement(c.get('db'), c.get('session').userId, c.req.valid('json'))),
  );
