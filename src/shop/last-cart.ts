// The shopper's last cart as the API last answered it, kept in localStorage (as the
// session and the header's cart summary are), so that offline the cart page still
// shows it: read only when the cart could not be asked for (no answer at all), never sent anywhere, and
// forgotten with the cart and at logout (offline-caches.ts).
import type { Cart } from '#src/shared/contract/cart.ts';

const LAST_CART_KEY = 'spesa.lastCart';

interface Kept {
  customer: unknown;
  cart: Cart;
}

/** Keeps this customer's cart, or forgets the kept one when there is none. */
export function keepCart(customer: unknown, cart: Cart | null): void {
  try {
    if (cart && customer !== undefined) localStorage.setItem(LAST_CART_KEY, JSON.stringify({ customer, cart }));
    else localStorage.removeItem(LAST_CART_KEY);
  } catch {
    // storage full or refused: the cart page then needs the network, as before
  }
}

/** The cart kept for this customer, if any. */
export function keptCart(customer: unknown): Cart | null {
  try {
    const kept = JSON.parse(localStorage.getItem(LAST_CART_KEY) ?? 'null') as Kept | null;
    return kept && kept.customer === customer ? kept.cart : null;
  } catch {
    return null;
  }
}
