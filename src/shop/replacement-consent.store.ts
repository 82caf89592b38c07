// The order's consent to substitutes as the checkout last answered it in this tab
// (docs/product.md §5, decision 014), so the cart's rows without a choice of their own
// show the default they will get. Light: the cart's first view reads it too.
import { atom } from 'nanostores';

const KEY = 'spesa.replacementConsent';

interface KeptConsent {
  cartId: number;
  consent: boolean;
}

function read(): KeptConsent | null {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return null;
    const { cartId, consent } = kept as Record<string, unknown>;
    return Number.isInteger(cartId) && typeof consent === 'boolean' ? { cartId: cartId as number, consent } : null;
  } catch {
    return null;
  }
}

export const $replacementConsent = atom<KeptConsent | null>(typeof sessionStorage === 'undefined' ? null : read());
$replacementConsent.listen((kept) => {
  try {
    if (kept) sessionStorage.setItem(KEY, JSON.stringify(kept));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused: the cart shows the default of an undecided order.
  }
});

/** The checkout's yes/no question answered for this cart. */
export const rememberReplacementConsent = (cartId: number, consent: boolean): void =>
  $replacementConsent.set({ cartId, consent });

/** The consent given for this cart; null while nothing is decided. */
export const consentOf = (kept: KeptConsent | null, cartId: number | undefined): boolean | null =>
  kept && kept.cartId === cartId ? kept.consent : null;
