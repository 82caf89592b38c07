// What 'Riordina' leaves for the checkout of the cart it filled (this tab only): the
// slot of the last order's weekday and start time when one is free, and its payment mode.
import type { PaymentMode } from '#src/shared/contract/cart.ts';

const REORDER_KEY = 'spesa.reorder';

export interface ReorderHint {
  cartId: number;
  slot: { id: number; day: string; validFrom: string; validTo: string } | null;
  paymentMode: PaymentMode | null;
}

export function rememberReorder(hint: ReorderHint): void {
  try {
    sessionStorage.setItem(REORDER_KEY, JSON.stringify(hint));
  } catch {
    // Storage refused: the checkout starts without the last slot and payment mode.
  }
}

/** The hint for this cart, when it was reordered in this tab. */
export function reorderHint(cartId: number): ReorderHint | null {
  try {
    const hint = JSON.parse(sessionStorage.getItem(REORDER_KEY) ?? 'null') as ReorderHint | null;
    return hint?.cartId === cartId ? hint : null;
  } catch {
    return null;
  }
}
