// The contract's constants the browser's code uses, without the schemas of the
// modules that define each call's shapes (cart.ts, catalogue.ts, …): a page that
// needs a page size or the default store does not load zod for it. Each of those
// modules exports its own again, for the server.

/** The store a visitor sees, before choosing one (docs/product.md §9). */
export const DEFAULT_STORE_ID = 1109;
export const PRODUCTS_PAGE_SIZE = 24;
export const ORDERS_PAGE_SIZE = 5;
/** docs/product.md §9. */
export const BANNER_PRODUCTS_PAGE_SIZE = 10;
/** The store list's page size is ours to choose (docs/product.md §9): 6 fits a phone screen and a desktop column. */
export const STORES_PAGE_SIZE = 6;
export const STORES_MAX_PAGE_SIZE = 50;
export const WATER_PACK_FEE_CENTS = 50;
/** A product the store cannot sell now, as the booking check's popup marks it (docs/product.md §4 Booking). */
export const MOMENTARILY_UNAVAILABLE = 'Momentaneamente non disponibile';
/** The window message the provider's lightbox sends when it finishes (XPay's result event). */
export const PAYMENT_RESULT_EVENT = 'XPay_Payment_Result';
/** The legacy card verification: authorised only to validate the card, then released. */
export const VERIFICATION_AMOUNT_CENTS = 1;
/**
 * By how many euros the total may change, either way, for the store's confirmation to go through
 * without asking the shopper (decision 018), unless they say otherwise at checkout: a couple of rows
 * of an ordinary shopping (60-100 €) unavailable or swapped for a dearer one; more than that changes
 * the shopping enough to ask.
 */
export const DEFAULT_ACCEPT_CHANGES_LIMIT = 10;

/** A page of a paged answer (docs/architecture.md §3); envelope.ts has its schema. */
export type Paged<T> = { data: T[]; totalPages: number; number: number; last: boolean; totalElements: number };

export function toPage<T>(rows: T[], totalElements: number, page: number, size: number): Paged<T> {
  const totalPages = Math.ceil(totalElements / size);
  return { data: rows, totalPages, number: page, last: page >= totalPages - 1, totalElements };
}
