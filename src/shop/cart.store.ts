// The shopper's current cart (docs/product.md §4 Cart lifecycle). Components useStore
// these atoms and call the actions; every cart answer carries the whole cart,
// so the last answer is the truth (two tabs never lose an update).
import { DEFAULT_STORE_ID } from '#src/shared/contract/constants.ts';
import { routes } from '#src/shared/routes.ts';
import { atom, computed, task } from 'nanostores';
import { api, ApiError, errorMessageOf, serverMessageOf } from '#src/lib/api-client.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { flashToast } from '#src/lib/flash.ts';
import { setCartSummary } from './cart-summary.store.ts';
import { takeEarly } from './early-calls.ts';
import { unreachable } from './last-answers.ts';
import { keepCart, keptCart } from './last-cart.ts';
import { $sessionStart, $user, takePendingProduct, type PendingProduct } from './session.store.ts';
import type { Cart, CartItem, DeliveryMode, ReplacementMode } from '#src/shared/contract/cart.ts';
import type { ListToCartResult } from '#src/shared/contract/lists.ts';
import { cartCalls } from '#src/shared/contract/calls.generated.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { addedMessage } from '#src/shared/quantity-rules.ts';

export const $cart = atom<Cart | null>(null);
/** False until the current cart has been asked for once (pages wait before redirecting). */
export const $cartLoaded = atom<boolean>(false);
/** The server closed the cart into a shopping list (4008): the 'Attenzione' popup is open. */
export const $cartClosed = atom<boolean>(false);
/**
 * Whose prices the islands show: the store of the shopper's cart, else the
 * default store 1109 (docs/product.md §9), which is also what the static pages show.
 */
export const $shopperStoreId = computed($cart, (cart) => cart?.storeId ?? DEFAULT_STORE_ID);
/** Fired on window when the cart was closed, so the popup's island hydrates. */
export const CART_CLOSED_EVENT = 'spesa:cart-closed';
$cartClosed.listen((closed) => {
  if (closed && typeof window !== 'undefined') window.dispatchEvent(new Event(CART_CLOSED_EVENT));
});

$cart.listen((cart) => {
  setCartSummary(
    cart ? { netTotal: cart.netTotal, itemsCount: cart.itemsCount, storeDescription: cart.storeDescription } : null,
  );
  // Offline, the cart page shows the last cart the API answered (last-cart.ts).
  keepCart($user.get()?.profile.id, cart);
});
$user.listen((user) => {
  if (!user) {
    $cart.set(null);
    $cartLoaded.set(false);
  }
});

let loading: Promise<Cart | null> | null = null;

/** GET cart/current; 4008 opens the 'Attenzione' popup and leaves no cart. */
export function loadCurrent(force = false): Promise<Cart | null> {
  const user = $user.get();
  if (!user) return Promise.resolve(null);
  if (loading && !force) return loading;
  const sent = force ? null : takeEarly('cart', user.profile.id);
  loading = api
    .data(cartCalls.current, { sent: sent ?? undefined })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.code === ErrorCode.CART_CLOSED_MOVED_TO_LIST) {
        $cartClosed.set(true);
        return null;
      }
      // No answer at all (offline, or a connection that lets nothing through): the last cart the API answered.
      const kept = unreachable(error) ? keptCart(user.profile.id) : null;
      if (kept) return kept;
      throw error;
    })
    .then((cart) => {
      $cart.set(cart);
      // No cart while none was loaded yet: the listener above does not fire, but the header may show a kept summary.
      if (!cart) setCartSummary(null);
      $cartLoaded.set(true);
      return cart;
    })
    .finally(() => setTimeout(() => (loading = null), 0));
  return loading;
}

/** The cart as loaded, loading it the first time. */
export const ensureCart = (): Promise<Cart | null> =>
  $cartLoaded.get() ? Promise.resolve($cart.get()) : loadCurrent();

export interface OpenCartInput {
  deliveryMode: DeliveryMode;
  storeId?: number;
  addressId?: number;
}

export async function openCart(input: OpenCartInput): Promise<Cart> {
  const cart = await api.data(cartCalls.open, {
    body: { ...input, terminalType: 'WEB', terminalId: terminalId() },
  });
  $cart.set(cart);
  $cartLoaded.set(true);
  return cart;
}

