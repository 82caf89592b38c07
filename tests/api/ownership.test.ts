// One customer never reaches another's things (security, every route
// taking an id). Customer B sends customer A's ids — cart, cart item, order,
// list, list item, favourite, address, billing address, order code, card and
// card-payment transactions — to every /cli route that takes one, alone or
// mixed with B's own ids. Each answer must be a refusal (403, or the
// documented business code named in the table) without any of A's data in
// it, and A's data, read back as A, must be unchanged.
// A last check walks the app's routes: a new /cli route must be put either in
// the table or in the list of routes that take no customer-owned id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema } from '#src/shared/contract/cart.ts';
import { ErrorCode, FORBIDDEN } from '#src/shared/contract/errors.ts';
import { slot as slotSchema, slotDay } from '#src/shared/contract/checkout.ts';
import { createOperator } from '#src/server/services/operators.ts';
import { checkRequestId, createTestShop } from './harness.ts';
import { bearer, post, shopper } from './shoppers.ts';

// Card payments are offered (as in the browser journeys' shop) so A can have a card and an unpaid card order.
const savedFlag = process.env['ENABLED_PAYMENTS'];
process.env['ENABLED_PAYMENTS'] = 'true';
const shop = await createTestShop({ products: 120 });
if (savedFlag === undefined) delete process.env['ENABLED_PAYMENTS'];
else process.env['ENABLED_PAYMENTS'] = savedFlag;
/** Every /cli route the app registers, as 'METHOD /cli/path'. */
const registered = new Set(
  shop.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/cli/')).map((r) => `${r.method} ${r.path}`),
);

/** Strings only A's data holds: none may appear in an answer to B. */
const SECRET = {
  street: 'Via Segreta di Anna',
  company: 'Bottega Segreta di Anna Srl',
  listTitle: 'Lista segreta di Anna',
  customItem: 'Pane segreto di Anna',
  email: 'anna.a@example.it',
  note: 'Citofono segreto di Anna',
};

const a = {
  token: '',
  userId: 0,
  cartId: 0,
  cartBarcode: '',
  cartItemId: 0,
  orderId: 0,
  orderCode: '',
  listId: 0,
  itemId: 0,
  addressId: 0,
  billingId: 0,
  favourite: '',
  maskedPan: '',
  cardOrderCode: '',
  boardingCode: '',
  paymentCode: '',
  legacyCode: '',
  slotId: 0,
};
const b = { token: '', cartId: 0, orderId: 0, listId: 0, itemId: 0, addressId: 0, slotDay: '', slotId: 0 };
let operatorOtherStore = '';
let products: { barcode: string; id: number }[] = [];

const address = (street: string, extra: Record<string, unknown> = {}) => ({
  address: street,
  streetNumber: '7',
  city: 'Bari',
  county: 'BA',
  zip: '70121',
  ...extra,
});
const billing = (company: string, extra: Record<string, unknown> = {}) => ({
  vatCode: '01234567890',
  companyName: company,
  address: 'Via dei Mille',
  streetNumber: '3',
  zip: '70121',
  city: 'Bari',
  county: 'BA',
  phone: '0801234567',
  ...extra,
});
const booking = (cartId: number, timeSlotId: number, extra: Record<string, unknown> = {}) => ({
  cartId,
  timeSlotId,
  profileEmail: 'bruno.b@example.it',
  profileMobilePhone: '3331234567',
  firstName: 'Bruno',
  lastName: 'Bianchi',
  paymentMode: 'CASH',
  notes: null,
  invoice: false,
  enableProductsReplacement: true,
  ...extra,
});

