// What an order shows and allows, by status (docs/product.md §4 Order statuses): pure,
// tested beside this file.
import type { CartItem } from '#src/shared/contract/cart.ts';
import type { Order, OrderStatus } from '#src/shared/contract/checkout.ts';
import { toCents, toEuro } from '#src/shared/contract/money.ts';
import type { CardPayment } from '#src/shared/contract/payments.ts';
import { notYetPrepared, showsOrderedRows } from '#src/shared/order-states.ts';

/**
 * The original cart rows while the order is not prepared (or was aborted, or
 * cancelled by the store before anything was picked); the prepared items otherwise.
 */
export function shownRows(order: Order): { kind: 'original' | 'prepared'; items: CartItem[] } {
  const neverPicked = order.status === 'CANCELLED' && order.preparedCartItems.every((i) => i.operatorAmount === null);
  if (showsOrderedRows(order.status) || neverPicked || order.preparedCartItems.length === 0)
    return { kind: 'original', items: order.cart.items };
  return { kind: 'prepared', items: order.preparedCartItems };
}

/** Totals of the prepared items: when an operator cart exists and the order is past preparation. */
export const preparedTotals = (order: Order): Order['operatorCart'] =>
  order.operatorCart && !notYetPrepared(order.status) ? order.operatorCart : null;

/** Tone of the status badge: waiting, going on, done, stopped. */
export function statusTone(status: OrderStatus): 'wait' | 'progress' | 'done' | 'stopped' {
  if (status === 'PAYMENT_PENDING' || status === 'TO_BE_PREPARED') return 'wait';
  if (status === 'COLLECTED' || status === 'DELIVERED') return 'done';
  if (status === 'ABORTED' || status === 'CANCELLED' || status === 'NOT_COLLECTED' || status === 'REFUSED')
    return 'stopped';
  return 'progress';
}

/**
 * The card payment of an order (docs/architecture.md §4): what was held, what was
 * charged once the store closed it, and what went back on the card (the rest
 * of the hold after the capture, or all of it when the order was voided).
 */
export function cardPaymentFacts(payment: CardPayment): { label: string; value: number }[] {
  const held = { label: 'Importo pre-autorizzato', value: payment.authorised };
  if (payment.status === 'VOIDED') return [held, { label: 'Importo rilasciato', value: payment.authorised }];
  if (payment.status === 'AUTHORISED' || payment.captured === null) return [held];
  const released = toCents(payment.authorised) - toCents(payment.captured);
  return [
    held,
    { label: 'Importo addebitato', value: payment.captured },
    ...(released > 0 ? [{ label: 'Importo rilasciato', value: toEuro(released) }] : []),
  ];
}
