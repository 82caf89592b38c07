// The method and path under /cli (Hono style, with :params) of every call: the
// contract's endpoints are built from these (endpoints.ts), and the browser's calls
// are these, typed by those endpoints (calls.ts).
import { API_PREFIX, earlyPaths } from './early-paths.ts';

/** The routes of the contract's endpoints (endpoints.ts spreads each into its entry). */
export const callRoutes = {
  catalogue: {
    categories: { method: 'get', path: '/categories' },
    tags: { method: 'get', path: '/ecommerce/productsTags' },
    product: { method: 'get', path: '/ecommerce/products/barcode/:barcode' },
    productInfo: { method: 'get', path: '/ecommerce/products/barcode/:barcode/info' },
    products: { method: 'get', path: '/ecommerce/products/:storeId/' },
    productExport: { method: 'get', path: '/ecommerce/products/:storeId/export' },
    banners: { method: 'get', path: '/cms/banners' },
    headerBanner: { method: 'get', path: '/cms/banners/:id/headerBanner' },
    bannerProducts: { method: 'get', path: '/cms/banners/:id/products' },
  },
  store: {
    stores: { method: 'get', path: '/stores/ecommerce' },
    states: { method: 'get', path: '/stores/states' },
    facts: { method: 'get', path: '/stores/facts' },
    deliveryStores: { method: 'get', path: '/stores/ecommerce/delivery' },
    store: { method: 'get', path: '/stores/ecommerce/:id' },
  },
  profile: {
    signup: { method: 'post', path: '/profiles/signup' },
    confirm: { method: 'get', path: '/profiles/confirm' },
    login: { method: 'post', path: '/profiles/login' },
    requestReset: { method: 'post', path: '/profiles/password' },
    resetPassword: { method: 'post', path: '/profiles/password/reset' },
    session: { method: 'get', path: '/profiles/login' },
    logout: { method: 'post', path: '/profiles/logout' },
    update: { method: 'put', path: '/profiles' },
    requestDeletion: { method: 'post', path: '/profiles/deleteRequest' },
    changePassword: { method: 'post', path: '/profiles/password/change' },
    addresses: { method: 'get', path: '/profiles/addresses' },
    saveAddress: { method: 'post', path: '/profiles/addresses' },
    deleteAddress: { method: 'post', path: '/profiles/addresses/delete' },
    billingAddresses: { method: 'get', path: '/profiles/billing/addresses' },
    saveBillingAddress: { method: 'post', path: '/profiles/billing/addresses' },
    deleteBillingAddress: { method: 'post', path: '/profiles/billing/addresses/delete' },
  },
  cart: {
    current: { method: 'get', path: earlyPaths.currentCart },
    openCarts: { method: 'get', path: '/ecommerce/carts/open' },
    open: { method: 'post', path: '/ecommerce/cart/open' },
    storeItem: { method: 'post', path: '/ecommerce/cart/store' },
    review: { method: 'post', path: '/ecommerce/cart/review' },
    deleteItem: { method: 'post', path: '/ecommerce/cart/delete' },
    abort: { method: 'post', path: '/ecommerce/cart/abort' },
    move: { method: 'post', path: '/ecommerce/cart/move' },
    freezeCheck: { method: 'post', path: '/ecommerce/cart/freeze/check' },
    addList: { method: 'post', path: '/ecommerce/cart/list' },
    setReplacement: { method: 'post', path: '/ecommerce/cart/item/replacement' },
  },
  checkout: {
    firstSlot: { method: 'get', path: earlyPaths.firstSlot },
    firstDefaultSlot: { method: 'get', path: earlyPaths.firstDefaultSlot },
    slotDays: { method: 'get', path: '/ecommerce/slots/:cartId/days' },
    slots: { method: 'get', path: '/ecommerce/slots/:cartId' },
    freeze: { method: 'post', path: '/ecommerce/cart/freeze' },
    orders: { method: 'get', path: '/ecommerce/orders' },
    order: { method: 'get', path: '/ecommerce/orders/:id/fetch' },
    abortOrder: { method: 'post', path: '/ecommerce/cart/abort' },
    acceptOrder: { method: 'post', path: '/ecommerce/orders/:id/accept' },
    modifyOrder: { method: 'post', path: '/ecommerce/orders/:id/modify' },
    copyOrder: { method: 'post', path: '/ecommerce/cart/copy' },
    paymentModes: { method: 'get', path: '/ecommerce/configuration/deliveryMode/:mode' },
    deliveries: { method: 'get', path: '/ecommerce/deliveries' },
    orderEvents: { method: 'get', path: '/ecommerce/orders/events' },
  },
  list: {
    favourites: { method: 'get', path: '/slists/products/favorite/all' },
    addFavourite: { method: 'post', path: '/slists/products/favorite/add' },
    deleteFavourite: { method: 'post', path: '/slists/products/favorite/delete' },
    lists: { method: 'get', path: '/slists' },
    create: { method: 'post', path: '/slists/create' },
    delete: { method: 'post', path: '/slists/delete' },
    rename: { method: 'post', path: '/slists/rename' },
    copy: { method: 'post', path: '/slists/copy' },
    addItem: { method: 'post', path: '/slists/items/create' },
    updateItem: { method: 'post', path: '/slists/items/update' },
    deleteItem: { method: 'post', path: '/slists/items/delete' },
    list: { method: 'get', path: '/slists/:id' },
  },
  staff: {
    orders: { method: 'get', path: '/ops/orders' },
    setStatus: { method: 'post', path: '/ops/orders/:id/status' },
    confirm: { method: 'post', path: '/ops/orders/:id/confirm' },
    setPicked: { method: 'post', path: '/ops/orders/:id/picked' },
    deletionRequests: { method: 'get', path: '/ops/deletion-requests' },
    carryOutDeletion: { method: 'post', path: '/ops/deletion-requests/:userId/delete' },
    refuseDeletion: { method: 'post', path: '/ops/deletion-requests/:userId/refuse' },
    orderEvents: { method: 'get', path: '/ops/orders/events' },
  },
  payment: {
    methods: { method: 'get', path: '/pay/paymentmethod' },
    removeMethod: { method: 'post', path: '/pay/paymentmethod/delete' },
    lightboxConfig: { method: 'get', path: '/pay/v2/xpay/boarding' },
    startBoarding: { method: 'get', path: '/pay/v2/xpay/start/boarding' },
    boardCallback: { method: 'get', path: '/pay/v2/xpay/board' },
    boardCallbackPost: { method: 'post', path: '/pay/v2/xpay/board' },
    nonce: { method: 'get', path: '/pay/v2/xpay/nonce' },
    threeDsResult: { method: 'post', path: '/pay/v2/xpay/3ds/result' },
    quote: { method: 'get', path: '/pay/preauth/quote' },
    legacyBoarding: { method: 'get', path: '/pay/ipg/boarding/web' },
    ipgNotify: { method: 'post', path: '/pay/ipg/notify' },
    ipgResult: { method: 'post', path: '/pay/ipg/result/:outcome{ok|ko}' },
  },
} as const;

/** The path of a call with its parameters filled in and its query appended (undefined values left out). */
export function urlOf(e: { readonly path: string }, input: { params?: object; query?: object } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = e.path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined) query.append(key, String(value));
  }
  const qs = query.toString();
  return `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
}
