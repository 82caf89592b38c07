// Shoppers, carts and orders for the checkout and orders journeys, made
// through the shop's API (signup, mailed link, login; cart/open, cart/store;
// slots and cart/freeze), so each test starts where its story starts.
import { expect, type APIRequestContext } from '@playwright/test';
import { apiCall, type Shopper } from './cart.helpers.ts';

// One way to make shoppers for every journey: the cart helpers'.
export { apiCall, euro, logIn, signedUpShopper, uniqueEmail, type Shopper } from './cart.helpers.ts';

export interface CartAnswer {
  id: number;
  netTotal: number;
  total: number;
  fees: { id: string; description: string; value: number }[];
  items: { id: number; barcode: string; description: string; rowNetPrice: number }[];
}

interface ShopProduct {
  barcode: string;
  um: 'PZ' | 'KG';
  umStep: number;
  minWeight: number | null;
  netPrice: number;
  available: boolean;
  description: string;
}

let products: ShopProduct[] | null = null;
async function storeProducts(request: APIRequestContext): Promise<ShopProduct[]> {
  if (products) return products;
  const page = (await (await request.get('/cli/ecommerce/products/1109/?p=0&s=100')).json()) as {
    data: { data: ShopProduct[] };
  };
  products = page.data.data.filter((p) => p.available && !/acqua/i.test(p.description));
  return products;
}

/** An IN_STORE cart at the default store 1109 above the 25 € minimum, with a weighed row and pieces. */
export async function readyCart(request: APIRequestContext, shopper: Shopper): Promise<CartAnswer> {
  const opened = await apiCall<CartAnswer>(request, shopper, '/cli/ecommerce/cart/open', {
    storeId: 1109,
    deliveryMode: 'IN_STORE',
    terminalType: 'WEB',
  });
  expect(opened.responseCode, 'cart/open').toBe(0);
  let cart = opened.data;
  const all = await storeProducts(request);
  const weighed = all.find((p) => p.um === 'KG' && p.netPrice < 30);
  const pieces = all.filter((p) => p.um === 'PZ' && p.netPrice >= 1);
  if (weighed)
    cart = (
      await apiCall<{ cart: CartAnswer }>(request, shopper, '/cli/ecommerce/cart/store', {
        cartId: cart.id,
        barcode: weighed.barcode,
        weight: Math.max(weighed.umStep, weighed.minWeight ?? 0),
        preview: false,
      })
    ).data.cart;
  for (const p of pieces) {
    if (cart.netTotal > 27) break;
    const stored = await apiCall<{ cart: CartAnswer }>(request, shopper, '/cli/ecommerce/cart/store', {
      cartId: cart.id,
      barcode: p.barcode,
      amount: Math.min(5, Math.ceil(10 / p.netPrice)),
      preview: false,
    });
    if (stored.responseCode === 0) cart = stored.data.cart;
  }
  expect(cart.netTotal, 'cart above the minimum').toBeGreaterThan(25);
  return cart;
}

/**
 * What the store's confirmation may do without asking the shopper again, as they choose at checkout
 * (decision 018); left out, the checkout's defaults: changes accepted up to 10 €. An order that must
 * wait for the shopper is booked with `acceptChanges: false` and confirmed with a change.
 */
export interface ShopperChoices {
  acceptChanges?: boolean;
  acceptChangesLimit?: number;
}

/** Books the cart with cash in a free slot of a day chosen at random, through the API; returns the order id. */
export async function bookedOrder(
  request: APIRequestContext,
  shopper: Shopper,
  choices: ShopperChoices = {},
): Promise<{ orderId: number; number: string }> {
  const cart = await readyCart(request, shopper);
  return bookCart(request, shopper, cart.id, 'CASH', choices);
}

