// What the header shows about the shopper's cart (spec §2 Header): its net
// total, the store it is for and the first available slot. The cart store
// fills these when it loads or changes the cart (rather than the summary
// deriving from $cart: the header script of every page reads this module,
// and must stay free of the cart store's client and schemas); they are kept
// in localStorage (@nanostores/persistent, as the session is) so the next
// page's header shows them at once, before any island or call (the page's
// start-up refreshes them), and every tab of the shop shows the same cart.
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import type { z } from '#src/shared/zod.ts';
import type { firstSlot } from '#src/shared/contract/checkout.ts';
import { DELIVERY_MODE_LABELS } from '#src/shared/delivery-modes.ts';
import { $user } from './session.store.ts';

/** The default store (spec §9: 1109, a superstore in Bari), named in one place. */
export const DEFAULT_STORE = { id: 1109, name: 'Superstore Bari Japigia' } as const;
/** The default store as a cart describes its store: 'Ritiro in negozio · Superstore Bari Japigia'. */
export const DEFAULT_DELIVERY_DESCRIPTION = `${DELIVERY_MODE_LABELS.IN_STORE} · ${DEFAULT_STORE.name}`;

export interface CartSummary {
  netTotal: number;
  itemsCount: number;
  /** e.g. 'Ritiro in negozio · Superstore Bari' or the delivery address; null without a cart. */
  storeDescription: string | null;
}

/** The cart's first bookable slot (spec §2 Header: weekday, day, month, start and end time). */
export type FirstSlot = z.infer<typeof firstSlot>;

const STORAGE_KEY = 'spesa.cartSummary';

const emptyCartSummary: CartSummary = { netTotal: 0, itemsCount: 0, storeDescription: null };

/** What localStorage holds under STORAGE_KEY, as JSON. */
interface Stored {
  summary: CartSummary;
  slot: FirstSlot | null;
}

const emptyStored: Stored = { summary: emptyCartSummary, slot: null };

/**
 * The stored summary, checked by hand (this script carries no schema
 * library): anything unreadable is no summary, a slot already over is no
 * slot, and nothing is read without a logged-in shopper.
 */
function decodeStored(text: string): Stored {
  if (!$user.get()) return emptyStored;
  try {
    const stored = JSON.parse(text) as Partial<Stored> | null;
    const summary = stored?.summary;
    if (!summary || typeof summary.netTotal !== 'number' || typeof summary.itemsCount !== 'number') return emptyStored;
    const slot =
      stored.slot && typeof stored.slot.validTo === 'string' && Date.parse(stored.slot.validTo) > Date.now()
        ? stored.slot
        : null;
    return {
      summary: {
        netTotal: summary.netTotal,
        itemsCount: summary.itemsCount,
        storeDescription: typeof summary.storeDescription === 'string' ? summary.storeDescription : null,
      },
      slot,
    };
  } catch {
    return emptyStored;
  }
}

/** Kept only for a logged-in shopper (undefined removes the key). */
const encodeStored = (stored: Stored): string | undefined => ($user.get() ? JSON.stringify(stored) : undefined);

/**
 * The summary and first slot together, as stored: written on every change,
 * and changed when another tab writes them (the storage event) or when a page
 * comes back from the back/forward cache.
 */
const $stored = persistentAtom<Stored>(STORAGE_KEY, emptyStored, { encode: encodeStored, decode: decodeStored });

export const $cartSummary = computed($stored, (stored) => stored.summary);
/** null without a logged-in shopper, a cart or a free slot. */
export const $firstSlot = computed($stored, (stored) => stored.slot);

/** True once this page has the cart from the server (until then the summary is the stored one). */
export const $cartSummaryHeard = atom(false);

export function setCartSummary(summary: CartSummary | null): void {
  $stored.set({ ...$stored.get(), summary: summary ?? emptyCartSummary });
  $cartSummaryHeard.set(true);
}

export function setFirstSlot(slot: FirstSlot | null): void {
  $stored.set({ ...$stored.get(), slot });
}

// A logout, in this tab or another: the cart summary goes with the session.
$user.listen((user) => {
  if (!user) $stored.set(emptyStored);
});
