// What the header shows about the shopper's cart (spec §2 Header): its net
// total and the store it is for. The cart feature fills $cartSummary when it
// loads or changes the cart; until then the header shows 0,00 € and the
// default store.
import { atom } from 'nanostores';

/** The default store (spec §9: 1109, a superstore in Bari), named in one place. */
export const DEFAULT_STORE = { id: 1109, name: 'Superstore Bari Japigia' } as const;
export const DEFAULT_DELIVERY_DESCRIPTION = `Ritiro in negozio · ${DEFAULT_STORE.name}`;

export interface CartSummary {
  netTotal: number;
  itemsCount: number;
  /** e.g. 'Ritiro in negozio · Superstore Bari' or the delivery address; null without a cart. */
  storeDescription: string | null;
}

export const emptyCartSummary: CartSummary = { netTotal: 0, itemsCount: 0, storeDescription: null };
export const $cartSummary = atom<CartSummary>(emptyCartSummary);

export function setCartSummary(summary: CartSummary | null): void {
  $cartSummary.set(summary ?? emptyCartSummary);
}

// ---- First available slot (spec §2 Header: weekday, day, month, start and end time) ----

export interface FirstSlot {
  weekDay: number;
  validFrom: string;
  validTo: string;
}

/** The cart's first bookable slot; null without a logged-in shopper, a cart or a free slot. */
export const $firstSlot = atom<FirstSlot | null>(null);
