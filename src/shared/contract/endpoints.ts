// Every /cli call declared once (docs/product.md §7): its method and path (Hono style,
// with :params), the schemas of its path parameters, query or JSON body, of the `data`
// of its answer and, for the calls that can answer 4105, of what changed. The server
// registers and validates each route from its entry and serves the OpenAPI document made
// from them (server/openapi.ts); the build checks what it reads with it (lib/build-api.ts).
// The browser takes each call's method and path from calls.generated.ts, written from
// these entries by `npm run contract:calls` (call.ts says why): this module, with every
// schema, is not in its bundles.
import { z } from '#src/shared/zod.ts';
import { billingAddress, billingAddressInput, deleteById, shippingAddress, shippingAddressInput } from './addresses.ts';
import { loginRequest, loginResponse, passwordChange, profileUpdate, resetConfirm, resetRequest } from './auth.ts';
import { signupRequest } from './auth.ts';
import { BANNER_PRODUCTS_PAGE_SIZE, banner, bannersQuery } from './banners.ts';
import {
  abortRequest,
  cart,
  lastChoice,
  cartIdRequest,
  changedCart,
  changedItems,
  deleteItemRequest,
  deliveryMode,
  deliveryOption,
  listToCartRequest,
  moveRequest,
  openCartRequest,
  replacementRequest,
  storeItemRequest,
  storeItemResponse,
} from './cart.ts';
import {
  DEFAULT_STORE_ID,
  FOOD_LABEL_FIELDS,
  barcodeParam,
  category,
  product,
  productExportPage,
  productPage,
  productQuery,
  storeIdParam,
  tag,
} from './catalogue.ts';
import {
  ORDERS_PAGE_SIZE,
  choicesRequest,
  confirmRequest,
  copyOrderRequest,
  firstSlot,
  freezeRequest,
  order,
  orderPage,
  orderStatus,
  slot,
  slotDay,
  slotsQuery,
} from './checkout.ts';
import { deletionRefusal, deletionRequest } from './deletion-requests.ts';
import { availabilityRequest, feedReport, pickList, shelfProduct, shelfQuery, storeDay } from './store-operations.ts';
import { orderEvent } from './order-events.ts';
import { pageParam } from './envelope.ts';
import {
  createItemRequest,
  createListRequest,
  deleteItemRequest as deleteListItemRequest,
  favourite,
  favouriteRequest,
  listIdRequest,
  listToCartResult,
  renameListRequest,
  shoppingList,
  updateItemRequest,
} from './lists.ts';
import {
  boardingStart,
  deletePaymentMethodRequest,
  legacyBoardingForm,
  lightboxConfig,
  nonceQuery,
  nonceResponse,
  paymentMethods,
  preauthQuote,
} from './payments.ts';
import { profile } from './session.ts';
import { pushEndpointRequest, pushKey, pushSubscriptionRequest } from './push.ts';
import { deliveryStoresQuery, serviceFacts, stateList, storeList, storePage, storeQuery } from './stores.ts';

type Method = 'get' | 'post' | 'put';

/** One call: its route and the schemas of what goes in and what comes back. */
export interface Endpoint {
  readonly method: Method;
  readonly path: string;
  /** Each path parameter's schema, checked on its own (a refusal names no field, as before). */
  readonly params?: Readonly<Record<string, z.ZodType>>;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The `data` of a successful answer; null for the calls that answer a redirect or a stream. */
  readonly output: z.ZodType | null;
  /** The `data` of a 4105 answer (prices or availability changed), for the calls that can give one. */
  readonly changed?: z.ZodType;
  /** A stream of server-sent events (output null): the schema of each event's data. */
  readonly events?: z.ZodType;
}

const endpoint = <const E extends Endpoint>(e: E): E => e;

