// What the header shows about the shopper's cart (spec §2 Header): its net
// total, the store it is for and the first available slot. The cart store
// fills these when it loads or changes the cart (rather than the summary
// deriving from $cart: the header script of every page reads this module,
// and must stay free of the cart store's client and schemas); they are kept
// in localStorage so the next page's header shows them at once, before any
// island or call (the page's start-up refreshes them).
import { atom } from 'nanostores';
import type { z } from 'zod';
import type { firstSlot } from '#src/shared/contract/checkout.ts';
import { $user } from './session.store.ts';

/** The default store (spec §9: 1109, a superstore in Bari), named in one place. */
export const DEFAULT_STORE = { id: 1109, name: 'Superstore Bari Japigia' } as const;
export const DEFAULT_DELIVERY_DESCRIPTION = `Ritiro in negozio · ${DEFAULT_STORE.name}`;

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

interface Stored {
  summary: CartSummary;
  slot: FirstSlot | null;
}

function readStored(): Stored | null {
  if (typeof localStorage === 'undefined' || !$user.get()) return null;
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Stored> | null;
    const summary = stored?.summary;
    if (!summary || typeof summary.netTotal !== 'number' || typeof summary.itemsCount !== 'number') return null;
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
    return null;
  }
}

const stored = readStored();
export const $cartSummary = atom<CartSummary>(stored?.summary ?? emptyCartSummary);
/** null without a logged-in shopper, a cart or a free slot. */
export const $firstSlot = atom<FirstSlot | null>(stored?.slot ?? null);

/** True once this page has the cart from the server (until then the summary is the stored one). */
export const $cartSummaryHeard = atom(false);

export function setCartSummary(summary: CartSummary | null): void {
  $cartSummary.set(summary ?? emptyCartSummary);
  $cartSummaryHeard.set(true);
}

function persist(): void {
  try {
    if ($user.get())
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ summary: $cartSummary.get(), slot: $firstSlot.get() }));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused: the next page asks the server.
  }
}

if (typeof localStorage !== 'undefined') {
  $cartSummary.listen(persist);
  $firstSlot.listen(persist);
  $user.listen((user) => {
    if (user) return;
    $cartSummary.set(emptyCartSummary);
    $firstSlot.set(null);
  });
}
