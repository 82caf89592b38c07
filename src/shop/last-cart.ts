// The shopper's last cart as the API last answered it (last-answers.ts), so that offline
// the cart page still shows it; forgotten with the cart and at logout (offline-caches.ts).
import type { Cart } from '#src/shared/contract/cart.ts';
import { keepAnswer, keptAnswer } from './last-answers.ts';

/** Keeps this customer's cart, or forgets the kept one when there is none. */
export const keepCart = (customer: unknown, cart: Cart | null): void => keepAnswer('cart', customer, cart);

/** The cart kept for this customer, if any. */
export const keptCart = (customer: unknown): Cart | null => keptAnswer<Cart>('cart', customer);