const recordId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const none = z.null();
const storeProductQuery = z.object({ store: storeIdParam.default(DEFAULT_STORE_ID) });
const ordersQuery = z.object({ s: z.coerce.number().int().min(1).max(50).default(ORDERS_PAGE_SIZE), p: pageParam });
const pickedRequest = z.object({
  rows: z
    .array(z.object({ id: recordId, operatorAmount: z.number().finite().min(0).max(1000) }))
    .min(1)
    .max(500),
});
const boardQuery = z.object({ tid: z.literal('01'), profileId: recordId });
const quoteQuery = z
  .object({ cartId: recordId.optional(), orderCode: nonceQuery.shape.orderCode.optional() })
  .refine((q) => (q.cartId === undefined) !== (q.orderCode === undefined), {
    message: 'Indica il carrello oppure il codice ordine.',
  });
/** The food-information texts of a product, with what Reg. 1169/2011 art. 9 requires and it lacks. */
const productInfo = product
  .pick({
    barcode: true,
    description: true,
    origin: true,
    caliber: true,
    ingredients: true,
    allergyAdvice: true,
    allergyOther: true,
    nutrition: true,
    storage: true,
    recycling: true,
    ...FOOD_LABEL_FIELDS,
  })
  .extend({ missingFoodInfo: z.array(z.string()) });

export const catalogueCalls = {
  categories: endpoint({ method: 'get', path: '/categories', output: z.array(category) }),
  tags: endpoint({ method: 'get', path: '/ecommerce/productsTags', output: z.array(tag) }),
  product: endpoint({
    method: 'get',
    path: '/ecommerce/products/barcode/:barcode',
    params: { barcode: barcodeParam },
    query: storeProductQuery,
    output: product,
  }),
  productInfo: endpoint({
    method: 'get',
    path: '/ecommerce/products/barcode/:barcode/info',
    params: { barcode: barcodeParam },
    query: storeProductQuery,
    output: productInfo,
  }),
  /** The documented path ends with a slash (docs/product.md §7); the server answers without it too. */
  products: endpoint({
    method: 'get',
    path: '/ecommerce/products/:storeId/',
    params: { storeId: storeIdParam },
    query: productQuery,
    output: productPage,
  }),
  productExport: endpoint({
    method: 'get',
    path: '/ecommerce/products/:storeId/export',
    params: { storeId: storeIdParam },
    query: z.object({ p: pageParam, s: z.coerce.number().int().min(1).max(2000).default(1000) }),
    output: productExportPage,
  }),
  banners: endpoint({ method: 'get', path: '/cms/banners', query: bannersQuery, output: z.array(banner) }),
  /** {id} is the store whose header banner is asked for. */
  headerBanner: endpoint({
    method: 'get',
    path: '/cms/banners/:id/headerBanner',
    params: { id: z.coerce.number().int().positive().max(2_147_483_647) },
    output: banner.nullable(),
  }),
  bannerProducts: endpoint({
    method: 'get',
    path: '/cms/banners/:id/products',
    params: { id: z.coerce.number().int().positive().max(2_147_483_647) },
    query: z.object({
      p: pageParam,
      s: z.coerce.number().int().min(1).max(50).default(BANNER_PRODUCTS_PAGE_SIZE),
      storeId: storeIdParam.default(DEFAULT_STORE_ID),
    }),
    output: productPage,
  }),
} as const;

export const storeCalls = {
  stores: endpoint({ method: 'get', path: '/stores/ecommerce', query: storeQuery, output: storePage }),
  states: endpoint({ method: 'get', path: '/stores/states', output: stateList }),
  facts: endpoint({ method: 'get', path: '/stores/facts', output: serviceFacts }),
  deliveryStores: endpoint({
    method: 'get',
    path: '/stores/ecommerce/delivery',
    query: deliveryStoresQuery,
    output: storeList,
  }),
  store: endpoint({
    method: 'get',
    path: '/stores/ecommerce/:id',
    params: { id: storeIdParam },
    output: storeList.element,
  }),
} as const;

