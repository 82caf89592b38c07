// What an infinite list keeps when the shopper leaves its page, so that Back
// from a product (or a reload) returns to the same place with the same loaded
// products: sessionStorage, per tab, keyed by the page's URL and the list's
// key (store, category or search, sort, filters). A snapshot is put back only
// when the page is reached through Back/Forward or a reload; opening a
// category or a search afresh starts from the top (docs/product.md §2: selecting a level
// resets scroll position, page and loaded products).
import type { ListedProduct } from '#src/shared/contract/catalogue.ts';

export interface ListSnapshot {
  products: ListedProduct[];
  total: number | null;
  next: number;
  done: boolean;
  scrollY: number;
}

interface Stored extends ListSnapshot {
  savedAt: number;
}

/** Also read by the listing islands' hydration (client:interaction restore). */
export const LISTING_SNAPSHOT_PREFIX = 'spesa:listing:';
const PREFIX = LISTING_SNAPSHOT_PREFIX;
/** Snapshots kept per tab; older ones go first. */
const KEEP = 8;
const taken = new Set<string>();

const storageKey = (key: string, firstPage: number) =>
  `${PREFIX}${window.location.pathname}${window.location.search}|${firstPage}|${key}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: nothing is kept
  }
}

/** How this page was reached: only Back/Forward and reloads give the list back. */
function cameBack(): boolean {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation?.type === 'back_forward' || navigation?.type === 'reload';
}

/** The browser would scroll before the kept products are back: the list scrolls itself. */
export function manualScrollRestoration(): void {
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
}

function isSnapshot(value: unknown): value is Stored {
  const v = value as Partial<Stored> | null;
  return (
    !!v &&
    Array.isArray(v.products) &&
    typeof v.next === 'number' &&
    typeof v.done === 'boolean' &&
    typeof v.scrollY === 'number' &&
    (v.total === null || typeof v.total === 'number')
  );
}

/** The list as it was left, once per page load, when the shopper came back to it. */
export function takeSnapshot(key: string, firstPage: number): ListSnapshot | null {
  const name = storageKey(key, firstPage);
  if (taken.has(name) || !cameBack()) return null;
  taken.add(name);
  try {
    const value: unknown = JSON.parse(storage()?.getItem(name) ?? 'null');
    return isSnapshot(value) ? value : null;
  } catch {
    return null;
  }
}

export function saveSnapshot(key: string, firstPage: number, snapshot: ListSnapshot): void {
  const store = storage();
  if (!store) return;
  const name = storageKey(key, firstPage);
  taken.add(name); // what this page load saved is not to be taken back by it
  try {
    store.setItem(name, JSON.stringify({ ...snapshot, savedAt: Date.now() } satisfies Stored));
    const kept: { name: string; savedAt: number }[] = [];
    for (let i = 0; i < store.length; i++) {
      const other = store.key(i);
      if (!other?.startsWith(PREFIX)) continue;
      const savedAt = Number((JSON.parse(store.getItem(other) ?? '{}') as { savedAt?: number }).savedAt) || 0;
      kept.push({ name: other, savedAt });
    }
    for (const old of kept.sort((a, b) => b.savedAt - a.savedAt).slice(KEEP)) store.removeItem(old.name);
  } catch {
    // Full or blocked storage: Back simply starts from the top.
  }
}