/** Books a filled cart in a free slot of a day chosen at random, through the API, with the shopper's choices (decision 018). */
export async function bookCart(
  request: APIRequestContext,
  shopper: Shopper,
  cartId: number,
  paymentMode: 'CASH' | 'BANCOMAT' | 'XPAY',
  choices: ShopperChoices = {},
): Promise<{ orderId: number; number: string }> {
  const days = (
    await apiCall<{ day: string; available: boolean }[]>(request, shopper, `/cli/ecommerce/slots/${cartId}/days`)
  ).data.filter((d) => d.available);
  const day = days[Math.floor(Math.random() * days.length)]!;
  const slots = (
    await apiCall<{ id: number; available: boolean }[]>(
      request,
      shopper,
      `/cli/ecommerce/slots/${cartId}?day=${day.day}`,
    )
  ).data.filter((s) => s.available);
  const slot = slots[Math.floor(Math.random() * slots.length)]!;
  const frozen = await apiCall(request, shopper, '/cli/ecommerce/cart/freeze', {
    cartId,
    timeSlotId: slot.id,
    profileEmail: shopper.email,
    profileMobilePhone: '3331234567',
    firstName: 'Anna',
    lastName: 'Rossi',
    paymentMode,
    invoice: false,
    enableProductsReplacement: true,
    ...choices,
    clientWeb: true,
  });
  expect(frozen.responseCode, `freeze: ${frozen.errorMessage ?? ''}`).toBe(0);
  const orders = await apiCall<{ data: { id: number; number: string; cart: { id: number } }[] }>(
    request,
    shopper,
    '/cli/ecommerce/orders?s=5&p=0',
  );
  const order = orders.data.data.find((o) => o.cart.id === cartId)!;
  return { orderId: order.id, number: order.number };
}

/** The seeded operator of the default store 1109 (README, Store staff). */
const STORE_OPERATOR = { email: 'operatore.1109@spesaonline.local', password: 'Operatore-2026' };

/** The store's operator logged in through the API, as the shoppers' helpers log in. */
async function storeOperator(request: APIRequestContext): Promise<Shopper> {
  const login = (await (
    await request.post('/cli/profiles/login', {
      data: { username: STORE_OPERATOR.email, password: STORE_OPERATOR.password },
    })
  ).json()) as {
    responseCode: number;
    data: { jwt: string; profile: Record<string, unknown>; role: 'CUSTOMER' | 'OPERATOR' };
  };
  expect(login.responseCode, 'operator login').toBe(0);
  return { email: STORE_OPERATOR.email, ...login.data };
}

/** An order as the store's confirmation answers it: where it went (decision 018). */
export interface ConfirmedOrder {
  status: string;
  withinChoices: boolean | null;
  expiresAt: string | null;
  pickupCode: string | null;
}

/** How the store confirms each row; rows left out are available. */
export type RowOutcome = {
  id: number;
  outcome: 'AVAILABLE' | 'UNAVAILABLE' | 'SUBSTITUTED';
  substituteBarcode?: string;
};

/**
 * The store confirms a booked order's availability through its API (decision 014): every row
 * available unless listed. Within the shopper's choices (decision 018) a cash or bancomat order goes
 * to IN_PREPARATION, a card order too once the linked card is held; beyond them, or a card order
 * without a card the gateway can charge, it waits for the shopper (PAYMENT_PENDING). `expected` is
 * where the test expects it.
 */
export async function confirmedByStore(
  request: APIRequestContext,
  orderId: number,
  expected: 'PAYMENT_PENDING' | 'IN_PREPARATION',
  rows: RowOutcome[] = [],
): Promise<ConfirmedOrder> {
  const confirmed = await apiCall<ConfirmedOrder>(
    request,
    await storeOperator(request),
    `/cli/ops/orders/${orderId}/confirm`,
    { rows },
  );
  expect(confirmed.responseCode, `confirm: ${confirmed.errorMessage ?? ''}`).toBe(0);
  expect(confirmed.data.status, 'status after the store confirmed').toBe(expected);
  return confirmed.data;
}

