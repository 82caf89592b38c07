// Finding a store (docs/product.md §2 /stores and /cart/create): what a shopper types matches a
// store's name, town, address or zip, every word of it, accents and case aside (the rule of
// the API's store search, services/stores.ts, for a list the browser already holds); a
// distance as Italians read it.
import { formatDecimal } from './number-format.ts';
import { normaliseSearch } from './search-text.ts';

interface Findable {
  name: string;
  address: { address: string; town: string; zip: string };
}

/** Every typed word is in the store's name, town, address or zip; no words match every store. */
export function storeMatches(store: Findable, query: string): boolean {
  const text = normaliseSearch(`${store.name} ${store.address.town} ${store.address.address} ${store.address.zip}`);
  return normaliseSearch(query)
    .split(' ')
    .filter((word) => word.length > 0)
    .every((word) => text.includes(word));
}

/** '2,3 km', or null when the distance is unknown. */
export const formatDistance = (distance: number | null): string | null =>
  distance === null ? null : `${formatDecimal(distance, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km`;