/** A cart that is gone (aborted in another tab): reload what the server has. */
async function withCart<T>(work: (cart: Cart) => Promise<T>): Promise<T> {
  const cart = $cart.get() ?? (await ensureCart());
  if (!cart) throw new ApiError(ErrorCode.CART_NOT_FOUND, 'Carrello non trovato.', 200);
  try {
    return await work(cart);
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.CART_NOT_FOUND) void loadCurrent(true);
    throw error;
  }
}

/** cart/store: amount for pieces, weight otherwise; 0 removes. Returns what the server kept. */
function storeItem(barcode: string, um: 'PZ' | 'KG' | null, quantity: number) {
  return withCart(async (cart) => {
    const quantityField = um === 'KG' ? { weight: quantity } : { amount: quantity };
    const answer = await api.data(cartCalls.storeItem, {
      body: { cartId: cart.id, barcode, ...quantityField, preview: false },
    });
    $cart.set(answer.cart);
    return answer.updatedProduct;
  });
}

/**
 * Adds or changes a product and says so ('Hai … nel carrello'); errors become a toast.
 * onNextPage: the page is about to be left, so the toast is shown by the next one.
 */
export async function putInCart(
  barcode: string,
  um: 'PZ' | 'KG' | null,
  quantity: number,
  opts: { onNextPage?: boolean } = {},
): Promise<boolean> {
  // One toast per product, updated by each change of its quantity.
  const say = (message: string, kind: 'success' | 'error') =>
    opts.onNextPage ? flashToast(message, kind) : showToast(message, kind, { key: `cart:${barcode}` });
  try {
    const updated = await storeItem(barcode, um, quantity);
    say(addedMessage(updated), 'success');
    return true;
  } catch (error) {
    say(errorMessageOf(error), 'error');
    return false;
  }
}

export function deleteItem(item: Pick<CartItem, 'barcode' | 'description'>): Promise<boolean> {
  return withCart(async (cart) => {
    const answer = await api.data(cartCalls.deleteItem, {
      body: { cartId: cart.id, barcode: item.barcode, preview: false },
    });
    $cart.set(answer);
    showToast(`${item.description} rimosso dal carrello`, 'success', { key: `cart:${item.barcode}` });
    return true;
  }).catch((error: unknown) => {
    showToast(errorMessageOf(error), 'error');
    return false;
  });
}

/**
 * A row's choice of substitute (decision 014): a similar product, none, or the product named by
 * its barcode. Refusals (a product the store does not sell, the row's own) say the server's text.
 */
export function setReplacement(item: Pick<CartItem, 'id'>, mode: ReplacementMode, barcode?: string): Promise<boolean> {
  return withCart(async (cart) => {
    const answer = await api.data(cartCalls.setReplacement, {
      body: { cartId: cart.id, itemId: item.id, mode, ...(mode === 'PRODUCT' ? { barcode } : {}) },
    });
    $cart.set(answer);
    return true;
  }).catch((error: unknown) => {
    showToast(error instanceof ApiError ? serverMessageOf(error) : errorMessageOf(error), 'error');
    return false;
  });
}

export const openCarts = () => api.data(cartCalls.openCarts);

/** Switches to another open cart ('Carrello non valido' when it cannot be used, docs/product.md §8). */
export async function review(cartId: number): Promise<void> {
  try {
    $cart.set(await api.data(cartCalls.review, { body: { cartId, refresh: true } }));
  } catch {
    showToast('Carrello non valido', 'error');
  }
}

/** Abandons the cart; another open cart, if any, becomes the current one. */
export async function abort(): Promise<Cart | null> {
  return withCart(async (cart) => {
    const next = await api.data(cartCalls.abort, { body: { cartId: cart.id } });
    $cart.set(next);
    return next;
  });
}

export async function move(input: { storeId: number; deliveryMode: DeliveryMode; addressId?: number }): Promise<Cart> {
  return withCart(async (cart) => {
    const moved = await api.data(cartCalls.move, { body: { cartId: cart.id, ...input } });
    $cart.set(moved);
    return moved;
  });
}

export type FreezeCheck = { kind: 'ok' } | { kind: 'changed'; updated: CartItem[]; removed: CartItem[] };

