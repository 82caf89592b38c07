// The catalogue search's input rules (docs/product.md §5 and §9): from 3 characters,
// the API call 1 second after the last key. The header search, the search page, the
// list search and the choice of a substitute in the cart all search this way.
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_DEBOUNCE_MS = 1000;

/** The text as searched (spaces collapsed), or null when it is too short. */
export function searchText(input: string): string | null {
  const text = input.replace(/\s+/g, ' ').trim();
  return text.length >= SEARCH_MIN_CHARS ? text : null;
}