export const profileCalls = {
  signup: endpoint({ method: 'post', path: '/profiles/signup', body: signupRequest, output: none }),
  /** The link of the confirmation mail: answers a redirect to the outcome page. */
  confirm: endpoint({
    method: 'get',
    path: '/profiles/confirm',
    query: z.object({ token: z.string().max(200).default('') }),
    output: null,
  }),
  login: endpoint({ method: 'post', path: '/profiles/login', body: loginRequest, output: loginResponse }),
  requestReset: endpoint({ method: 'post', path: '/profiles/password', body: resetRequest, output: none }),
  resetPassword: endpoint({ method: 'post', path: '/profiles/password/reset', body: resetConfirm, output: none }),
  session: endpoint({ method: 'get', path: '/profiles/login', output: loginResponse }),
  logout: endpoint({ method: 'post', path: '/profiles/logout', output: none }),
  update: endpoint({ method: 'put', path: '/profiles', body: profileUpdate, output: profile }),
  requestDeletion: endpoint({ method: 'post', path: '/profiles/deleteRequest', output: none }),
  changePassword: endpoint({ method: 'post', path: '/profiles/password/change', body: passwordChange, output: none }),
  addresses: endpoint({ method: 'get', path: '/profiles/addresses', output: z.array(shippingAddress) }),
  saveAddress: endpoint({
    method: 'post',
    path: '/profiles/addresses',
    body: shippingAddressInput,
    output: z.array(shippingAddress),
  }),
  deleteAddress: endpoint({
    method: 'post',
    path: '/profiles/addresses/delete',
    body: deleteById,
    output: z.array(shippingAddress),
  }),
  billingAddresses: endpoint({ method: 'get', path: '/profiles/billing/addresses', output: z.array(billingAddress) }),
  saveBillingAddress: endpoint({
    method: 'post',
    path: '/profiles/billing/addresses',
    body: billingAddressInput,
    output: z.array(billingAddress),
  }),
  deleteBillingAddress: endpoint({
    method: 'post',
    path: '/profiles/billing/addresses/delete',
    body: deleteById,
    output: z.array(billingAddress),
  }),
} as const;

export const cartCalls = {
  current: endpoint({ method: 'get', path: '/ecommerce/cart/current', output: cart.nullable() }),
  openCarts: endpoint({ method: 'get', path: '/ecommerce/carts/open', output: z.array(cart) }),
  /** How and where the shopper last shopped: the next cart starts from it. */
  lastChoice: endpoint({ method: 'get', path: '/ecommerce/cart/last-choice', output: lastChoice.nullable() }),
  open: endpoint({ method: 'post', path: '/ecommerce/cart/open', body: openCartRequest, output: cart }),
  storeItem: endpoint({
    method: 'post',
    path: '/ecommerce/cart/store',
    body: storeItemRequest,
    output: storeItemResponse,
  }),
  review: endpoint({ method: 'post', path: '/ecommerce/cart/review', body: cartIdRequest, output: cart }),
  deleteItem: endpoint({ method: 'post', path: '/ecommerce/cart/delete', body: deleteItemRequest, output: cart }),
  /** Without orderId: the cart is dropped and the next open one (or none) answered. */
  abort: endpoint({ method: 'post', path: '/ecommerce/cart/abort', body: abortRequest, output: cart.nullable() }),
  move: endpoint({ method: 'post', path: '/ecommerce/cart/move', body: moveRequest, output: cart }),
  /** 4105 (prices changed) answers the changed rows as data instead (docs/architecture.md §3). */
  freezeCheck: endpoint({
    method: 'post',
    path: '/ecommerce/cart/freeze/check',
    body: cartIdRequest,
    output: cart,
    changed: changedItems,
  }),
  addList: endpoint({
    method: 'post',
    path: '/ecommerce/cart/list',
    body: listToCartRequest,
    output: listToCartResult,
  }),
  /** The shopper's choice of substitute for one row (decision 014). */
  setReplacement: endpoint({
    method: 'post',
    path: '/ecommerce/cart/item/replacement',
    body: replacementRequest,
    output: cart,
  }),
} as const;

