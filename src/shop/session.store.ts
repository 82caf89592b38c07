// The shopper's session (spec §4 Session): user and token stored locally.
// Components useStore($user) and call these actions; persistence is a
// listener, not part of the actions. This module runs on every page before
// any island, so it reads the stored user without zod: the server checks the
// token at every call and the session refresh replaces the user with a
// validated one.
import { atom } from 'nanostores';
import type { SessionUser } from '#src/shared/contract/session.ts';

export const SESSION_STORAGE_KEY = 'spesa.user';
/** Fired on window when a shopper logs in, so islands that wait for a session hydrate. */
export const SESSION_EVENT = 'spesa:session';
/** Fired on window when an overlay opens, so its island hydrates. */
export const OVERLAY_EVENT = 'spesa:overlay';

function looksLikeUser(value: unknown): value is SessionUser {
  const user = value as Partial<SessionUser> | null;
  return typeof user?.jwt === 'string' && typeof user.profile?.firstName === 'string' && typeof user.profile.lastName === 'string';
}

function readStored(): SessionUser | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    return looksLikeUser(stored) ? stored : null;
  } catch {
    return null;
  }
}

export const $user = atom<SessionUser | null>(readStored());

/** Which overlay of spec §2 is open. */
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
  try {
    if (user) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
    else localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the session lasts for this page.
  }
  if (user && typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_EVENT));
});

$overlay.listen((overlay) => {
  if (overlay && typeof window !== 'undefined') window.dispatchEvent(new Event(OVERLAY_EVENT));
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
