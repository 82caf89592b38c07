// What the shopper pays for an order, and how the shop says so (docs/product.md §4): only
// the prepared (picked) total is paid, or charged on the card, at pickup or delivery; the
// booked total is what was ordered. One wording for the orders page and the mails, so the
// shopper reads the same label for the same amount in both.
import type { OrderStatus } from './contract/checkout.ts';

/** The total of the booking, beside the prepared one. */
export const ORDERED_TOTAL_LABEL = 'Totale ordinato';

/** How the order is settled: paid where the shopper gets it (cash, bancomat) or charged on the card. */
export interface ChargeWay {
  paymentMode: string | null;
  /** Collected in store or at the drive (true), or delivered (false). */
  pickup: boolean;
}

/** 'al ritiro' or 'alla consegna': where a cash or bancomat order is paid. */
export const payPlace = (pickup: boolean): string => (pickup ? 'al ritiro' : 'alla consegna');

/**
 * The label of the prepared total: what will be paid or charged while the order is on its way
 * to the shopper, what was paid or charged once it was handed over, and plainly 'Totale
 * preparato' when it never was (not collected, refused, cancelled).
 */
export function chargeLabel(status: OrderStatus, way: ChargeWay): string {
  const card = way.paymentMode === 'XPAY';
  if (status === 'COLLECTED' || status === 'DELIVERED') return card ? 'Addebitato sulla carta' : 'Pagato';
  if (status === 'TO_BE_COLLECTED' || status === 'TO_BE_DELIVERED' || status === 'ISSUING_RECEIPT')
    return card ? 'Da addebitare sulla carta' : `Da pagare ${payPlace(way.pickup)}`;
  return 'Totale preparato';
}

/** The label of what will be paid before the order is prepared: the prepared total is not known yet. */
export const chargeLabelBeforePicking = (way: ChargeWay): string =>
  way.paymentMode === 'XPAY' ? 'Da addebitare sulla carta' : `Da pagare ${payPlace(way.pickup)}`;
