// The shopper's orders (docs/product.md §7): paged list, one order, abort, copy to cart.
import { ORDERS_PAGE_SIZE, type Paged } from '#src/shared/contract/constants.ts';
import { api } from '#src/lib/api-client.ts';
import type { CartItem } from '#src/shared/contract/cart.ts';
import { checkoutCalls } from '#src/shared/contract/calls.generated.ts';
import type { Order } from '#src/shared/contract/checkout.ts';
import { keepAnswer, keptAnswer, unreachable } from '#src/shop/last-answers.ts';
import { $user } from '#src/shop/session.store.ts';
import { rememberReorder } from '#src/shop/reorder-hint.ts';
import { sameStart, sameWeekdays } from './reorder.ts';

const customer = () => $user.get()?.profile.id;

/**
 * A page of orders; the first one is kept (last-answers.ts) and, with no answer at all,
 * read back, with the order last opened as it was then.
 */
export async function loadOrders(page: number): Promise<Paged<Order>> {
  try {
    const answer = await api.data(checkoutCalls.orders, { query: { s: ORDERS_PAGE_SIZE, p: page } });
    if (page === 0) {
      keepAnswer('orders', customer(), answer);
      // The order last opened, when on this page, as this newer answer has it.
      const opened = keptAnswer<Order>('order', customer());
      const newer = opened && answer.data.find((o) => o.id === opened.id);
      if (newer) keepAnswer('order', customer(), newer);
    }
    return answer;
  } catch (error) {
    const kept = page === 0 && unreachable(error) ? keptAnswer<Paged<Order>>('orders', customer()) : null;
    if (!kept) throw error;
    const opened = keptAnswer<Order>('order', customer());
    return opened ? { ...kept, data: kept.data.map((o) => (o.id === opened.id ? opened : o)) } : kept;
  }
}

/** One order, kept as the order last opened; with no answer at all, the kept one (or its row of the first page). */
export async function fetchOrder(id: number): Promise<Order> {
  try {
    const answer = await api.data(checkoutCalls.order, { params: { id } });
    keepAnswer('order', customer(), answer);
    return answer;
  } catch (error) {
    if (!unreachable(error)) throw error;
    const opened = keptAnswer<Order>('order', customer());
    const kept =
      opened?.id === id ? opened : keptAnswer<Paged<Order>>('orders', customer())?.data.find((o) => o.id === id);
    if (!kept) throw error;
    return kept;
  }
}
export const abortOrder = (orderId: number) => api.data(checkoutCalls.abortOrder, { body: { orderId } });

export const acceptOrder = (id: number) => api.data(checkoutCalls.acceptOrder, { params: { id } });

/** What the store's confirmation may do without asking again (decision 018), while the order waits for the store. */
export const setOrderChoices = (id: number, acceptChanges: boolean, acceptChangesLimit: number) =>
  api.data(checkoutCalls.orderChoices, { params: { id }, body: { acceptChanges, acceptChangesLimit } });

/** orders/:id/modify: the order is cancelled and its rows back in the cart; 4105 lists the rows that changed or stayed out. */
export async function modifyOrder(
  id: number,
): Promise<{ kind: 'copied' } | { kind: 'changed'; updated: CartItem[]; removed: CartItem[] }> {
  const answer = await api.call(checkoutCalls.modifyOrder, { params: { id } });
  if (answer.responseCode === 0) return { kind: 'copied' };
  const { updated, removed } = answer.data;
  return { kind: 'changed', updated, removed };
}

/** cart/copy: 0 → the cart is ready; 4105 → it is ready, but some items changed or are gone (docs/product.md §4). */
export async function copyOrder(
  orderId: number,
): Promise<{ kind: 'copied' } | { kind: 'changed'; updated: CartItem[]; removed: CartItem[] }> {
  const answer = await api.call(checkoutCalls.copyOrder, { body: { orderId, terminalType: 'WEB' } });
  if (answer.responseCode === 0) return { kind: 'copied' };
  const { updated, removed } = answer.data;
  return { kind: 'changed', updated, removed };
}

/**
 * 'Riordina': the order copied into a cart for the same store and mode, and the checkout's
 * slot (the same weekday and start time, when one is free) and payment mode preselected.
 * 4105: the cart is ready, but some rows changed or are gone.
 */
export async function reorder(
  order: Order,
): Promise<{ kind: 'copied' } | { kind: 'changed'; updated: CartItem[]; removed: CartItem[] }> {
  const answer = await api.call(checkoutCalls.copyOrder, { body: { orderId: order.id, terminalType: 'WEB' } });
  const changed = answer.responseCode === 0 ? null : answer.data;
  const cart = answer.responseCode === 0 ? answer.data : answer.data.cart;
  const last = order.cart.delivery.timeSlot;
  let slot = null;
  if (last) {
    const days = sameWeekdays(await api.data(checkoutCalls.slotDays, { params: { cartId: cart.id } }), last.weekDay);
    for (const d of days) {
      const found = sameStart(
        await api.data(checkoutCalls.slots, { params: { cartId: cart.id }, query: { day: d.day } }),
        last,
      );
      if (found) {
        slot = { id: found.id, day: d.day, validFrom: found.validFrom, validTo: found.validTo };
        break;
      }
    }
  }
  rememberReorder({ cartId: cart.id, slot, paymentMode: order.cart.paymentMode });
  return changed ? { kind: 'changed', updated: changed.updated, removed: changed.removed } : { kind: 'copied' };
}
