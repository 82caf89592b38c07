// Sort and filters of a product listing (docs/product.md §9): price-ASC/DESC,
// description-ASC/DESC; onlyPromotions, onlyBranded, tag. They live in the
// page's query string so a reload or a shared link keeps them. Pure: tested
// beside this file.

export const SORT_OPTIONS = [
  { value: 'price-ASC', label: 'Prezzo crescente' },
  { value: 'price-DESC', label: 'Prezzo decrescente' },
  { value: 'description-ASC', label: 'Nome A-Z' },
  { value: 'description-DESC', label: 'Nome Z-A' },
] as const;
export type SortValue = (typeof SORT_OPTIONS)[number]['value'];

export interface ListingFilters {
  sort: SortValue | null;
  onlyPromotions: boolean;
  onlyBranded: boolean;
  tag: number | null;
}

export const DEFAULT_FILTERS: ListingFilters = { sort: null, onlyPromotions: false, onlyBranded: false, tag: null };

const isSort = (value: string | null): value is SortValue => SORT_OPTIONS.some((o) => o.value === value);

export function parseFilters(params: URLSearchParams): ListingFilters {
  const sort = params.get('sort');
  const tag = Number(params.get('tag'));
  return {
    sort: isSort(sort) ? sort : null,
    onlyPromotions: params.get('onlyPromotions') === 'true',
    onlyBranded: params.get('onlyBranded') === 'true',
    tag: Number.isInteger(tag) && tag > 0 ? tag : null,
  };
}

/** Only what differs from the default, as the API and the query string take it. */
export function filtersToQuery(filters: ListingFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.sort) query['sort'] = filters.sort;
  if (filters.onlyPromotions) query['onlyPromotions'] = 'true';
  if (filters.onlyBranded) query['onlyBranded'] = 'true';
  if (filters.tag) query['tag'] = String(filters.tag);
  return query;
}

export const isDefaultFilters = (filters: ListingFilters): boolean => Object.keys(filtersToQuery(filters)).length === 0;

/** The same URL with the filters in its query string (other parameters kept). */
export function urlWithFilters(href: string, filters: ListingFilters): string {
  const url = new URL(href);
  for (const key of ['sort', 'onlyPromotions', 'onlyBranded', 'tag']) url.searchParams.delete(key);
  for (const [key, value] of Object.entries(filtersToQuery(filters))) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
