// The checkout page's first view is the island's own markup for the same
// cart: its first step while the days load, or the gate's notice.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cart, CartItem } from '#src/shared/contract/cart.ts';
import type { SessionUser } from '#src/shared/contract/session.ts';
import { $cart, $cartLoaded } from '#src/shop/cart.store.ts';
import { CartGate } from './CheckoutGate.tsx';
import { Slots } from './CheckoutSlots.tsx';
import { checkoutFirstView } from './checkout.first-view.ts';
import { $checkout } from './checkout.store.ts';

const cartOf = (over: Partial<Cart>): Cart => ({
  id: 7,
  title: null,
  storeId: 1109,
  storeDescription: 'Ritiro in negozio · Superstore Bari Japigia',
  deliveryMode: 'IN_STORE',
  addressId: null,
  items: [{ barcode: '8001234567890' } as CartItem],
  itemsCount: 12,
  netTotal: 48.5,
  total: 48.5,
  totalToPay: 48.5,
  minNetTotal: 30,
  fees: [],
  paymentMode: null,
  code: null,
  delivery: { addressDescription: null, timeSlot: null },
  payment: { mode: null },
  categories: [],
  current: true,
  ...over,
});

const user = { role: 'CUSTOMER', profile: { id: 1, firstName: 'Anna', lastName: 'Rossi' } } as SessionUser;
const slots = (_: SessionUser, cart: Cart) => createElement(Slots, { cart });
const island = () =>
  renderToStaticMarkup(
    // biome-ignore lint/correctness/noChildrenProp: the gate's children are a render function of the shopper and the cart
    createElement(CartGate, { user, children: slots }),
  ).replaceAll('<!-- -->', '');
const withoutDisabled = (markup: string) => markup.replaceAll(' disabled=""', '');
const chosen = { id: 3, day: '2026-11-25', validFrom: '2026-11-25T09:00:00Z', validTo: '2026-11-25T11:00:00Z' };

describe("the checkout page's first view", () => {
  afterEach(() => {
    $cart.set(null);
    $cartLoaded.set(false);
    $checkout.set(null);
  });

  it.each([
    ['a cart in store, nothing chosen yet', cartOf({}), null],
    [
      'a delivery to an address with a slot chosen earlier',
      cartOf({ deliveryMode: 'AT_HOME', delivery: { addressDescription: 'Via Roma 1, Bari', timeSlot: null } }),
      chosen,
    ],
    ['an empty cart', cartOf({ items: [], itemsCount: 0, netTotal: 0, total: 0 }), null],
    ['a cart below the minimum order', cartOf({ netTotal: 12.3, total: 12.3 }), null],
  ])('is the island’s markup for %s', (_, cart, slot) => {
    $cart.set(cart);
    $cartLoaded.set(true);
    $checkout.set({ cartId: cart.id, slot, data: null });
    expect(withoutDisabled(checkoutFirstView(cart, slot))).toBe(withoutDisabled(island()));
  });
});
