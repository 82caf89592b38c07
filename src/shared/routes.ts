// Every page of the storefront, under /app (docs/architecture.md §1), in one table: the
// pages and islands link with it, the server redirects with it and the build
// takes its base from it (astro.config.ts), so a page's address is written
// once. Pure strings: it runs in the browser, in the build and in Node.
export const APP_BASE = '/app';

const at = (path: string): string => `${APP_BASE}${path}`;

export const routes = {
  home: at('/'),
  search: at('/search'),
  product: (barcode: string) => at(`/product/${barcode}`),
  category: (slugs: readonly string[]) => at(`/category/${slugs.join('/')}`),
  bannerProducts: (bannerId: number) => at(`/banners/${bannerId}/products`),
  cart: at('/cart'),
  cartCreate: at('/cart/create'),
  cartUpdate: at('/cart/update'),
  checkout: at('/checkout'),
  checkoutData: at('/checkout/data'),
  checkoutSummary: at('/checkout/summary'),
  checkoutConfirm: at('/checkout/confirm'),
  checkoutFailed: at('/checkout/failed'),
  favourites: at('/favorites'),
  smartlist: at('/smartlist'),
  orders: at('/orders'),
  payments: at('/payments'),
  paymentsBoarding: at('/payments/boarding'),
  profile: at('/profile'),
  profileOrders: at('/profile/orders'),
  profileAddresses: at('/profile/addresses'),
  profileBilling: at('/profile/billing'),
  profilePassword: at('/profile/password'),
  profilePayments: at('/profile/payments'),
  profileSmartlists: at('/profile/smartlists'),
  signup: at('/signup'),
  signupConfirmed: at('/signup/confirmed'),
  signupLinkExpired: at('/signup/link-expired'),
  reset: at('/reset'),
  resetPassword: at('/reset/password'),
  stores: at('/stores'),
  store: (storeId: number) => at(`/stores/${storeId}/`),
  staff: at('/staff'),
  /** The printable pick list of one of the store's slots. */
  staffPickList: (slotId: number) => at(`/staff/pick-list?slot=${slotId}`),
  faq: at('/faq'),
  terms: at('/termsandcondition'),
  privacy: at('/privacy'),
  accessibility: at('/accessibilita'),
  /** A file of the site itself (images, icons, the search index). */
  file: (name: string) => at(`/${name}`),
} as const;
