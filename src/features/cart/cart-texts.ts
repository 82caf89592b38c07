// What the cart screen says of its cart that is not the cart's own data: its store's name,
// how far it is from the minimum order, its first slot. Pure: tested beside this file.
import { formatSlot } from '#src/lib/dates.ts';
import type { Cart } from '#src/shared/contract/cart.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { belowMinimum } from '#src/shared/minimum-order.ts';
import type { FirstSlot } from '#src/shop/cart-summary.store.ts';

/** The store's name without the delivery mode ('Ritiro in negozio · Superstore Bari' → 'Superstore Bari'). */
export const cartStoreName = (cart: Pick<Cart, 'storeDescription'>): string =>
  cart.storeDescription.split(' · ').slice(1).join(' · ') || cart.storeDescription;

/**
 * What the totals say while the products cost less than the store's minimum
 * (the shared rule the booking button and the server apply); null at or over
 * it, and for an empty cart, which has nothing to complete yet.
 */
export const shortOfMinimumText = (cart: Pick<Cart, 'netTotal' | 'minNetTotal' | 'itemsCount'>): string | null =>
  cart.itemsCount > 0 && belowMinimum(cart)
    ? `Mancano ${formatEuro(cart.minNetTotal - cart.netTotal)} per raggiungere l'ordine minimo.`
    : null;

/** What the summary says of the first slot. */
export const firstSlotText = (slot: FirstSlot | null): string =>
  slot ? formatSlot(slot) : 'Scegli giorno e fascia oraria quando prenoti.';
