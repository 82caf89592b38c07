import { routes } from '#src/shared/routes.ts';
// The catalogue search's links and suggestions (docs/product.md §5 and §9; its input rules are
// src/shared/search-rules.ts). Pure: tested beside this file.
/** Rows in the header overlay; the search page has them all. */
export const OVERLAY_RESULTS = 8;

/** The search page for a text or a tag (docs/product.md §2 /search). */
export function searchHref(query: { q?: string; tag?: number }): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.tag) params.set('tag', String(query.tag));
  return `${routes.search}?${params.toString()}`;
}

/** What a suggestion row needs for merging. */
export interface SuggestionRow {
  barcode: string;
  netPrice: number | null;
  /** The unit price that goes with netPrice: shown, or dropped, with it. */
  unitPrice: string | null;
}

/**
 * The server's answer folded into the suggestions already on screen, so that
 * nothing moves under the shopper's finger: the rows shown keep their places
 * (with the server's data, e.g. the store's price, where it has the product;
 * without a price where it does not and the shown price is not the store's),
 * and the server's other products fill the free places after them.
 */
export function mergeSuggestions<T extends SuggestionRow>(
  shown: T[],
  answered: T[],
  limit: number,
  shownPricesValid: boolean,
): T[] {
  if (shown.length === 0) return answered.slice(0, limit);
  const byBarcode = new Map(answered.map((row) => [row.barcode, row]));
  const kept = shown.map(
    (row) => byBarcode.get(row.barcode) ?? (shownPricesValid ? row : { ...row, netPrice: null, unitPrice: null }),
  );
  const present = new Set(shown.map((row) => row.barcode));
  const added = answered.filter((row) => !present.has(row.barcode));
  return [...kept, ...added].slice(0, Math.max(limit, kept.length));
}
