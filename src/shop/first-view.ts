// A shopper's page drawn before React: with a stored session, the cart,
// checkout and profile pages draw their first view from the early answers
// (early-calls.ts) or the stored profile as soon as these are there, in the
// box the page keeps for it just before its island (data-first-view). The
// view is the island's own markup for the same data (each feature's
// *.first-view.ts, checked against the island in its test), with its buttons
// and fields disabled: it shows, it does not act. When the island has drawn
// the same data it removes the box (useFirstViewEnd), in the same frame, so
// nothing moves; an island that draws first leaves no box to draw in. The
// island starts its code once the first view is painted (client:first-view).

import type { Cart } from '#src/shared/contract/cart.ts';
import { peekEarly } from './early-calls.ts';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Text or an attribute's value written into markup, escaped as React escapes it. */
export const esc = (value: string | number): string => String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** The page's box for its first view; null once the island has taken over. */
const holder = (): HTMLElement | null => document.querySelector<HTMLElement>('[data-first-view]');

/** Shows the first view (markup made by esc'd templates) unless the island has already drawn. */
export function showFirstView(markup: string): void {
  const box = holder();
  if (!box) return;
  box.innerHTML = markup;
  box.hidden = false;
  // The island waits for this (first-view-directive.ts).
  box.dataset['firstView'] = 'shown';
}

/** There is no first view to draw (no session, no cart, no answer): the island need not wait. */
export function noFirstView(): void {
  const box = holder();
  if (box && !box.dataset['firstView']) box.dataset['firstView'] = 'none';
}

/** The island has drawn: the first view goes. */
export function endFirstView(): void {
  holder()?.remove();
}

/** The data of an answer in the API's envelope, when it says all went well; undefined otherwise. */
function dataOf(answer: unknown): unknown {
  const envelope = answer as { responseCode?: unknown; data?: unknown } | null;
  return envelope?.responseCode === 0 ? envelope.data : undefined;
}

/**
 * Whether an answer has what the first view reads (checked by hand: zod comes
 * with the island, which validates the same answer and draws it again).
 */
function looksLikeCart(value: unknown): value is Cart {
  const cart = value as Partial<Cart> | null;
  return (
    typeof cart?.storeDescription === 'string' &&
    typeof cart.deliveryMode === 'string' &&
    typeof cart.delivery === 'object' &&
    [cart.netTotal, cart.total, cart.minNetTotal, cart.itemsCount].every((n) => typeof n === 'number') &&
    Array.isArray(cart.fees) &&
    Array.isArray(cart.items) &&
    cart.items.every(
      (item) =>
        typeof item?.description === 'string' &&
        typeof item.barcode === 'string' &&
        typeof item.netPrice === 'number' &&
        typeof item.rowNetPrice === 'number' &&
        Array.isArray(item.promotions),
    )
  );
}

/** The cart of the early answer, when there is one to show (no cart: the island goes to /cart/create). */
export async function earlyCart(customer: number): Promise<Cart | null> {
  const data = dataOf(await peekEarly('cart', customer));
  return looksLikeCart(data) ? data : null;
}
