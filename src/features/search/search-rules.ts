// Search rules of spec §5 and §9: from 3 characters, the API call debounced
// by 1 second. Pure: tested beside this file.
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_DEBOUNCE_MS = 1000;
/** Rows in the header overlay; the search page has them all. */
export const OVERLAY_RESULTS = 8;

/** The text as searched (spaces collapsed), or null when it is too short. */
export function searchText(input: string): string | null {
  const text = input.replace(/\s+/g, ' ').trim();
  return text.length >= SEARCH_MIN_CHARS ? text : null;
}

const base = () => import.meta.env.BASE_URL.replace(/\/$/, '');

/** The search page for a text or a tag (spec §2 /search). */
export function searchHref(query: { q?: string; tag?: number }): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.tag) params.set('tag', String(query.tag));
  return `${base()}/search?${params.toString()}`;
}