export const checkoutCalls = {
  firstSlot: endpoint({ method: 'get', path: '/ecommerce/slots/first/available', output: firstSlot.nullable() }),
  /** A visitor's header shows the default store's first slot (docs/product.md §2 Header, §9 default store). */
  firstDefaultSlot: endpoint({ method: 'get', path: '/ecommerce/slots/first/default', output: firstSlot.nullable() }),
  slotDays: endpoint({
    method: 'get',
    path: '/ecommerce/slots/:cartId/days',
    params: { cartId: recordId },
    output: z.array(slotDay),
  }),
  slots: endpoint({
    method: 'get',
    path: '/ecommerce/slots/:cartId',
    params: { cartId: recordId },
    query: slotsQuery,
    output: z.array(slot),
  }),
  freeze: endpoint({
    method: 'post',
    path: '/ecommerce/cart/freeze',
    body: freezeRequest,
    output: cart,
    changed: changedItems,
  }),
  orders: endpoint({ method: 'get', path: '/ecommerce/orders', query: ordersQuery, output: orderPage }),
  order: endpoint({ method: 'get', path: '/ecommerce/orders/:id/fetch', params: { id: recordId }, output: order }),
  /** The same call as cartCalls.abort: with orderId it cancels a booked order and answers it (docs/product.md §7). */
  abortOrder: endpoint({ method: 'post', path: '/ecommerce/cart/abort', body: abortRequest, output: order }),
  /** What the store's confirmation may do without asking again (decision 018), changed while it waits for the store. */
  orderChoices: endpoint({
    method: 'post',
    path: '/ecommerce/orders/:id/choices',
    params: { id: recordId },
    body: choicesRequest,
    output: order,
  }),
  /** A confirmed cash or bancomat order: the shopper accepts it as the store confirmed it (decision 018: beyond their choices). */
  acceptOrder: endpoint({
    method: 'post',
    path: '/ecommerce/orders/:id/accept',
    params: { id: recordId },
    output: order,
  }),
  /**
   * A waiting order back into a cart to change and book again: the order is cancelled, its slot freed,
   * its rows (as the store confirmed them) put in the cart. 4105 answers {cart, updated, removed} as data.
   */
  modifyOrder: endpoint({
    method: 'post',
    path: '/ecommerce/orders/:id/modify',
    params: { id: recordId },
    output: cart,
    changed: changedCart,
  }),
  /** 4105 (prices changed) answers {cart, updated, removed} as data instead. */
  copyOrder: endpoint({
    method: 'post',
    path: '/ecommerce/cart/copy',
    body: copyOrderRequest,
    output: cart,
    changed: changedCart,
  }),
  paymentModes: endpoint({
    method: 'get',
    path: '/ecommerce/configuration/deliveryMode/:mode',
    params: { mode: deliveryMode },
    query: z.object({ storeId: storeIdParam }),
    output: z.array(z.string()),
  }),
  deliveries: endpoint({ method: 'get', path: '/ecommerce/deliveries', output: z.array(deliveryOption) }),
  /** The live status of the shopper's own orders: a server-sent event per change (order-events.ts). */
  orderEvents: endpoint({ method: 'get', path: '/ecommerce/orders/events', output: null, events: orderEvent }),
} as const;

export const listCalls = {
  favourites: endpoint({ method: 'get', path: '/slists/products/favorite/all', output: z.array(favourite) }),
  addFavourite: endpoint({
    method: 'post',
    path: '/slists/products/favorite/add',
    body: favouriteRequest,
    output: z.array(favourite),
  }),
  deleteFavourite: endpoint({
    method: 'post',
    path: '/slists/products/favorite/delete',
    body: favouriteRequest,
    output: z.array(favourite),
  }),
  lists: endpoint({ method: 'get', path: '/slists', output: z.array(shoppingList) }),
  create: endpoint({ method: 'post', path: '/slists/create', body: createListRequest, output: z.array(shoppingList) }),
  delete: endpoint({ method: 'post', path: '/slists/delete', body: listIdRequest, output: z.array(shoppingList) }),
  rename: endpoint({ method: 'post', path: '/slists/rename', body: renameListRequest, output: z.array(shoppingList) }),
  copy: endpoint({ method: 'post', path: '/slists/copy', body: renameListRequest, output: z.array(shoppingList) }),
  addItem: endpoint({ method: 'post', path: '/slists/items/create', body: createItemRequest, output: shoppingList }),
  updateItem: endpoint({ method: 'post', path: '/slists/items/update', body: updateItemRequest, output: shoppingList }),
  deleteItem: endpoint({
    method: 'post',
    path: '/slists/items/delete',
    body: deleteListItemRequest,
    output: shoppingList,
  }),
  list: endpoint({ method: 'get', path: '/slists/:id', params: { id: recordId }, output: shoppingList }),
} as const;

