// The shopper's session (docs/product.md §4 Session): the profile and role stored locally for
// the pages' first views; the session itself is an HttpOnly cookie no script reads (decision 027).
// Components useStore($user) and call these actions; persistence is the
// store's own (@nanostores/persistent), not part of the actions. This module runs on every page before
// any island, so it reads the stored user without zod: the server checks the
// session at every call and the session refresh replaces the user with a
// validated one.
import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import type { SessionUser } from '#src/shared/contract/session.ts';

const SESSION_STORAGE_KEY = 'spesa.user';
/** Fired on window when a shopper logs in, so islands that wait for a session hydrate. */
const SESSION_EVENT = 'spesa:session';
/** Fired on window when an overlay opens, so its island hydrates. */
export const OVERLAY_EVENT = 'spesa:overlay';

function looksLikeUser(value: unknown): value is SessionUser {
  const user = value as Partial<SessionUser> | null;
  return (
    (user?.role === 'CUSTOMER' || user?.role === 'OPERATOR') &&
    typeof user.profile?.firstName === 'string' &&
    typeof user.profile.lastName === 'string'
  );
}

function decodeUser(text: string): SessionUser | null {
  try {
    const stored: unknown = JSON.parse(text);
    if (looksLikeUser(stored)) return stored;
    // A user stored with its token (before decision 027), or anything else: logged out, and the token thrown away.
    localStorage.removeItem(SESSION_STORAGE_KEY);
    return null;
  } catch {
    return null;
  }
}

/**
 * The logged-in shopper, kept in localStorage and shared by every tab of the
 * shop: a login or a logout in one tab (or a session the server ended) is seen
 * by the others through the storage event, and a page restored from the
 * back/forward cache reads it again.
 */
export const $user = persistentAtom<SessionUser | null>(SESSION_STORAGE_KEY, null, {
  encode: (user) => (user ? JSON.stringify(user) : undefined),
  decode: decodeUser,
});

/**
 * A session the server has just confirmed on this page: a login, or the
 * stored session resumed at start-up (its refresh answered). The stores that
 * hold a shopper's data (cart, favourites) listen to it and load; work they
 * start with task() is what login() waits for before the panel closes.
 */
export interface SessionStart {
  kind: 'login' | 'resumed';
}
export const $sessionStart = atom<SessionStart | null>(null);

/** Which overlay of docs/product.md §2 is open. */
export type Overlay = 'login' | 'profile' | 'categories' | 'search' | null;
export const $overlay = atom<Overlay>(null);

/** A product a visitor chose before logging in or creating a cart (docs/product.md §4 Product to add). */
export interface PendingProduct {
  barcode: string;
  amount: number;
  um?: 'PZ' | 'KG';
  /** The page it was chosen on, where the shopper goes back after creating a cart. */
  returnTo?: string;
}

// The visitor may first sign up and confirm the account from the mailed link
// (often in another tab) before logging in: the product waits in localStorage
// for that long, then is forgotten.
const PENDING_STORAGE_KEY = 'spesa.pendingProduct';
const PENDING_PRODUCT_TTL_MS = 24 * 60 * 60 * 1000;

function readPending(): PendingProduct | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const stored = JSON.parse(localStorage.getItem(PENDING_STORAGE_KEY) ?? 'null') as
      | (Partial<PendingProduct> & { savedAt?: number })
      | null;
    if (typeof stored?.barcode !== 'string' || typeof stored.amount !== 'number' || typeof stored.savedAt !== 'number')
      return null;
    if (Date.now() - stored.savedAt > PENDING_PRODUCT_TTL_MS || stored.savedAt > Date.now() + 60_000) {
      localStorage.removeItem(PENDING_STORAGE_KEY);
      return null;
    }
    return {
      barcode: stored.barcode,
      amount: stored.amount,
      ...(stored.um === 'PZ' || stored.um === 'KG' ? { um: stored.um } : {}),
      ...(typeof stored.returnTo === 'string' && stored.returnTo.startsWith('/') && !stored.returnTo.startsWith('//')
        ? { returnTo: stored.returnTo }
        : {}),
    };
  } catch {
    return null;
  }
}

const $pendingProduct = atom<PendingProduct | null>(readPending());

$pendingProduct.listen((product) => {
  if (typeof localStorage === 'undefined') return;
  try {
    if (product) localStorage.setItem(PENDING_STORAGE_KEY, JSON.stringify({ ...product, savedAt: Date.now() }));
    else localStorage.removeItem(PENDING_STORAGE_KEY);
  } catch {
    // Storage refused: the product waits only while this page is open.
  }
});

$user.listen((user) => {
  if (user && typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_EVENT));
  // Also a logout in another tab: this page's session is over too.
  if (!user) {
    $sessionStart.set(null);
    $overlay.set(null);
  }
});

$overlay.listen((overlay) => {
  if (overlay && typeof window !== 'undefined') window.dispatchEvent(new Event(OVERLAY_EVENT));
});

export function setSession(user: SessionUser): void {
  $user.set(user);
}

export function clearSession(): void {
  $sessionStart.set(null);
  $user.set(null);
  $overlay.set(null);
}

export function openOverlay(overlay: Overlay): void {
  $overlay.set(overlay);
}

/** The product chosen before logging in, once: whoever takes it adds it. */
export function takePendingProduct(): PendingProduct | null {
  const pending = $pendingProduct.get();
  $pendingProduct.set(null);
  return pending;
}

/** Remember the product and ask the shopper to log in first. */
export function requestLoginFor(product: PendingProduct): void {
  const returnTo = product.returnTo ?? (typeof window === 'undefined' ? undefined : window.location.pathname);
  $pendingProduct.set({ ...product, ...(returnTo ? { returnTo } : {}) });
  $overlay.set('login');
}
