// What adding a shopping list to a new cart gave (docs/product.md §4 Product to add): the
// list is added on /cart/create once the cart is made, and the lists page the shopper goes
// back to names the rows the cart could not take. Kept in sessionStorage (this tab only).
import type { ListToCartResult } from '#src/shared/contract/lists.ts';

const KEY = 'spesa.listOutcome';

export interface ListOutcome {
  listId: number;
  notAdded: ListToCartResult['notAdded'];
}

export function rememberListOutcome(outcome: ListOutcome): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(outcome));
  } catch {
    // Storage refused: the lists page says nothing; the cart shows what was added.
  }
}

/** The outcome once, as this tab stored it; another shape is not read. */
export function takeListOutcome(): ListOutcome | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    sessionStorage.removeItem(KEY);
    if (typeof stored !== 'object' || stored === null) return null;
    const { listId, notAdded } = stored as Record<string, unknown>;
    if (typeof listId !== 'number' || !Array.isArray(notAdded)) return null;
    const rows = notAdded.filter(
      (r): r is ListOutcome['notAdded'][number] => typeof r?.description === 'string' && typeof r?.reason === 'string',
    );
    return { listId, notAdded: rows };
  } catch {
    return null;
  }
}