/** One call as token's owner: JSON body, or a form body as the providers' callbacks send. */
async function call(token: string, method: string, path: string, body?: unknown, asForm = false) {
  const init: RequestInit =
    method === 'GET'
      ? bearer(token)
      : asForm
        ? {
            ...form(body as Record<string, string>),
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Bearer ${token}` },
          }
        : { ...post(body ?? {}, token), method };
  const res = await shop.app.request(path, init);
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // A redirect or an HTML page: the test sees the text.
  }
  checkRequestId(res, parsed);
  return { status: res.status, body: parsed, location: res.headers.get('Location') };
}

async function ok(token: string, method: string, path: string, body?: unknown) {
  const res = await call(token, method, path, body);
  if (res.status !== 200 || res.body?.responseCode !== 0)
    throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function firstSlot(token: string, cartId: number) {
  const days = slotDay.array().parse(await ok(token, 'GET', `/cli/ecommerce/slots/${cartId}/days`));
  const day = days.find((d) => d.available)!.day;
  const slots = slotSchema.array().parse(await ok(token, 'GET', `/cli/ecommerce/slots/${cartId}?day=${day}`));
  return { day, id: slots.find((s) => s.available)!.id };
}

/** Everything of A's that B could reach, read through the API as A. */
async function stateOfA() {
  return {
    openCarts: await ok(a.token, 'GET', '/cli/ecommerce/carts/open'),
    current: await ok(a.token, 'GET', '/cli/ecommerce/cart/current'),
    orders: await ok(a.token, 'GET', '/cli/ecommerce/orders?s=50&p=0'),
    order: await ok(a.token, 'GET', `/cli/ecommerce/orders/${a.orderId}/fetch`),
    lists: await ok(a.token, 'GET', '/cli/slists'),
    favourites: await ok(a.token, 'GET', '/cli/slists/products/favorite/all'),
    addresses: await ok(a.token, 'GET', '/cli/profiles/addresses'),
    billing: await ok(a.token, 'GET', '/cli/profiles/billing/addresses'),
    profile: (await ok(a.token, 'GET', '/cli/profiles/login')).profile,
    cards: await ok(a.token, 'GET', '/cli/pay/paymentmethod'),
    payments: await shop.handle.db
      .selectFrom('payment_transactions')
      .select(['transaction_code', 'kind', 'status', 'amount_cents'])
      .where('user_id', '=', a.userId)
      .orderBy('id')
      .execute(),
  };
}

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const pathOf = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return `${u.pathname}${u.search}`;
};

/**
 * A's card, associated as in the provider's lightbox (the sandbox), an unpaid card order the store
 * confirmed and started card payments. A wants to be asked about any change (acceptChanges false)
 * and the store confirms the second row unavailable: the order waits for A's payment (decision 018).
 */
async function cardOfA(cartBarcode: string, missingBarcode: string) {
  const start = await ok(a.token, 'GET', '/cli/pay/v2/xpay/start/boarding');
  const params = Object.fromEntries(new URL(start.lightboxUrl, 'http://localhost').searchParams);
  expect((await shop.request(pathOf(start.lightboxUrl))).status).toBe(200);
  await shop.request(
    '/sandbox/xpay/lightbox/pay',
    form({ ...params, pan: '4349940199004549', expiry: '12/30', cvv: '123' }),
  );
  a.maskedPan = (await ok(a.token, 'GET', '/cli/pay/paymentmethod'))[0].maskedPan;
  a.boardingCode = (await ok(a.token, 'GET', '/cli/pay/v2/xpay/start/boarding')).transactionCode; // a second association, left pending
  a.legacyCode = (await ok(a.token, 'GET', '/cli/pay/ipg/boarding/web')).addInfo3;
  const cart = cartSchema.parse(
    await ok(a.token, 'POST', '/cli/ecommerce/cart/open', { storeId: 1109, deliveryMode: 'IN_STORE' }),
  );
  await ok(a.token, 'POST', '/cli/ecommerce/cart/store', { cartId: cart.id, barcode: cartBarcode, amount: 12 });
  await ok(a.token, 'POST', '/cli/ecommerce/cart/store', { cartId: cart.id, barcode: missingBarcode, amount: 1 });
  const slot = await firstSlot(a.token, cart.id);
  a.slotId = slot.id;
  a.cardOrderCode = (
    await ok(a.token, 'POST', '/cli/ecommerce/cart/freeze', {
      ...booking(cart.id, slot.id),
      profileEmail: SECRET.email,
      paymentMode: 'XPAY',
      acceptChanges: false,
    })
  ).code;
  // The store confirms the pre-order before A may pay it (decision 014).
  await createOperator(shop.handle.db, {
    email: 'cassa.proprietari@coop.example.it',
    password: 'Cassa2026!',
    storeId: 1109,
    firstName: 'Gino',
    lastName: 'Cassa',
  });
  const cassa = (
    await shop.request(
      '/cli/profiles/login',
      post({ username: 'cassa.proprietari@coop.example.it', password: 'Cassa2026!' }),
    )
  ).body.data.jwt as string;
  const cardOrderId = (await ok(a.token, 'GET', '/cli/ecommerce/orders?s=5&p=0')).data[0].id;
  const missing = (await ok(a.token, 'GET', `/cli/ecommerce/orders/${cardOrderId}/fetch`)).cart.items.find(
    (i: { barcode: string }) => i.barcode === missingBarcode,
  );
  const confirmed = await ok(cassa, 'POST', `/cli/ops/orders/${cardOrderId}/confirm`, {
    rows: [{ id: missing.id, outcome: 'UNAVAILABLE' }],
  });
  expect(confirmed).toMatchObject({ status: 'PAYMENT_PENDING', withinChoices: false });
  a.paymentCode = (await ok(a.token, 'GET', `/cli/pay/v2/xpay/nonce?orderCode=${a.cardOrderCode}`)).transactionCode;
  expect(
    [a.maskedPan, a.boardingCode, a.legacyCode, a.cardOrderCode, a.paymentCode].every(
      (v) => typeof v === 'string' && v.length >= 6,
    ),
  ).toBe(true);
}

beforeAll(async () => {
  const db = shop.handle.db;
  products = await db
    .selectFrom('products as p')
    .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
    .select(['p.barcode', 'p.id'])
    .where('sp.store_id', '=', 1109)
    .where('sp.available', '=', true)
    .where('p.um', '=', 'PZ')
    .where('p.water_pack', '=', false)
    .orderBy('p.id')
    .limit(4)
    .execute();
  // A fixed price and no promotion: 12 pieces make 30 €, above every minimum order.
  for (const p of products) {
    await db
      .updateTable('store_products')
      .set({ price_cents: 250, available: true })
      .where('product_id', '=', p.id)
      .execute();
    await db.deleteFrom('promotions').where('product_id', '=', p.id).execute();
  }
  const [p1, p2, p3, p4] = products as [
    (typeof products)[0],
    (typeof products)[0],
    (typeof products)[0],
    (typeof products)[0],
  ];

  // A: a booked order, an open cart, a list with a product and a custom item, a favourite, both kinds of address.
  a.token = await shopper(shop, SECRET.email);
  a.userId = (await ok(a.token, 'GET', '/cli/profiles/login')).profile.id;
  await cardOfA(p3.barcode, p4.barcode);
  a.addressId = (await ok(a.token, 'POST', '/cli/profiles/addresses', address(SECRET.street)))[0].id;
  a.billingId = (await ok(a.token, 'POST', '/cli/profiles/billing/addresses', billing(SECRET.company)))[0].id;
  const ordered = cartSchema.parse(
    await ok(a.token, 'POST', '/cli/ecommerce/cart/open', { storeId: 1109, deliveryMode: 'IN_STORE' }),
  );
  await ok(a.token, 'POST', '/cli/ecommerce/cart/store', { cartId: ordered.id, barcode: p1.barcode, amount: 12 });
  const aSlot = await firstSlot(a.token, ordered.id);
  const frozen = await ok(a.token, 'POST', '/cli/ecommerce/cart/freeze', {
    ...booking(ordered.id, aSlot.id),
    profileEmail: SECRET.email,
    firstName: 'Anna',
    lastName: 'Rossi',
    notes: SECRET.note,
    invoice: true,
    billingAddressId: a.billingId,
  });
  a.orderCode = frozen.code;
  a.orderId = (await ok(a.token, 'GET', '/cli/ecommerce/orders?s=5&p=0')).data[0].id;
  const open = cartSchema.parse(
    await ok(a.token, 'POST', '/cli/ecommerce/cart/open', { deliveryMode: 'AT_HOME', addressId: a.addressId }),
  );
  a.cartId = open.id;
  a.cartBarcode = p2.barcode;
  a.cartItemId = (
    await ok(a.token, 'POST', '/cli/ecommerce/cart/store', { cartId: a.cartId, barcode: p2.barcode, amount: 12 })
  ).cart.items[0].id;
  const list = (await ok(a.token, 'POST', '/cli/slists/create', { title: SECRET.listTitle })).find(
    (l: { title: string }) => l.title === SECRET.listTitle,
  );
  a.listId = list.id;
  await ok(a.token, 'POST', '/cli/slists/items/create', {
    id: a.listId,
    type: 'PRODUCT',
    barcode: p3.barcode,
    amount: 2,
  });
  a.itemId = (
    await ok(a.token, 'POST', '/cli/slists/items/create', {
      id: a.listId,
      type: 'CUSTOM',
      description: SECRET.customItem,
    })
  ).items[1].id;
  a.favourite = p3.barcode;
  await ok(a.token, 'POST', '/cli/slists/products/favorite/add', { barcode: a.favourite });

  // B: a booked home-delivery order (so copying it with an address means something), an open cart, a list with an item.
  b.token = await shopper(shop, 'bruno.b@example.it');
  b.addressId = (await ok(b.token, 'POST', '/cli/profiles/addresses', address('Via di Bruno')))[0].id;
  const bOrdered = cartSchema.parse(
    await ok(b.token, 'POST', '/cli/ecommerce/cart/open', { deliveryMode: 'AT_HOME', addressId: b.addressId }),
  );
  await ok(b.token, 'POST', '/cli/ecommerce/cart/store', { cartId: bOrdered.id, barcode: p1.barcode, amount: 12 });
  const bSlot = await firstSlot(b.token, bOrdered.id);
  await ok(b.token, 'POST', '/cli/ecommerce/cart/freeze', booking(bOrdered.id, bSlot.id));
  b.orderId = (await ok(b.token, 'GET', '/cli/ecommerce/orders?s=5&p=0')).data[0].id;
  b.cartId = cartSchema.parse(
    await ok(b.token, 'POST', '/cli/ecommerce/cart/open', { storeId: 1109, deliveryMode: 'IN_STORE' }),
  ).id;
  await ok(b.token, 'POST', '/cli/ecommerce/cart/store', { cartId: b.cartId, barcode: p1.barcode, amount: 12 });
  const bSlotInStore = await firstSlot(b.token, b.cartId);
  b.slotDay = bSlotInStore.day;
  b.slotId = bSlotInStore.id;
  b.listId = (await ok(b.token, 'GET', '/cli/slists'))[0].id;
  b.itemId = (
    await ok(b.token, 'POST', '/cli/slists/items/create', {
      id: b.listId,
      type: 'CUSTOM',
      description: 'Pane di Bruno',
    })
  ).items[0].id;

  // An operator of another store than A's order's.
  const other = await db
    .selectFrom('stores')
    .select('id')
    .where('id', '!=', 1109)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await createOperator(db, {
    email: 'altro.negozio@coop.example.it',
    password: 'Cassa2026!',
    storeId: other.id,
    firstName: 'Pia',
    lastName: 'Altro',
  });
  operatorOtherStore = (
    await shop.request(
      '/cli/profiles/login',
      post({ username: 'altro.negozio@coop.example.it', password: 'Cassa2026!' }),
    )
  ).body.data.jwt;
});
afterAll(() => shop.close());

interface Case {
  /** 'METHOD /cli/path' exactly as the app registers it. */
  route: string;
  /** Whose ids go where. */
  what: string;
  /** Who calls: B by default, or the operator of another store. */
  as?: 'operator';
  /** The body goes as a form, as the card providers' callbacks send it. */
  asForm?: boolean;
  request: () => [path: string, body?: unknown];
  /**
   * What B gets: 403 by default; a business code where the route answers the
   * refusal as one (docs/product.md §8); 'own' where the foreign id is simply not found
   * among B's own things and B gets back only B's data; 'failed page' for
   * the providers' browser returns, which land on the shop's failure page.
   */
  outcome?: number | 'own' | 'failed page';
}

// prettier-ignore
const cases: Case[] = [
  // Carts and cart items
  {
    route: 'POST /cli/ecommerce/cart/store',
    what: "A's cart",
    request: () => ['/cli/ecommerce/cart/store', { cartId: a.cartId, barcode: a.cartBarcode, amount: 5 }],
  },
  {
    route: 'POST /cli/ecommerce/cart/review',
    what: "A's cart",
    request: () => ['/cli/ecommerce/cart/review', { cartId: a.cartId, refresh: true }],
  },
  {
    route: 'POST /cli/ecommerce/cart/delete',
    what: "A's cart item",
    request: () => ['/cli/ecommerce/cart/delete', { cartId: a.cartId, barcode: a.cartBarcode }],
  },
  {
    route: 'POST /cli/ecommerce/cart/abort',
    what: "A's cart",
    request: () => ['/cli/ecommerce/cart/abort', { cartId: a.cartId }],
  },
  {
    route: 'POST /cli/ecommerce/cart/abort',
    what: "A's order",
    request: () => ['/cli/ecommerce/cart/abort', { orderId: a.orderId }],
  },
  {
    route: 'POST /cli/ecommerce/cart/move',
    what: "A's cart",
    request: () => ['/cli/ecommerce/cart/move', { cartId: a.cartId, storeId: 1109, deliveryMode: 'IN_STORE' }],
  },
  {
    route: 'POST /cli/ecommerce/cart/move',
    what: "B's cart to A's address",
    request: () => [
      '/cli/ecommerce/cart/move',
      { cartId: b.cartId, storeId: 1109, deliveryMode: 'AT_HOME', addressId: a.addressId },
    ],
  },
  {
    route: 'POST /cli/ecommerce/cart/item/replacement',
    what: "A's cart item",
    request: () => ['/cli/ecommerce/cart/item/replacement', { cartId: a.cartId, itemId: a.cartItemId, mode: 'NONE' }],
  },
  {
    route: 'POST /cli/ecommerce/cart/item/replacement',
    what: "B's cart, A's item",
    outcome: ErrorCode.CART_NOT_FOUND,
    request: () => ['/cli/ecommerce/cart/item/replacement', { cartId: b.cartId, itemId: a.cartItemId, mode: 'NONE' }],
  },
  {
    route: 'POST /cli/ecommerce/cart/freeze/check',
    what: "A's cart",
    request: () => ['/cli/ecommerce/cart/freeze/check', { cartId: a.cartId }],
  },
  {
    route: 'POST /cli/ecommerce/cart/list',
    what: "A's list into B's cart",
    request: () => ['/cli/ecommerce/cart/list', { smartListId: a.listId, cartId: b.cartId }],
  },
  {
    route: 'POST /cli/ecommerce/cart/list',
    what: "B's list into A's cart",
    request: () => ['/cli/ecommerce/cart/list', { smartListId: b.listId, cartId: a.cartId }],
  },
  {
    route: 'POST /cli/ecommerce/cart/open',
    what: "A's address",
    request: () => ['/cli/ecommerce/cart/open', { deliveryMode: 'AT_HOME', addressId: a.addressId }],
  },
  // Slots, booking and orders
  {
    route: 'GET /cli/ecommerce/slots/:cartId/days',
    what: "A's cart",
    request: () => [`/cli/ecommerce/slots/${a.cartId}/days`],
  },
  {
    route: 'GET /cli/ecommerce/slots/:cartId',
    what: "A's cart",
    request: () => [`/cli/ecommerce/slots/${a.cartId}?day=${b.slotDay}`],
  },
  {
    route: 'POST /cli/ecommerce/cart/freeze',
    what: "A's cart",
    request: () => ['/cli/ecommerce/cart/freeze', booking(a.cartId, b.slotId)],
  },
  {
    route: 'POST /cli/ecommerce/cart/freeze',
    what: "B's cart with A's billing address",
    request: () => [
      '/cli/ecommerce/cart/freeze',
      booking(b.cartId, b.slotId, { invoice: true, billingAddressId: a.billingId }),
    ],
  },
  {
    route: 'GET /cli/ecommerce/orders/:id/fetch',
    what: "A's order",
    request: () => [`/cli/ecommerce/orders/${a.orderId}/fetch`],
  },
  {
    route: 'POST /cli/ecommerce/orders/:id/accept',
    what: "A's order",
    request: () => [`/cli/ecommerce/orders/${a.orderId}/accept`, {}],
  },
  {
    route: 'POST /cli/ecommerce/orders/:id/choices',
    what: "A's order",
    request: () => [`/cli/ecommerce/orders/${a.orderId}/choices`, { acceptChanges: false, acceptChangesLimit: 0 }],
  },
  {
    route: 'POST /cli/ecommerce/orders/:id/modify',
    what: "A's order",
    request: () => [`/cli/ecommerce/orders/${a.orderId}/modify`, {}],
  },
  {
    route: 'POST /cli/ecommerce/cart/copy',
    what: "A's order",
    request: () => ['/cli/ecommerce/cart/copy', { orderId: a.orderId }],
  },
  {
    route: 'POST /cli/ecommerce/cart/copy',
    what: "B's order to A's address",
    request: () => ['/cli/ecommerce/cart/copy', { orderId: b.orderId, addressId: a.addressId }],
  },
  {
    route: 'POST /cli/ops/orders/:id/status',
    what: "A's order (customer B)",
    request: () => [`/cli/ops/orders/${a.orderId}/status`, { status: 'IN_PREPARATION' }],
  },
  {
    route: 'POST /cli/ops/orders/:id/status',
    what: "A's order (operator of another store)",
    as: 'operator',
    request: () => [`/cli/ops/orders/${a.orderId}/status`, { status: 'IN_PREPARATION' }],
  },
  {
    route: 'POST /cli/ops/orders/:id/confirm',
    what: "A's order (customer B)",
    request: () => [`/cli/ops/orders/${a.orderId}/confirm`, { rows: [] }],
  },
  {
    route: 'POST /cli/ops/orders/:id/confirm',
    what: "A's order (operator of another store)",
    as: 'operator',
    request: () => [`/cli/ops/orders/${a.orderId}/confirm`, { rows: [] }],
  },
  {
    route: 'POST /cli/ops/orders/:id/picked',
    what: "A's order (customer B)",
    request: () => [`/cli/ops/orders/${a.orderId}/picked`, { rows: [{ id: 1, operatorAmount: 1 }] }],
  },
  {
    route: 'POST /cli/ops/orders/:id/picked',
    what: "A's order (operator of another store)",
    as: 'operator',
    request: () => [`/cli/ops/orders/${a.orderId}/picked`, { rows: [{ id: 1, operatorAmount: 1 }] }],
  },
  {
    route: 'GET /cli/ops/pick-lists/:slotId',
    what: "the pick list of A's slot (customer B)",
    request: () => [`/cli/ops/pick-lists/${a.slotId}`],
  },
  {
    route: 'GET /cli/ops/pick-lists/:slotId',
    what: "the pick list of A's slot (operator of another store)",
    as: 'operator',
    request: () => [`/cli/ops/pick-lists/${a.slotId}`],
  },
  // Profile deletions: store staff only; A asked for none, so even an operator finds no pending request of A's (4214).
  {
    route: 'POST /cli/ops/deletion-requests/:userId/delete',
    what: "A's profile (customer B)",
    request: () => [`/cli/ops/deletion-requests/${a.userId}/delete`, {}],
  },
  {
    route: 'POST /cli/ops/deletion-requests/:userId/delete',
    what: "A's profile without a request (operator)",
    as: 'operator',
    outcome: ErrorCode.DELETION_REQUEST_NOT_PENDING,
    request: () => [`/cli/ops/deletion-requests/${a.userId}/delete`, {}],
  },
  {
    route: 'POST /cli/ops/deletion-requests/:userId/refuse',
    what: "A's profile (customer B)",
    request: () => [`/cli/ops/deletion-requests/${a.userId}/refuse`, { reason: 'Chiusa da Bruno' }],
  },
  {
    route: 'POST /cli/ops/deletion-requests/:userId/refuse',
    what: "A's profile without a request (operator)",
    as: 'operator',
    outcome: ErrorCode.DELETION_REQUEST_NOT_PENDING,
    request: () => [`/cli/ops/deletion-requests/${a.userId}/refuse`, { reason: 'Chiusa da un operatore' }],
  },
  // Lists, list items and favourites
  { route: 'GET /cli/slists/:id', what: "A's list", request: () => [`/cli/slists/${a.listId}`] },
  { route: 'POST /cli/slists/delete', what: "A's list", request: () => ['/cli/slists/delete', { id: a.listId }] },
  {
    route: 'POST /cli/slists/rename',
    what: "A's list",
    request: () => ['/cli/slists/rename', { id: a.listId, title: 'Presa da Bruno' }],
  },
  {
    route: 'POST /cli/slists/copy',
    what: "A's list",
    request: () => ['/cli/slists/copy', { id: a.listId, title: 'Copiata da Bruno' }],
  },
  {
    route: 'POST /cli/slists/items/create',
    what: "A's list",
    request: () => ['/cli/slists/items/create', { id: a.listId, type: 'CUSTOM', description: 'Aggiunto da Bruno' }],
  },
  {
    route: 'POST /cli/slists/items/update',
    what: "A's list and item",
    request: () => ['/cli/slists/items/update', { id: a.listId, itemId: a.itemId, amount: 9 }],
  },
  {
    route: 'POST /cli/slists/items/update',
    what: "B's list, A's item",
    outcome: ErrorCode.GENERIC,
    request: () => ['/cli/slists/items/update', { id: b.listId, itemId: a.itemId, amount: 9 }],
  },
  {
    route: 'POST /cli/slists/items/delete',
    what: "A's list and item",
    request: () => ['/cli/slists/items/delete', { id: a.listId, itemId: a.itemId }],
  },
  {
    route: 'POST /cli/slists/items/delete',
    what: "B's list, A's item",
    outcome: 'own',
    request: () => ['/cli/slists/items/delete', { id: b.listId, itemId: a.itemId }],
  },
  {
    route: 'POST /cli/slists/products/favorite/delete',
    what: "A's favourite product",
    outcome: 'own',
    request: () => ['/cli/slists/products/favorite/delete', { barcode: a.favourite }],
  },
  // Addresses
  {
    route: 'POST /cli/profiles/addresses',
    what: "A's address (update)",
    request: () => ['/cli/profiles/addresses', address('Via di Bruno 2', { id: a.addressId })],
  },
  {
    route: 'POST /cli/profiles/addresses/delete',
    what: "A's address",
    request: () => ['/cli/profiles/addresses/delete', { id: a.addressId }],
  },
  {
    route: 'POST /cli/profiles/billing/addresses',
    what: "A's billing address (update)",
    request: () => ['/cli/profiles/billing/addresses', billing('Bruno Srl', { id: a.billingId })],
  },
  {
    route: 'POST /cli/profiles/billing/addresses/delete',
    what: "A's billing address",
    request: () => ['/cli/profiles/billing/addresses/delete', { id: a.billingId }],
  },
  // Card payments: B's own card calls never show or remove A's card; A's order codes, cart and transactions are refused.
  {
    route: 'GET /cli/pay/paymentmethod',
    what: "nothing but B's own cards",
    outcome: 'own',
    request: () => ['/cli/pay/paymentmethod'],
  },
  {
    route: 'POST /cli/pay/paymentmethod/delete',
    what: "B's own card only",
    outcome: 'own',
    request: () => ['/cli/pay/paymentmethod/delete', { paymentMethodType: 'XPAY' }],
  },
  {
    route: 'GET /cli/pay/v2/xpay/nonce',
    what: "A's card order code",
    request: () => [`/cli/pay/v2/xpay/nonce?orderCode=${a.cardOrderCode}`],
  },
  {
    route: 'GET /cli/pay/preauth/quote',
    what: "A's cart",
    request: () => [`/cli/pay/preauth/quote?cartId=${a.cartId}`],
  },
  {
    route: 'GET /cli/pay/preauth/quote',
    what: "A's order code",
    request: () => [`/cli/pay/preauth/quote?orderCode=${a.cardOrderCode}`],
  },
  {
    route: 'GET /cli/pay/v2/xpay/board',
    what: "A's profile and pending association, unsigned",
    outcome: ErrorCode.BAD_SIGNATURE,
    request: () => [
      `/cli/pay/v2/xpay/board?${new URLSearchParams({ tid: '01', profileId: String(a.userId), ...forgedEsito(a.boardingCode) })}`,
    ],
  },
  {
    route: 'POST /cli/pay/v2/xpay/board',
    what: "A's profile and pending association, unsigned",
    outcome: ErrorCode.BAD_SIGNATURE,
    asForm: true,
    request: () => [`/cli/pay/v2/xpay/board?tid=01&profileId=${a.userId}`, forgedEsito(a.boardingCode)],
  },
  {
    route: 'POST /cli/pay/v2/xpay/3ds/result',
    what: "A's card payment, unsigned",
    outcome: 'failed page',
    asForm: true,
    request: () => ['/cli/pay/v2/xpay/3ds/result', { ...forgedEsito(a.paymentCode), xpayNonce: 'nonce-di-bruno' }],
  },
  {
    route: 'POST /cli/pay/ipg/notify',
    what: "A's card verification, unsigned",
    outcome: ErrorCode.BAD_SIGNATURE,
    asForm: true,
    request: () => ['/cli/pay/ipg/notify', forgedIpg(a.legacyCode)],
  },
  {
    route: 'POST /cli/pay/ipg/result/:outcome{ok|ko}',
    what: "A's card verification, unsigned",
    outcome: 'failed page',
    asForm: true,
    request: () => ['/cli/pay/ipg/result/ok', forgedIpg(a.legacyCode)],
  },
];

/** A provider's result for transaction code, as B would make it up (B has no provider key). */
function forgedEsito(codTrans: string): Record<string, string> {
  return {
    codTrans,
    esito: 'OK',
    importo: '0',
    divisa: 'EUR',
    data: '20261122',
    orario: '101010',
    codAut: '123456',
    pan: '400000******0002',
    brand: 'VISA',
    scadenza_pan: '203012',
    mac: 'f'.repeat(40),
  };
}
function forgedIpg(oid: string): Record<string, string> {
  return {
    oid,
    status: 'APPROVED',
    approval_code: 'Y:123456:0000001:PPX:000001',
    chargetotal: '0.01',
    currency: '978',
    cardnumber: '(VISA) ... 0002',
    addInfo4: String(a.userId),
    notification_hash: 'f'.repeat(64),
    response_hash: 'f'.repeat(64),
  };
}

/**
 * Routes that take no id of anything a customer owns: they act on the
 * caller's own things only, or on public catalogue and store data. Their
 * GET answers to B are still checked for A's data below.
 */
const noOwnedId: Record<string, string> = {
  'GET /cli/health': 'public',
  'GET /cli/openapi.json': 'public: the OpenAPI document of the calls',
  'GET /cli/ready': 'public (readiness: migrated, database answering)',
  'GET /cli/categories': 'public catalogue',
  'GET /cli/ecommerce/productsTags': 'public catalogue',
  'GET /cli/ecommerce/products/barcode/:barcode': 'public catalogue',
  'GET /cli/ecommerce/products/barcode/:barcode/info': 'public catalogue',
  'GET /cli/ecommerce/products/:storeId/': 'public catalogue',
  'GET /cli/ecommerce/products/:storeId': 'public catalogue',
  'GET /cli/ecommerce/products/:storeId/export': 'public catalogue (what the product detail call answers)',
  'GET /cli/cms/banners': 'public catalogue',
  'GET /cli/cms/banners/:id/headerBanner': 'public (a store id)',
  'GET /cli/cms/banners/:id/products': 'public (a banner id)',
  'GET /cli/stores/ecommerce': 'public stores',
  'GET /cli/stores/states': 'public stores',
  'GET /cli/stores/facts': 'public service facts of the FAQ and terms',
  'GET /cli/stores/ecommerce/delivery': 'public stores',
  'GET /cli/stores/ecommerce/:id': 'public stores',
  'GET /cli/ecommerce/configuration/deliveryMode/:mode': 'public store configuration',
  'GET /cli/ecommerce/deliveries': 'public',
  'POST /cli/profiles/signup': 'no session',
  'GET /cli/profiles/confirm': 'the mailed token, not an id',
  'POST /cli/profiles/login': 'no session',
  'POST /cli/profiles/password': 'an e-mail, answered the same for every address',
  'POST /cli/profiles/password/reset': 'the mailed token, not an id',
  'GET /cli/profiles/login': "the caller's own profile",
  'POST /cli/profiles/logout': "the caller's own session",
  'PUT /cli/profiles': "the caller's own profile",
  'POST /cli/profiles/deleteRequest': "the caller's own account",
  'POST /cli/profiles/password/change': "the caller's own password",
  'GET /cli/profiles/addresses': "the caller's own addresses",
  'GET /cli/profiles/billing/addresses': "the caller's own billing addresses",
  'GET /cli/ecommerce/cart/current': "the caller's own cart",
  'GET /cli/ecommerce/carts/open': "the caller's own carts",
  'GET /cli/ecommerce/slots/first/available': "the caller's own current cart",
  'GET /cli/ecommerce/slots/first/default': "the default store's public first slot",
  'GET /cli/ecommerce/orders': "the caller's own orders",
  'GET /cli/slists': "the caller's own lists",
  'POST /cli/slists/create': "the caller's own lists",
  'GET /cli/slists/products/favorite/all': "the caller's own favourites",
  'POST /cli/slists/products/favorite/add': "a public product's barcode, added to the caller's own favourites",
  'GET /cli/ops/orders': "the operator's own store's queue",
  'GET /cli/ops/day': "the operator's own store's slots of today",
  'GET /cli/ops/shelf': "the operator's own store's products, searched by name or barcode",
  'POST /cli/ops/shelf/:productId/availability': "a public product's availability in the operator's own store",
  'POST /cli/admin/feeds': "the ERP's machine token and a catalogue feed: no customer's id",
  'GET /cli/ecommerce/cart/last-choice': "the mode and store of the caller's own latest cart",
  // The live streams never end: what each one sends, and to whom, is tested in order-events.test.ts.
  'GET /cli/ecommerce/orders/events': "the live events of the caller's own orders (a stream)",
  'GET /cli/ops/orders/events': "the live events of the operator's own store's orders (a stream)",
  'GET /cli/ops/deletion-requests': "the cooperative's pending profile deletions, for store operators only",
  'GET /cli/pay/v2/xpay/boarding': "the provider's public lightbox settings",
  'GET /cli/pay/v2/xpay/start/boarding': "starts the caller's own card association",
  'GET /cli/pay/ipg/boarding/web': "starts the caller's own card verification",
  'GET /cli/notifications/push/key': "public: the shop's VAPID public key",
  'POST /cli/notifications/push/subscribe': "the caller's own device, named by its push endpoint (not an id)",
  // Another customer's subscription of the same endpoint is left alone: push.test.ts.
  'POST /cli/notifications/push/unsubscribe': "the caller's own device's subscription, by its push endpoint",
};

function leaks(body: unknown): string[] {
  const text = JSON.stringify(body);
  const found = Object.values(SECRET).filter((s) => text.includes(s));
  for (const code of [a.orderCode, a.cardOrderCode])
    if (code && text.includes(`"code":"${code}"`)) found.push(`order code ${code}`);
  for (const secret of [a.maskedPan, a.paymentCode]) if (secret && text.includes(secret)) found.push(secret);
  return found;
}

describe("customer B sends customer A's ids", () => {
  it('has a table case for every id-taking /cli route, and every other /cli route is named as taking none', () => {
    const inTable = new Set(cases.map((c) => c.route));
    const unclassified = [...registered].filter((r) => !inTable.has(r) && !(r in noOwnedId));
    expect(unclassified, 'new /cli routes: add an ownership case to the table, or name them in noOwnedId').toEqual([]);
    const stale = [...inTable, ...Object.keys(noOwnedId)].filter((r) => !registered.has(r));
    expect(stale, 'listed routes the app does not have').toEqual([]);
    expect([...inTable].filter((r) => r in noOwnedId)).toEqual([]);
  });

  it.each(cases.map((c) => [`${c.route} with ${c.what}`, c] as const))(
    '%s: refused, nothing of A in the answer, A unchanged',
    async (_name, c) => {
      const before = await stateOfA();
      expect(leaks(before).length, "the markers are in A's own data").toBeGreaterThanOrEqual(5);
      const [method, template] = c.route.split(' ') as [string, string];
      const [path, body] = c.request();
      const pattern = new RegExp(
        `^${template.replace(/:[a-zA-Z]+(\{([^}]*)\})?/g, (_m, _b, options: string | undefined) => (options ? `(${options})` : '[^/]+'))}$`,
      );
      expect(path.split('?')[0]).toMatch(pattern);
      const res = await call(c.as === 'operator' ? operatorOtherStore : b.token, method, path, body, c.asForm);

      const outcome = c.outcome ?? 403;
      if (outcome === 403) {
        expect({ status: res.status, body: res.body }).toEqual({
          status: 403,
          body: { responseCode: ErrorCode.GENERIC, errorMessage: FORBIDDEN },
        });
      } else if (outcome === 'failed page') {
        expect(res.status).toBe(303);
        expect(res.location).toMatch(/^\/app\/(checkout\/failed|payments\?boarding=ko)$/);
      } else if (outcome === 'own') {
        expect(res.status).toBe(200);
        expect(res.body.responseCode).toBe(0);
      } else {
        expect(res.status).toBe(200);
        expect(res.body.responseCode).toBe(outcome);
        expect(res.body.data).toBeUndefined();
      }
      expect(leaks(res)).toEqual([]);
      expect(await stateOfA()).toEqual(before);
    },
  );

  it("finds none of A's data in any answer to B of the routes that take no id", async () => {
    const gets = Object.keys(noOwnedId).filter(
      (r) => r.startsWith('GET ') && !r.includes(':') && r !== 'GET /cli/profiles/confirm' && !r.endsWith('/events'),
    );
    expect(gets.length).toBeGreaterThan(10);
    for (const route of gets) {
      const path = route.slice(4);
      for (const token of [b.token, operatorOtherStore]) {
        const res = await call(token, 'GET', path);
        expect(res.status, route).toBeLessThan(500);
        expect(leaks(res.body), route).toEqual([]);
      }
    }
    // ...while A sees them: the markers would be found if they leaked.
    expect(leaks(await stateOfA()).length).toBeGreaterThanOrEqual(5);
  });
});
