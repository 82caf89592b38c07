// What an order allows in each status (docs/product.md §4 Order statuses, docs/architecture.md §4),
// once for the screens that show the buttons and the server that refuses the
// rest (4205).
import type { OrderStatus } from './contract/checkout.ts';
import { isPickup } from './delivery-modes.ts';

/** Where the store may move an order next; the server refuses anything else (4205). */
export function nextStatuses(status: OrderStatus, mode: string): OrderStatus[] {
  switch (status) {
    case 'PAYMENT_PENDING':
      return ['CANCELLED'];
    case 'TO_BE_PREPARED':
      return ['IN_PREPARATION', 'CANCELLED'];
    case 'IN_PREPARATION':
      return [isPickup(mode) ? 'TO_BE_COLLECTED' : 'TO_BE_DELIVERED', 'CANCELLED'];
    case 'TO_BE_COLLECTED':
      return ['ISSUING_RECEIPT', 'NOT_COLLECTED'];
    case 'TO_BE_DELIVERED':
      return ['ISSUING_RECEIPT', 'REFUSED'];
    case 'ISSUING_RECEIPT':
      return [isPickup(mode) ? 'COLLECTED' : 'DELIVERED'];
    default:
      return [];
  }
}

/** The shopping is still going on: the store works on these, and the profile cannot be deleted automatically. */
export const OPEN_STATUSES: OrderStatus[] = [
  'PAYMENT_PENDING',
  'TO_BE_PREPARED',
  'IN_PREPARATION',
  'TO_BE_COLLECTED',
  'TO_BE_DELIVERED',
  'ISSUING_RECEIPT',
];

/** The customer may cancel an order nobody has started preparing (the slot place is freed). */
export const canAbort = (status: OrderStatus): boolean => status === 'TO_BE_PREPARED' || status === 'PAYMENT_PENDING';

/** A card order waiting for its payment. */
export const canPayNow = (status: OrderStatus): boolean => status === 'PAYMENT_PENDING';

/** Picked amounts may be set only while the order is being prepared. */
export const canPick = (status: OrderStatus): boolean => status === 'IN_PREPARATION';

/** Not prepared yet: the picked amounts, if any, are not shown to the customer. */
export const notYetPrepared = (status: OrderStatus): boolean =>
  status === 'TO_BE_PREPARED' || status === 'IN_PREPARATION';

/** The order shows the rows as ordered: not prepared yet, or stopped before the store prepared it. */
export const showsOrderedRows = (status: OrderStatus): boolean =>
  notYetPrepared(status) || status === 'ABORTED' || status === 'PAYMENT_PENDING';
