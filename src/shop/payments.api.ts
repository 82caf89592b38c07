// The card-payment calls of spec §7 (Payments), through the one client
// (bearer token, responseCode → Italian message, 401/403 rules).
import { api } from '#src/lib/api-client.ts';
import {
  boardingStart,
  legacyBoardingForm,
  lightboxConfig,
  nonceResponse,
  paymentMethods,
  preauthQuote,
  type PaymentMethod,
} from '#src/shared/contract/payments.ts';

export const loadMethods = () => api.data('get', '/cli/pay/paymentmethod', paymentMethods);
export const removeCard = () =>
  api.data('post', '/cli/pay/paymentmethod/delete', paymentMethods, { json: { paymentMethodType: 'XPAY' } });
export const loadLightboxConfig = () => api.data('get', '/cli/pay/v2/xpay/boarding', lightboxConfig);
export const startBoarding = () => api.data('get', '/cli/pay/v2/xpay/start/boarding', boardingStart);
export const requestNonce = (orderCode: string) =>
  api.data('get', '/cli/pay/v2/xpay/nonce', nonceResponse, { searchParams: { orderCode } });
export const loadLegacyForm = () => api.data('get', '/cli/pay/ipg/boarding/web', legacyBoardingForm);

/** What will be held on the card: for the cart being booked, or for an order waiting for payment. */
export const loadQuote = (of: { cartId: number } | { orderCode: string }) =>
  api.data('get', '/cli/pay/preauth/quote', preauthQuote, { searchParams: of });

/** The linked card, if any (spec §3 Payment method: XPAY is the linked card). */
export const linkedCard = (methods: PaymentMethod[]): PaymentMethod | null =>
  methods.find((m) => m.paymentMethodType === 'XPAY') ?? null;
