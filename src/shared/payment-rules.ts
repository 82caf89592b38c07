// How an order is paid (docs/product.md §4 Checkout steps, §9 ENABLED_PAYMENTS,
// docs/architecture.md §4): the names of the payment modes, the order the shop offers
// them in, when the card is offered, and what booking with it means.
import type { PaymentMode } from './contract/cart.ts';
import type { Flags } from './flags.ts';

export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  CASH: 'Contanti',
  BANCOMAT: 'Bancomat',
  XPAY: 'Carta di credito',
};

const OFFER_ORDER: readonly PaymentMode[] = ['CASH', 'BANCOMAT', 'XPAY'];

/** Payment modes in the order the shop offers them, whatever order the server lists (unknown ones dropped). */
export const offeredModes = (modes: readonly string[]): PaymentMode[] => OFFER_ORDER.filter((m) => modes.includes(m));

/** Online card payments are off by default (docs/product.md §9): the card is offered only with ENABLED_PAYMENTS. */
export const modeEnabled = (mode: string, flags: Pick<Flags, 'ENABLED_PAYMENTS'>): boolean =>
  mode !== 'XPAY' || flags.ENABLED_PAYMENTS;
