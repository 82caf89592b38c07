// The card-payment calls of docs/product.md §7 (Payments), through the one client
// (bearer token, responseCode → Italian message, 401/403 rules).
import { api } from '#src/lib/api-client.ts';
import { paymentCalls } from '#src/shared/contract/calls.generated.ts';
import type { PaymentMethod } from '#src/shared/contract/payments.ts';

export const loadMethods = () => api.data(paymentCalls.methods);
export const removeCard = () => api.data(paymentCalls.removeMethod, { body: { paymentMethodType: 'XPAY' } });
export const loadLightboxConfig = () => api.data(paymentCalls.lightboxConfig);
export const startBoarding = () => api.data(paymentCalls.startBoarding);
export const requestNonce = (orderCode: string) => api.data(paymentCalls.nonce, { query: { orderCode } });
export const loadLegacyForm = () => api.data(paymentCalls.legacyBoarding);

/** What will be held on the card: for the cart being booked, or for an order waiting for payment. */
export const loadQuote = (of: { cartId: number } | { orderCode: string }) =>
  api.data(paymentCalls.quote, { query: of });

/** The linked card, if any (docs/product.md §3 Payment method: XPAY is the linked card). */
export const linkedCard = (methods: PaymentMethod[]): PaymentMethod | null =>
  methods.find((m) => m.paymentMethodType === 'XPAY') ?? null;