export const staffCalls = {
  orders: endpoint({
    method: 'get',
    path: '/ops/orders',
    query: z.object({ status: orderStatus.optional() }),
    output: z.array(order),
  }),
  setStatus: endpoint({
    method: 'post',
    path: '/ops/orders/:id/status',
    params: { id: recordId },
    body: z.object({ status: orderStatus }),
    output: order,
  }),
  /** The store confirms a pre-order's availability, row by row (decision 014). */
  confirm: endpoint({
    method: 'post',
    path: '/ops/orders/:id/confirm',
    params: { id: recordId },
    body: confirmRequest,
    output: order,
  }),
  setPicked: endpoint({
    method: 'post',
    path: '/ops/orders/:id/picked',
    params: { id: recordId },
    body: pickedRequest,
    output: order,
  }),
  deletionRequests: endpoint({ method: 'get', path: '/ops/deletion-requests', output: z.array(deletionRequest) }),
  carryOutDeletion: endpoint({
    method: 'post',
    path: '/ops/deletion-requests/:userId/delete',
    params: { userId: recordId },
    output: none,
  }),
  refuseDeletion: endpoint({
    method: 'post',
    path: '/ops/deletion-requests/:userId/refuse',
    params: { userId: recordId },
    body: deletionRefusal,
    output: none,
  }),
  /** The live status of the operator's store's orders, new ones included: a server-sent event per change. */
  orderEvents: endpoint({ method: 'get', path: '/ops/orders/events', output: null, events: orderEvent }),
} as const;

export const paymentCalls = {
  methods: endpoint({ method: 'get', path: '/pay/paymentmethod', output: paymentMethods }),
  removeMethod: endpoint({
    method: 'post',
    path: '/pay/paymentmethod/delete',
    body: deletePaymentMethodRequest,
    output: paymentMethods,
  }),
  lightboxConfig: endpoint({ method: 'get', path: '/pay/v2/xpay/boarding', output: lightboxConfig }),
  startBoarding: endpoint({ method: 'get', path: '/pay/v2/xpay/start/boarding', output: boardingStart }),
  /** The provider's boarding outcome, sent by GET or by form POST and signed (verified before use). */
  boardCallback: endpoint({ method: 'get', path: '/pay/v2/xpay/board', query: boardQuery, output: none }),
  boardCallbackPost: endpoint({ method: 'post', path: '/pay/v2/xpay/board', query: boardQuery, output: none }),
  nonce: endpoint({ method: 'get', path: '/pay/v2/xpay/nonce', query: nonceQuery, output: nonceResponse }),
  /** The 3-D Secure landing (a form POST): answers a redirect to the outcome page. */
  threeDsResult: endpoint({ method: 'post', path: '/pay/v2/xpay/3ds/result', output: null }),
  quote: endpoint({ method: 'get', path: '/pay/preauth/quote', query: quoteQuery, output: preauthQuote }),
  legacyBoarding: endpoint({ method: 'get', path: '/pay/ipg/boarding/web', output: legacyBoardingForm }),
  /** The legacy gateway's server-to-server notification (a signed form POST). */
  ipgNotify: endpoint({ method: 'post', path: '/pay/ipg/notify', output: none }),
  /** The legacy gateway's return of the browser: answers a redirect to the outcome page. */
  ipgResult: endpoint({
    method: 'post',
    path: '/pay/ipg/result/:outcome{ok|ko}',
    params: { outcome: z.enum(['ok', 'ko']) },
    output: null,
  }),
} as const;

