// Every /cli call described once (docs/product.md §7): its route (method and path,
// from calls.ts), the schemas of its path parameters, query or JSON body, of the
// `data` of its answer and, for the calls that can answer 4105, of what changed.
// The server registers and validates each route from its entry; the build checks
// what it reads with it (lib/build-api.ts). The browser takes its calls from
// calls.ts, typed by these entries: this module, with every schema, is not in its
// bundles.
import { z } from '#src/shared/zod.ts';
import { billingAddress, billingAddressInput, deleteById, shippingAddress, shippingAddressInput } from './addresses.ts';
import { loginRequest, loginResponse, passwordChange, profileUpdate, resetConfirm, resetRequest } from './auth.ts';
import { signupRequest } from './auth.ts';
import { BANNER_PRODUCTS_PAGE_SIZE, banner, bannersQuery } from './banners.ts';
import {
  abortRequest,
  cart,
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
import { API_PREFIX } from './early-paths.ts';
import { callRoutes, urlOf } from './call-routes.ts';
import { deliveryStoresQuery, serviceFacts, stateList, storeList, storePage, storeQuery } from './stores.ts';

/** The prefix every call's path sits under. */
export { API_PREFIX };

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
  categories: endpoint({ ...callRoutes.catalogue.categories, output: z.array(category) }),
  tags: endpoint({ ...callRoutes.catalogue.tags, output: z.array(tag) }),
  product: endpoint({
    ...callRoutes.catalogue.product,
    params: { barcode: barcodeParam },
    query: storeProductQuery,
    output: product,
  }),
  productInfo: endpoint({
    ...callRoutes.catalogue.productInfo,
    params: { barcode: barcodeParam },
    query: storeProductQuery,
    output: productInfo,
  }),
  /** The documented path ends with a slash (docs/product.md §7); the server answers without it too. */
  products: endpoint({
    ...callRoutes.catalogue.products,
    params: { storeId: storeIdParam },
    query: productQuery,
    output: productPage,
  }),
  productExport: endpoint({
    ...callRoutes.catalogue.productExport,
    params: { storeId: storeIdParam },
    query: z.object({ p: pageParam, s: z.coerce.number().int().min(1).max(2000).default(1000) }),
    output: productExportPage,
  }),
  banners: endpoint({ ...callRoutes.catalogue.banners, query: bannersQuery, output: z.array(banner) }),
  /** {id} is the store whose header banner is asked for. */
  headerBanner: endpoint({
    ...callRoutes.catalogue.headerBanner,
    params: { id: z.coerce.number().int().positive().max(2_147_483_647) },
    output: banner.nullable(),
  }),
  bannerProducts: endpoint({
    ...callRoutes.catalogue.bannerProducts,
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
  stores: endpoint({ ...callRoutes.store.stores, query: storeQuery, output: storePage }),
  states: endpoint({ ...callRoutes.store.states, output: stateList }),
  facts: endpoint({ ...callRoutes.store.facts, output: serviceFacts }),
  deliveryStores: endpoint({ ...callRoutes.store.deliveryStores, query: deliveryStoresQuery, output: storeList }),
  store: endpoint({ ...callRoutes.store.store, params: { id: storeIdParam }, output: storeList.element }),
} as const;

export const profileCalls = {
  signup: endpoint({ ...callRoutes.profile.signup, body: signupRequest, output: none }),
  /** The link of the confirmation mail: answers a redirect to the outcome page. */
  confirm: endpoint({
    ...callRoutes.profile.confirm,
    query: z.object({ token: z.string().max(200).default('') }),
    output: null,
  }),
  login: endpoint({ ...callRoutes.profile.login, body: loginRequest, output: loginResponse }),
  requestReset: endpoint({ ...callRoutes.profile.requestReset, body: resetRequest, output: none }),
  resetPassword: endpoint({ ...callRoutes.profile.resetPassword, body: resetConfirm, output: none }),
  session: endpoint({ ...callRoutes.profile.session, output: loginResponse }),
  logout: endpoint({ ...callRoutes.profile.logout, output: none }),
  update: endpoint({ ...callRoutes.profile.update, body: profileUpdate, output: profile }),
  requestDeletion: endpoint({ ...callRoutes.profile.requestDeletion, output: none }),
  changePassword: endpoint({ ...callRoutes.profile.changePassword, body: passwordChange, output: none }),
  addresses: endpoint({ ...callRoutes.profile.addresses, output: z.array(shippingAddress) }),
  saveAddress: endpoint({
    ...callRoutes.profile.saveAddress,
    body: shippingAddressInput,
    output: z.array(shippingAddress),
  }),
  deleteAddress: endpoint({ ...callRoutes.profile.deleteAddress, body: deleteById, output: z.array(shippingAddress) }),
  billingAddresses: endpoint({ ...callRoutes.profile.billingAddresses, output: z.array(billingAddress) }),
  saveBillingAddress: endpoint({
    ...callRoutes.profile.saveBillingAddress,
    body: billingAddressInput,
    output: z.array(billingAddress),
  }),
  deleteBillingAddress: endpoint({
    ...callRoutes.profile.deleteBillingAddress,
    body: deleteById,
    output: z.array(billingAddress),
  }),
} as const;

export const cartCalls = {
  current: endpoint({ ...callRoutes.cart.current, output: cart.nullable() }),
  openCarts: endpoint({ ...callRoutes.cart.openCarts, output: z.array(cart) }),
  open: endpoint({ ...callRoutes.cart.open, body: openCartRequest, output: cart }),
  storeItem: endpoint({ ...callRoutes.cart.storeItem, body: storeItemRequest, output: storeItemResponse }),
  review: endpoint({ ...callRoutes.cart.review, body: cartIdRequest, output: cart }),
  deleteItem: endpoint({ ...callRoutes.cart.deleteItem, body: deleteItemRequest, output: cart }),
  /** Without orderId: the cart is dropped and the next open one (or none) answered. */
  abort: endpoint({ ...callRoutes.cart.abort, body: abortRequest, output: cart.nullable() }),
  move: endpoint({ ...callRoutes.cart.move, body: moveRequest, output: cart }),
  /** 4105 (prices changed) answers the changed rows as data instead (docs/architecture.md §3). */
  freezeCheck: endpoint({ ...callRoutes.cart.freezeCheck, body: cartIdRequest, output: cart, changed: changedItems }),
  addList: endpoint({ ...callRoutes.cart.addList, body: listToCartRequest, output: listToCartResult }),
  /** The shopper's choice of substitute for one row (decision 014). */
  setReplacement: endpoint({ ...callRoutes.cart.setReplacement, body: replacementRequest, output: cart }),
} as const;

export const checkoutCalls = {
  firstSlot: endpoint({ ...callRoutes.checkout.firstSlot, output: firstSlot.nullable() }),
  /** A visitor's header shows the default store's first slot (docs/product.md §2 Header, §9 default store). */
  firstDefaultSlot: endpoint({ ...callRoutes.checkout.firstDefaultSlot, output: firstSlot.nullable() }),
  slotDays: endpoint({ ...callRoutes.checkout.slotDays, params: { cartId: recordId }, output: z.array(slotDay) }),
  slots: endpoint({
    ...callRoutes.checkout.slots,
    params: { cartId: recordId },
    query: slotsQuery,
    output: z.array(slot),
  }),
  freeze: endpoint({ ...callRoutes.checkout.freeze, body: freezeRequest, output: cart, changed: changedItems }),
  orders: endpoint({ ...callRoutes.checkout.orders, query: ordersQuery, output: orderPage }),
  order: endpoint({ ...callRoutes.checkout.order, params: { id: recordId }, output: order }),
  /** The same call as cartCalls.abort: with orderId it cancels a booked order and answers it (docs/product.md §7). */
  abortOrder: endpoint({ ...callRoutes.checkout.abortOrder, body: abortRequest, output: order }),
  /** A confirmed cash or bancomat order: the shopper accepts it as the store confirmed it (decision 014). */
  acceptOrder: endpoint({ ...callRoutes.checkout.acceptOrder, params: { id: recordId }, output: order }),
  /**
   * A waiting order back into a cart to change and book again: the order is cancelled, its slot freed,
   * its rows (as the store confirmed them) put in the cart. 4105 answers {cart, updated, removed} as data.
   */
  modifyOrder: endpoint({
    ...callRoutes.checkout.modifyOrder,
    params: { id: recordId },
    output: cart,
    changed: changedCart,
  }),
  /** 4105 (prices changed) answers {cart, updated, removed} as data instead. */
  copyOrder: endpoint({ ...callRoutes.checkout.copyOrder, body: copyOrderRequest, output: cart, changed: changedCart }),
  paymentModes: endpoint({
    ...callRoutes.checkout.paymentModes,
    params: { mode: deliveryMode },
    query: z.object({ storeId: storeIdParam }),
    output: z.array(z.string()),
  }),
  deliveries: endpoint({ ...callRoutes.checkout.deliveries, output: z.array(deliveryOption) }),
  /** The live status of the shopper's own orders: a server-sent event per change (order-events.ts). */
  orderEvents: endpoint({ ...callRoutes.checkout.orderEvents, output: null, events: orderEvent }),
} as const;

export const listCalls = {
  favourites: endpoint({ ...callRoutes.list.favourites, output: z.array(favourite) }),
  addFavourite: endpoint({ ...callRoutes.list.addFavourite, body: favouriteRequest, output: z.array(favourite) }),
  deleteFavourite: endpoint({ ...callRoutes.list.deleteFavourite, body: favouriteRequest, output: z.array(favourite) }),
  lists: endpoint({ ...callRoutes.list.lists, output: z.array(shoppingList) }),
  create: endpoint({ ...callRoutes.list.create, body: createListRequest, output: z.array(shoppingList) }),
  delete: endpoint({ ...callRoutes.list.delete, body: listIdRequest, output: z.array(shoppingList) }),
  rename: endpoint({ ...callRoutes.list.rename, body: renameListRequest, output: z.array(shoppingList) }),
  copy: endpoint({ ...callRoutes.list.copy, body: renameListRequest, output: z.array(shoppingList) }),
  addItem: endpoint({ ...callRoutes.list.addItem, body: createItemRequest, output: shoppingList }),
  updateItem: endpoint({ ...callRoutes.list.updateItem, body: updateItemRequest, output: shoppingList }),
  deleteItem: endpoint({ ...callRoutes.list.deleteItem, body: deleteListItemRequest, output: shoppingList }),
  list: endpoint({ ...callRoutes.list.list, params: { id: recordId }, output: shoppingList }),
} as const;

export const staffCalls = {
  orders: endpoint({
    ...callRoutes.staff.orders,
    query: z.object({ status: orderStatus.optional() }),
    output: z.array(order),
  }),
  setStatus: endpoint({
    ...callRoutes.staff.setStatus,
    params: { id: recordId },
    body: z.object({ status: orderStatus }),
    output: order,
  }),
  /** The store confirms a pre-order's availability, row by row (decision 014). */
  confirm: endpoint({ ...callRoutes.staff.confirm, params: { id: recordId }, body: confirmRequest, output: order }),
  setPicked: endpoint({ ...callRoutes.staff.setPicked, params: { id: recordId }, body: pickedRequest, output: order }),
  deletionRequests: endpoint({ ...callRoutes.staff.deletionRequests, output: z.array(deletionRequest) }),
  carryOutDeletion: endpoint({ ...callRoutes.staff.carryOutDeletion, params: { userId: recordId }, output: none }),
  refuseDeletion: endpoint({
    ...callRoutes.staff.refuseDeletion,
    params: { userId: recordId },
    body: deletionRefusal,
    output: none,
  }),
  /** The live status of the operator's store's orders, new ones included: a server-sent event per change. */
  orderEvents: endpoint({ ...callRoutes.staff.orderEvents, output: null, events: orderEvent }),
} as const;

export const paymentCalls = {
  methods: endpoint({ ...callRoutes.payment.methods, output: paymentMethods }),
  removeMethod: endpoint({
    ...callRoutes.payment.removeMethod,
    body: deletePaymentMethodRequest,
    output: paymentMethods,
  }),
  lightboxConfig: endpoint({ ...callRoutes.payment.lightboxConfig, output: lightboxConfig }),
  startBoarding: endpoint({ ...callRoutes.payment.startBoarding, output: boardingStart }),
  /** The provider's boarding outcome, sent by GET or by form POST and signed (verified before use). */
  boardCallback: endpoint({ ...callRoutes.payment.boardCallback, query: boardQuery, output: none }),
  boardCallbackPost: endpoint({ ...callRoutes.payment.boardCallbackPost, query: boardQuery, output: none }),
  nonce: endpoint({ ...callRoutes.payment.nonce, query: nonceQuery, output: nonceResponse }),
  /** The 3-D Secure landing (a form POST): answers a redirect to the outcome page. */
  threeDsResult: endpoint({ ...callRoutes.payment.threeDsResult, output: null }),
  quote: endpoint({ ...callRoutes.payment.quote, query: quoteQuery, output: preauthQuote }),
  legacyBoarding: endpoint({ ...callRoutes.payment.legacyBoarding, output: legacyBoardingForm }),
  /** The legacy gateway's server-to-server notification (a signed form POST). */
  ipgNotify: endpoint({ ...callRoutes.payment.ipgNotify, output: none }),
  /** The legacy gateway's return of the browser: answers a redirect to the outcome page. */
  ipgResult: endpoint({ ...callRoutes.payment.ipgResult, params: { outcome: z.enum(['ok', 'ko']) }, output: null }),
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

/** Every call, for the check that the server registers exactly these routes. */
export const allEndpoints: readonly Endpoint[] = [
  healthCall,
  readyCall,
  ...[catalogueCalls, storeCalls, profileCalls, cartCalls, checkoutCalls, listCalls, staffCalls, paymentCalls].flatMap(
    (calls) => Object.values(calls) as Endpoint[],
  ),
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

export { urlOf };
