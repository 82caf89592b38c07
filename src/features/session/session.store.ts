// The shopper's session (spec §4 Session): user and token stored locally.
// Components useStore($user) and call these actions; persistence is a
// listener, not part of the actions.
import { atom } from 'nanostores';
import { sessionUser, type SessionUser } from '#src/shared/contract/session.ts';

const STORAGE_KEY = 'spesa.user';

function readStored(): SessionUser | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const parsed = sessionUser.safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const $user = atom<SessionUser | null>(readStored());

/** Which overlay of spec §2 is open (the login panel comes with the accounts issue). */
export type Overlay = 'login' | 'profile' | 'categories' | 'search' | null;
export const $overlay = atom<Overlay>(null);

/** A product a visitor chose before logging in or creating a cart (spec §4 Product to add). */
export interface PendingProduct {
  barcode: string;
  amount: number;
}
export const $pendingProduct = atom<PendingProduct | null>(null);

$user.listen((user) => {
  if (typeof localStorage === 'undefined') return;
  if (user) localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
  else localStorage.removeItem(STORAGE_KEY);
});

export function setSession(user: SessionUser): void {
  $user.set(user);
}

export function clearSession(): void {
  $user.set(null);
  $overlay.set(null);
}

export function openOverlay(overlay: Overlay): void {
  $overlay.set(overlay);
}

/** Remember the product and ask the shopper to log in first. */
export function requestLoginFor(product: PendingProduct): void {
  $pendingProduct.set(product);
  $overlay.set('login');
}
