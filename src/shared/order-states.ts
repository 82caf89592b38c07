// What an order allows in each status (docs/product.md §4 Order statuses, decision 014),
// once for the screens that show the buttons and the server that refuses the
// rest (4205). The lifecycle of the cooperative's terms, in the spec's statuses:
//
//   booking ─▶ TO_BE_PREPARED   the pre-order is with the store (slot held)
//     store confirms availability ─▶ PAYMENT_PENDING   confirmed, rows maybe unavailable or substituted
//       shopper pays (card hold) or accepts (cash, bancomat) ─▶ IN_PREPARATION   pickup code issued
//         store picks the amounts, hands over ─▶ TO_BE_COLLECTED | TO_BE_DELIVERED
//           ─▶ ISSUING_RECEIPT ─▶ COLLECTED | DELIVERED   (or NOT_COLLECTED | REFUSED)
//
// The shopper may cancel (ABORTED) until the receipt is issued, and modify a
// waiting order (ABORTED, its rows back in a cart). An order left waiting for
// the store or the shopper past its deadline expires (ABORTED, by the system).
// The store may cancel (CANCELLED) until it hands the order over.
import { type OrderStatus, orderStatusLabels } from './contract/checkout.ts';
import { isPickup } from './delivery-modes.ts';

/**
 * Where the store may move an order with a status change; the server refuses anything else (4205).
 * Confirming availability (TO_BE_PREPARED → PAYMENT_PENDING) is a call of its own, with the rows' outcomes.
 */
export function nextStatuses(status: OrderStatus, mode: string): OrderStatus[] {
  switch (status) {
    case 'TO_BE_PREPARED':
    case 'PAYMENT_PENDING':
      return ['CANCELLED'];
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

/** Waiting for someone before the store prepares it: the store's confirmation, then the shopper's payment or acceptance. These expire. */
export const WAITING_STATUSES: OrderStatus[] = ['TO_BE_PREPARED', 'PAYMENT_PENDING'];

/** The store may confirm the availability of a pre-order. */
export const canConfirm = (status: OrderStatus): boolean => status === 'TO_BE_PREPARED';

/** The customer may cancel until the receipt is issued (the slot place is freed, a card hold released). */
export const canAbort = (status: OrderStatus): boolean =>
  status === 'TO_BE_PREPARED' ||
  status === 'PAYMENT_PENDING' ||
  status === 'IN_PREPARATION' ||
  status === 'TO_BE_COLLECTED' ||
  status === 'TO_BE_DELIVERED';

/** A confirmed card order waiting for its payment (the hold of the confirmed amount). */
export const canPayNow = (status: OrderStatus, paymentMode?: string | null): boolean =>
  status === 'PAYMENT_PENDING' && (paymentMode === undefined || paymentMode === 'XPAY');

/** A confirmed order paid in store (cash, bancomat) waiting for the shopper to accept it. */
export const canAccept = (status: OrderStatus, paymentMode: string | null): boolean =>
  status === 'PAYMENT_PENDING' && paymentMode !== 'XPAY';

/** The shopper may take a waiting order back into a cart, change it and book again. */
export const canModify = (status: OrderStatus): boolean => WAITING_STATUSES.includes(status);

/** Picked amounts may be set only while the order is being prepared. */
export const canPick = (status: OrderStatus): boolean => status === 'IN_PREPARATION';

/** Not prepared yet: the picked amounts, if any, are not shown to the customer. */
export const notYetPrepared = (status: OrderStatus): boolean =>
  status === 'TO_BE_PREPARED' || status === 'PAYMENT_PENDING' || status === 'IN_PREPARATION';

/** The order shows the rows as ordered (or as the store confirmed them): not prepared yet, or stopped before. */
export const showsOrderedRows = (status: OrderStatus): boolean => notYetPrepared(status) || status === 'ABORTED';

/** The label of a status for the shopper: a confirmed order waits for a payment (card) or for an acceptance. */
export function statusLabel(status: OrderStatus, paymentMode: string | null): string {
  if (status === 'PAYMENT_PENDING' && paymentMode !== 'XPAY') return 'Confermato: in attesa della tua accettazione';
  return orderStatusLabels[status];
}

/**
 * How long a waiting order waits (decision 014). The store has until the slot's booking cut-off to
 * confirm a pre-order: later, it could not prepare it in time. The shopper then has
 * PAY_WITHIN_MINUTES to pay or accept, but never past the slot's start.
 */
const PAY_WITHIN_MINUTES = 30;
export function confirmDeadline(slotStart: Date, cutoffMinutes: number): Date {
  return new Date(slotStart.getTime() - cutoffMinutes * 60_000);
}
export function payDeadline(confirmedAt: Date, slotStart: Date): Date {
  return new Date(Math.min(confirmedAt.getTime() + PAY_WITHIN_MINUTES * 60_000, slotStart.getTime()));
}
