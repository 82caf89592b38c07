// The cart page's first view is CartView's own markup for the same cart: the
// shopper sees nothing move when the island takes over. Only the buttons
// differ (disabled until the island can act on them).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cart } from '#src/shared/contract/cart.ts';
import { $firstSlot, setFirstSlot } from '#src/shop/cart-summary.store.ts';
import { $cart } from '#src/shop/cart.store.ts';
import type { SessionUser } from '#src/shared/contract/session.ts';
import { CartScreen } from './CartView.tsx';
import { cartFirstView, shortOfMinimumText } from './cart.first-view.ts';
import { cartItem } from '#src/shared/contract/cart.test-data.ts';

const item = cartItem;

const cartOf = (over: Partial<Cart>): Cart => ({
  id: 7,
  title: null,
  storeId: 1109,
  storeDescription: 'Ritiro in negozio · Superstore Bari Japigia',
  deliveryMode: 'IN_STORE',
  addressId: null,
  items: [],
  itemsCount: 0,
  netTotal: 0,
  total: 0,
  totalToPay: 0,
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

const rows = [
  item({
    amount: 1,
    rowNetPrice: 1.39,
    replacement: { mode: 'PRODUCT', barcode: '8001234567906', description: 'Latte "fresco" & intero 1 l', price: 1.49 },
  }),
  item({
    id: 2,
    barcode: '8009876543210',
    description: 'Pomodori "ciliegino" & basilico',
    um: 'KG',
    amount: null,
    weight: 0.75,
    umStep: 0.25,
    minWeight: 0.5,
    price: 3.9,
    netPrice: 2.9,
    rowNetPrice: 2.18,
    imageUrl: '/media/products/8009876543210.svg',
    attrib3: '2,90 € al kg',
    lowestPrice30Days: 2.99,
    promotions: [{ description: "Offerta dell'orto", valueType: 'NEW_PRICE', value: 2.9, validTo: '2026-12-31' }],
  }),
  item({
    id: 3,
    barcode: '8000000000017',
    description: 'Mozzarella',
    available: false,
    status: 'danger',
    replacement: { mode: 'NONE', barcode: null, description: null, price: null },
  }),
];

const user = { role: 'CUSTOMER', profile: { id: 1, firstName: 'Anna', lastName: 'Rossi' } } as SessionUser;
// renderToStaticMarkup marks where two pieces of text meet; the browser's markup has no such marks.
const island = () => renderToStaticMarkup(createElement(CartScreen, { user })).replaceAll('<!-- -->', '');
const withoutDisabled = (markup: string) => markup.replaceAll(' disabled=""', '');

describe("the cart page's first view", () => {
  afterEach(() => {
    $cart.set(null);
    setFirstSlot(null);
  });

  it.each([
    [
      'three rows, a promotion, a weighed product, one unavailable, below the minimum',
      cartOf({ items: rows, itemsCount: 3, netTotal: 6.35, total: 6.35 }),
    ],
    [
      'a delivery to an address with a fee and a first slot',
      cartOf({
        deliveryMode: 'AT_HOME',
        storeDescription: 'Consegna a domicilio · Superstore Bari Japigia',
        delivery: { addressDescription: 'Via Roma 1, Bari', timeSlot: null },
        items: rows.slice(0, 1),
        itemsCount: 1,
        netTotal: 41,
        total: 46,
        fees: [{ id: 'delivery', description: 'Costo di consegna', value: 5 }],
      }),
    ],
    ['an empty cart', cartOf({})],
  ])('is the island’s markup for %s', (_, cart) => {
    $cart.set(cart);
    setFirstSlot(
      cart.fees.length ? { weekDay: 2, validFrom: '2026-11-24T10:00:00Z', validTo: '2026-11-24T12:00:00Z' } : null,
    );
    const first = cartFirstView(cart, $firstSlot.get());
    expect(withoutDisabled(first)).toBe(withoutDisabled(island()));
  });

  it.each([
    ['under the minimum', { netTotal: 6.35, itemsCount: 3 }, "Mancano 23,65\u00a0€ per raggiungere l'ordine minimo."],
    ['a cent under it', { netTotal: 29.99, itemsCount: 1 }, "Mancano 0,01\u00a0€ per raggiungere l'ordine minimo."],
    ['exactly at it', { netTotal: 30, itemsCount: 2 }, null],
    ['over it', { netTotal: 41, itemsCount: 2 }, null],
    ['empty', { netTotal: 0, itemsCount: 0 }, null],
  ])('tells the shopper what is missing to the minimum order, on both views, for a cart %s', (_, over, text) => {
    const cart = cartOf({ ...over, total: over.netTotal, minNetTotal: 30 });
    expect(shortOfMinimumText(cart)).toBe(text);
    $cart.set(cart);
    const shown = (markup: string) =>
      /<p class="cart-totals__below">([^<]*)<\/p>/.exec(markup)?.[1]?.replaceAll('&#x27;', "'") ?? null;
    expect(shown(island())).toBe(text);
    expect(shown(cartFirstView(cart, null))).toBe(text);
  });

  it('shows every button disabled, the island not yet being there to act on them', () => {
    const cart = cartOf({ items: rows, itemsCount: 3, netTotal: 6.35, total: 6.35 });
    const buttons = cartFirstView(cart, null).match(/<button[^>]*>/g) ?? [];
    expect(buttons.length).toBeGreaterThan(5);
    expect(buttons.filter((b) => !b.includes('disabled=""'))).toEqual([]);
  });
});
