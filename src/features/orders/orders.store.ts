// The shopper's orders (spec §7): paged list, one order, abort, copy to cart.
import { api } from '#src/lib/api-client.ts';
import { cart as cartSchema, changedItems, type CartItem } from '#src/shared/contract/cart.ts';
import { order as orderSchema, orderPage, ORDERS_PAGE_SIZE } from '#src/shared/contract/checkout.ts';

export const loadOrders = (page: number) =>
  api.data('get', '/cli/ecommerce/orders', orderPage, { searchParams: { s: ORDERS_PAGE_SIZE, p: page } });
export const fetchOrder = (id: number) => api.data('get', `/cli/ecommerce/orders/${id}/fetch`, orderSchema);
export const abortOrder = (orderId: number) =>
  api.data('post', '/cli/ecommerce/cart/abort', orderSchema, { json: { orderId } });

const copyChanged = changedItems.extend({ cart: cartSchema });

/** cart/copy: 0 → the cart is ready; 4105 → it is ready, but some items changed or are gone (spec §4). */
export async function copyOrder(
  orderId: number,
): Promise<{ kind: 'copied' } | { kind: 'changed'; updated: CartItem[]; removed: CartItem[] }> {
  const answer = await api.call('post', '/cli/ecommerce/cart/copy', cartSchema, {
    json: { orderId, terminalType: 'WEB' },
  });
  if (answer.responseCode === 0) return { kind: 'copied' };
  const { updated, removed } = copyChanged.parse(answer.data);
  return { kind: 'changed', updated, removed };
}
