// Every /cli call as the browser makes it: its method and its path under /cli (Hono
// style, with :params; call-routes.ts). The contract's endpoints (endpoints.ts) are built
// from the same routes and add each call's schemas, which the server validates requests with. The
// browser's code takes its calls from here, so its bundles carry none of the contract's
// schemas: it sends what its forms have checked, and takes an answer's data as the
// server sent it. That is safe because every answer of the API tests is held to its
// call's output schema, and to a parse that finds nothing to fill in or convert
// (tests/api/harness.ts checkAnswer).
import type * as contract from './endpoints.ts';
import { callRoutes } from './call-routes.ts';

export { urlOf } from './call-routes.ts';

declare const endpointOf: unique symbol;

/** A call's method and path, carrying for the type checker only the contract's endpoint (its schemas' types). */
export type Call<E extends contract.Endpoint = contract.Endpoint> = {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly [endpointOf]?: E;
};

type CallsOf<T> = { readonly [K in keyof T]: T[K] extends contract.Endpoint ? Call<T[K]> : never };

export const catalogueCalls: CallsOf<typeof contract.catalogueCalls> = callRoutes.catalogue;
export const storeCalls: CallsOf<typeof contract.storeCalls> = callRoutes.store;
export const profileCalls: CallsOf<typeof contract.profileCalls> = callRoutes.profile;
export const cartCalls: CallsOf<typeof contract.cartCalls> = callRoutes.cart;
export const checkoutCalls: CallsOf<typeof contract.checkoutCalls> = callRoutes.checkout;
export const listCalls: CallsOf<typeof contract.listCalls> = callRoutes.list;
export const staffCalls: CallsOf<typeof contract.staffCalls> = callRoutes.staff;
export const paymentCalls: CallsOf<typeof contract.paymentCalls> = callRoutes.payment;