/**
 * The store's outcome that makes one row of a booked order unavailable: the dearest of its rows, or
 * the dearest of those sold by the piece with `pieces` (it is never the only row, so the order keeps
 * something to prepare). Returns it with the euros it takes off the order.
 */
export async function dearestRowUnavailable(
  request: APIRequestContext,
  shopper: Shopper,
  orderId: number,
  options: { pieces?: boolean } = {},
): Promise<{ rows: RowOutcome[]; description: string; amount: number }> {
  const order = await apiCall<{
    cart: { items: { id: number; description: string; um: 'PZ' | 'KG'; rowNetPrice: number }[] };
  }>(request, shopper, `/cli/ecommerce/orders/${orderId}/fetch`);
  const items = order.data.cart.items;
  expect(items.length, 'an order of more than one row').toBeGreaterThan(1);
  const row = items
    .filter((i) => !options.pieces || i.um === 'PZ')
    .reduce((a, b) => (b.rowNetPrice > a.rowNetPrice ? b : a));
  return { rows: [{ id: row.id, outcome: 'UNAVAILABLE' }], description: row.description, amount: row.rowNetPrice };
}

/** The shopper accepts a cash or bancomat order waiting for them (beyond their choices) through the API: it goes to preparation. */
export async function acceptedByShopper(request: APIRequestContext, shopper: Shopper, orderId: number): Promise<void> {
  const accepted = await apiCall<{ status: string }>(request, shopper, `/cli/ecommerce/orders/${orderId}/accept`, {});
  expect(accepted.responseCode, `accept: ${accepted.errorMessage ?? ''}`).toBe(0);
  expect(accepted.data.status).toBe('IN_PREPARATION');
}

/** An order as the shopper's orders read it, with what the hand-off shows. */
export interface ReadyOrder {
  orderId: number;
  number: string;
  code: string;
  pickupCode: string;
  /** The booked total. */
  total: number;
  /** The prepared total: what is paid at the counter. */
  preparedTotal: number;
}

/**
 * A cash order ready for pickup at store 1109, through the API: booked, confirmed whole by the store
 * (within the checkout's default choices, so it goes to preparation by itself), picked with the
 * weighed row heavier than ordered (the prepared total differs from the booked one), and set ready.
 */
export async function readyForPickup(request: APIRequestContext, shopper: Shopper): Promise<ReadyOrder> {
  const { orderId, number } = await bookedOrder(request, shopper);
  await confirmedByStore(request, orderId, 'IN_PREPARATION');
  const operator = await storeOperator(request);
  const booked = await apiCall<{
    cart: { items: { id: number; um: 'PZ' | 'KG'; amount: number | null; weight: number | null }[] };
  }>(request, shopper, `/cli/ecommerce/orders/${orderId}/fetch`);
  const rows = booked.data.cart.items.map((i) => ({
    id: i.id,
    operatorAmount: i.um === 'KG' ? Math.round((i.weight ?? 0) * 1.4 * 100) / 100 : (i.amount ?? 0),
  }));
  const picked = await apiCall(request, operator, `/cli/ops/orders/${orderId}/picked`, { rows });
  expect(picked.responseCode, `picked: ${picked.errorMessage ?? ''}`).toBe(0);
  const ready = await apiCall<{
    code: string;
    pickupCode: string | null;
    status: string;
    cart: { total: number };
    operatorCart: { total: number } | null;
  }>(request, operator, `/cli/ops/orders/${orderId}/status`, { status: 'TO_BE_COLLECTED' });
  expect(ready.responseCode, `ready: ${ready.errorMessage ?? ''}`).toBe(0);
  expect(ready.data.status).toBe('TO_BE_COLLECTED');
  const mine = await apiCall<{ operatorCart: { total: number } | null }>(
    request,
    shopper,
    `/cli/ecommerce/orders/${orderId}/fetch`,
  );
  return {
    orderId,
    number,
    code: ready.data.code,
    pickupCode: ready.data.pickupCode!,
    total: ready.data.cart.total,
    preparedTotal: mine.data.operatorCart!.total,
  };
}