/** freeze/check before booking: 0 goes on, 4105 lists what changed; 4208 and others throw. */
export function freezeCheck(): Promise<FreezeCheck> {
  return withCart(async (cart) => {
    const answer = await api.call(cartCalls.freezeCheck, { body: { cartId: cart.id, preview: false } });
    if (answer.responseCode === 0) {
      $cart.set(answer.data);
      return { kind: 'ok' };
    }
    void loadCurrent(true);
    return { kind: 'changed', updated: answer.data.updated, removed: answer.data.removed };
  });
}

// ---- Product to add (docs/product.md §4): remembered across the trip to cart creation ----

const PENDING_KEY = 'spesa.pendingCartProduct';
type PendingCartProduct = PendingProduct;
/** A shopping list chosen with 'Aggiungi al carrello' before a cart existed: added once the cart is made. */
export interface PendingCartList {
  listId: number;
  returnTo?: string;
}
/** What waits for the new cart: a product and its amount, or a whole shopping list. */
export type PendingForNewCart = PendingCartProduct | PendingCartList;

export const isPendingList = (pending: PendingForNewCart): pending is PendingCartList => 'listId' in pending;

function rememberForNewCart(pending: PendingForNewCart): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    // Storage refused: the shopper adds the product (or the list) again after creating the cart.
  }
}

/** What this tab stored itself (rememberForNewCart); another shape is not read. */
function readPending(stored: unknown): PendingForNewCart | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { barcode, amount, um, returnTo, listId } = stored as Record<string, unknown>;
  if (returnTo !== undefined && typeof returnTo !== 'string') return null;
  const back = returnTo ? { returnTo } : {};
  if (typeof listId === 'number' && Number.isInteger(listId)) return { listId, ...back };
  if (typeof barcode !== 'string' || typeof amount !== 'number') return null;
  if (um !== undefined && um !== 'PZ' && um !== 'KG') return null;
  return { barcode, amount, ...(um === 'PZ' || um === 'KG' ? { um } : {}), ...back };
}

export function takePendingForNewCart(): PendingForNewCart | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
    return readPending(JSON.parse(raw ?? 'null'));
  } catch {
    return null;
  }
}

/** A product or a list chosen without a cart: remember it and go and create the cart. */
export function addAfterCartCreation(pending: PendingForNewCart): void {
  rememberForNewCart({ ...pending, returnTo: pending.returnTo ?? window.location.pathname });
  window.location.assign(routes.cartCreate);
}

export type NotAddedRows = ListToCartResult['notAdded'];

/**
 * Adds a whole shopping list to the cart (docs/product.md §7 cart/list) and answers the rows the
 * cart could not take, each with its reason, so the shopper is told which are missing.
 */
export async function addListToCart(listId: number, cartId: number): Promise<NotAddedRows> {
  const { notAdded, ...cart } = await api.data(cartCalls.addList, { body: { smartListId: listId, cartId } });
  $cart.set(cart);
  return notAdded;
}

/** Buy click (docs/product.md §4 Product to add) for a logged-in shopper: add it now, or after creating a cart. */
export async function buy(product: { barcode: string; um: 'PZ' | 'KG' }, quantity: number): Promise<boolean> {
  const cart = await ensureCart().catch(() => null);
  if (!cart) {
    addAfterCartCreation({ barcode: product.barcode, amount: quantity, um: product.um });
    return false;
  }
  return putInCart(product.barcode, product.um, quantity);
}

// After a login: the shopper's current cart; once the stored session is
// resumed at start-up: the cart this page has asked for already, if any
// (one GET cart/current a page). Then the product chosen before logging in.
$sessionStart.listen((start) => {
  if (!start) return;
  const pending = takePendingProduct();
  void task(async () => {
    try {
      const cart = await (start.kind === 'login' ? loadCurrent(true) : ensureCart());
      if (!pending) return;
      if (cart) await putInCart(pending.barcode, pending.um ?? null, pending.amount);
      else addAfterCartCreation(pending);
    } catch (error) {
      console.error('after-login step failed', error);
    }
  });
});

function terminalId(): string {
  const key = 'spesa.terminalId';
  try {
    let id = localStorage.getItem(key);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(key, id);
    }
    return id;
  } catch {
    return 'web';
  }
}