/** Web Push of the order lifecycle (docs/decisions/019-web-push-notifications.md). */
export const notificationCalls = {
  /** The shop's VAPID public key, which the browser subscribes with: public, like the key itself. */
  pushKey: endpoint({ method: 'get', path: '/notifications/push/key', output: pushKey }),
  /** This device's subscription for the caller's order notifications; the same device again takes its row over. */
  subscribe: endpoint({
    method: 'post',
    path: '/notifications/push/subscribe',
    body: pushSubscriptionRequest,
    output: none,
  }),
  /** This device's notifications off (the caller's own subscription of that endpoint; none: nothing to do). */
  unsubscribe: endpoint({
    method: 'post',
    path: '/notifications/push/unsubscribe',
    body: pushEndpointRequest,
    output: none,
  }),
} as const;

/** The cooperative's ERP, with its machine token (docs/catalogue-feed.md, "Over HTTP"). */
export const erpCalls = {
  /**
   * A full feed or a delta, with the ERP's feed id; answers the import report. The body is read
   * by the route itself (up to FEED_MAX_MB, judged row by row), not by a schema here.
   */
  feeds: endpoint({ method: 'post', path: '/admin/feeds', output: feedReport }),
} as const;

/** The store's day (docs/product.md, Store staff): availability, pick lists, the slots of today. */
export const storeDayCalls = {
  shelf: endpoint({ method: 'get', path: '/ops/shelf', query: shelfQuery, output: z.array(shelfProduct) }),
  setAvailability: endpoint({
    method: 'post',
    path: '/ops/shelf/:productId/availability',
    params: { productId: recordId },
    body: availabilityRequest,
    output: shelfProduct,
  }),
  pickList: endpoint({
    method: 'get',
    path: '/ops/pick-lists/:slotId',
    params: { slotId: recordId },
    output: pickList,
  }),
  day: endpoint({ method: 'get', path: '/ops/day', output: storeDay }),
} as const;

/** Liveness: the process answers (it reads nothing). */
export const healthCall = endpoint({
  method: 'get',
  path: '/health',
  output: z.object({ status: z.literal('ok') }),
});

/** Readiness: migrated and the database answering now; otherwise 503 in the error envelope (server/readiness.ts). */
export const readyCall = endpoint({
  method: 'get',
  path: '/ready',
  output: z.object({ status: z.literal('ready') }),
});

/** The OpenAPI 3.1 document of these calls (server/openapi.ts): the document itself, not in the envelope. */
export const openApiCall = endpoint({ method: 'get', path: '/openapi.json', output: null });

/** The calls by group, as the browser names them (calls.generated.ts) and the OpenAPI document tags them. */
export const callGroups = {
  catalogueCalls,
  storeCalls,
  profileCalls,
  cartCalls,
  checkoutCalls,
  listCalls,
  staffCalls,
  paymentCalls,
  notificationCalls,
  erpCalls,
  storeDayCalls,
} as const;

/** Every call, for the check that the server registers exactly these routes. */
export const allEndpoints: readonly Endpoint[] = [
  healthCall,
  readyCall,
  openApiCall,
  ...Object.values(callGroups).flatMap((calls) => Object.values(calls) as Endpoint[]),
];

/** What a caller gives for an endpoint: its path parameters, query and body, as the schemas take them. */
type CallInput<E extends Endpoint> = (E extends { params: infer P extends Record<string, z.ZodType> }
  ? { params: { [K in keyof P]: z.input<P[K]> } }
  : { params?: never }) &
  (E extends { query: infer Q extends z.ZodType } ? { query: z.input<Q> } : { query?: never }) &
  (E extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: never }) & {
    /** The answer of this very call, already asked for (as the page started): read instead of asking again. */
    sent?: Promise<Response> | undefined;
  };

/** An endpoint that answers data in the envelope (not a redirect). */
export type Answering = Endpoint & { readonly output: z.ZodType };

/** A call's input as arguments: optional when the endpoint has no parameters, query or body. */
export type InputOf<E extends Endpoint> =
  Record<never, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];
