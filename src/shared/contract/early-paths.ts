// The paths of the calls a page makes before any schema has loaded: the
// current cart and the first slots, asked by the page shell's header and its
// first inline script (src/shop/early-calls.ts). Kept here without zod so the
// page shell's script does not carry the whole contract; the contract's
// entries (endpoints.ts) take their paths from here.
export const API_PREFIX = '/cli';

export const earlyPaths = {
  currentCart: '/ecommerce/cart/current',
  firstSlot: '/ecommerce/slots/first/available',
  firstDefaultSlot: '/ecommerce/slots/first/default',
} as const;
