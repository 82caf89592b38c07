// The checkout in progress (docs/product.md §4 Checkout steps): the chosen slot and the
// checkout data survive the moves between /checkout, /checkout/data and
// /checkout/summary (kept in sessionStorage, this tab only); freeze books it.
import { DEFAULT_ACCEPT_CHANGES_LIMIT } from '#src/shared/contract/constants.ts';
import { ORDERS_PAGE_SIZE } from '#src/shared/contract/constants.ts';
import { atom } from 'nanostores';
import { api } from '#src/lib/api-client.ts';
import type { Cart, CartItem, PaymentMode } from '#src/shared/contract/cart.ts';
import type { Order } from '#src/shared/contract/checkout.ts';
import { checkoutCalls, profileCalls } from '#src/shared/contract/calls.generated.ts';
import { loadCurrent } from '#src/shop/cart.store.ts';
import { reorderHint } from '#src/shop/reorder-hint.ts';
import { CHECKOUT_STATE_KEY, type CheckoutData } from './checkout-rules.ts';

export type ChosenSlot = { id: number; day: string; validFrom: string; validTo: string };
export type CheckoutState = { cartId: number; slot: ChosenSlot | null; data: CheckoutData | null };

// What this tab stored itself; an older build may have stored another shape: then it is not read.
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isChosenSlot = (v: unknown): v is ChosenSlot =>
  isRecord(v) &&
  Number.isInteger(v['id']) &&
  typeof v['day'] === 'string' &&
  typeof v['validFrom'] === 'string' &&
  typeof v['validTo'] === 'string';
const isCheckoutState = (v: unknown): v is CheckoutState =>
  isRecord(v) &&
  Number.isInteger(v['cartId']) &&
  (v['slot'] === null || isChosenSlot(v['slot'])) &&
  (v['data'] === null || isRecord(v['data']));
const isCart = (v: unknown): v is Cart =>
  isRecord(v) && Number.isInteger(v['id']) && Array.isArray(v['items']) && isRecord(v['delivery']);

const BOOKED_KEY = 'spesa.checkout.booked';

function readStored<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  if (typeof sessionStorage === 'undefined') return null;
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

function writeStored(key: string, value: unknown): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused (private mode): the steps keep working within the page.
  }
}

export const $checkout = atom<CheckoutState | null>(readStored(CHECKOUT_STATE_KEY, isCheckoutState));
$checkout.listen((state) => writeStored(CHECKOUT_STATE_KEY, state));

/** The checkout of this cart (a different cart starts afresh, with the last order's slot when it was reordered). */
export function checkoutFor(cartId: number): CheckoutState {
  const state = $checkout.get();
  return state && state.cartId === cartId ? state : { cartId, slot: reorderHint(cartId)?.slot ?? null, data: null };
}

export function chooseSlot(cartId: number, slot: ChosenSlot | null): void {
  $checkout.set({ ...checkoutFor(cartId), slot });
}

export function saveData(cartId: number, data: CheckoutData): void {
  $checkout.set({ ...checkoutFor(cartId), data });
}

export const loadDays = (cartId: number) => api.data(checkoutCalls.slotDays, { params: { cartId } });
export const loadSlots = (cartId: number, day: string) =>
  api.data(checkoutCalls.slots, { params: { cartId }, query: { day } });
export const loadPaymentModes = (cart: Pick<Cart, 'deliveryMode' | 'storeId'>) =>
  api.data(checkoutCalls.paymentModes, { params: { mode: cart.deliveryMode }, query: { storeId: cart.storeId } });
export const loadBillingAddresses = () => api.data(profileCalls.billingAddresses);

export type FreezeResult =
  | { kind: 'booked'; cart: Cart }
  | { kind: 'changed'; updated: CartItem[]; removed: CartItem[] };

/** Books the cart (cart/freeze). 0: the order exists; 4105: what changed; other codes throw ApiError. */
export async function freeze(cart: Cart, slot: ChosenSlot, data: CheckoutData): Promise<FreezeResult> {
  const answer = await api.call(checkoutCalls.freeze, {
    body: {
      cartId: cart.id,
      timeSlotId: slot.id,
      profileEmail: data.profileEmail.trim(),
      profileMobilePhone: data.profileMobilePhone.trim(),
      firstName: data.firstName.trim(),
      lastName: data.lastName.trim(),
      // The confirm button waits for both choices (canConfirm); were one still empty, the
      // server would refuse the null it is sent, as it always has.
      paymentMode: data.paymentMode as PaymentMode,
      notes: data.notes.trim() || null,
      invoice: data.invoice,
      billingAddressId: data.invoice ? data.billingAddressId : null,
      enableProductsReplacement: data.enableProductsReplacement as boolean,
      // Data kept by a tab from before these choices existed takes their defaults.
      acceptChanges: data.acceptChanges ?? true,
      acceptChangesLimit: data.acceptChangesLimit ?? DEFAULT_ACCEPT_CHANGES_LIMIT,
      clientWeb: true,
    },
  });
  if (answer.responseCode !== 0) {
    void loadCurrent(true);
    return { kind: 'changed', updated: answer.data.updated, removed: answer.data.removed };
  }
  writeStored(BOOKED_KEY, answer.data);
  $checkout.set(null);
  // The thank-you page reloads the (now empty) current cart: docs/product.md §4.
  return { kind: 'booked', cart: answer.data };
}

/** The cart just booked in this tab, for the thank-you page. */
export const bookedCart = (): Cart | null => readStored(BOOKED_KEY, isCart);

/** An order by its code (the card payment comes back with ?orderCode=): the newest pages hold it. */
export async function orderByCode(code: string, pages = 10): Promise<Order | null> {
  for (let p = 0; p < pages; p++) {
    const page = await api.data(checkoutCalls.orders, { query: { s: ORDERS_PAGE_SIZE, p } });
    const found = page.data.find((o) => o.code === code);
    if (found) return found;
    if (p + 1 >= page.totalPages) break;
  }
  return null;
}

/** The order made from a booked cart: the newest orders hold it. */
export async function orderOfCart(cartId: number): Promise<Order | null> {
  const page = await api.data(checkoutCalls.orders, { query: { s: ORDERS_PAGE_SIZE, p: 0 } });
  return page.data.find((o) => o.cart.id === cartId) ?? null;
}
