// Card payments (docs/product.md §2 /profile/payments, /payments, /payments/boarding;
// §3 Payment method and boarding responses; §4 Card state and XPAY checkout
// steps; §7 Payments calls; docs/architecture.md §4 card payments). Amounts are integer
// cents inside; euro with 2 decimals on the wire.
import { z } from '#src/shared/zod.ts';
export { VERIFICATION_AMOUNT_CENTS } from './constants.ts';
import { schemasTurn } from './schemas-turn.ts';

await schemasTurn();

/** Surcharge on variable-weight rows held on top of the total (docs/architecture.md §4), unless configured. */
export const DEFAULT_PREAUTH_SURCHARGE_PERCENT = 10;

const paymentMethodType = z.enum(['XPAY']);
const paymentMethod = z.object({
  paymentMethodType,
  /** Which provider holds the card: the XPay lightbox or the legacy hosted form. */
  provider: z.enum(['XPAY', 'IPG']),
  maskedPan: z.string().nullable(),
  brand: z.string().nullable(),
  expiry: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const paymentMethods = z.array(paymentMethod);
export const deletePaymentMethodRequest = z.object({ paymentMethodType });

/** GET /cli/pay/v2/xpay/boarding: how to open the provider's lightbox (no secret in it). */
export const lightboxConfig = z.object({
  alias: z.string(),
  environment: z.enum(['SANDBOX', 'PRODUCTION']),
  /** The origin whose window messages carry the result event. */
  providerOrigin: z.string(),
  serviceType: z.literal('paga_1click'),
  requestType: z.literal('PP'),
  language: z.literal('ITA'),
});
export type LightboxConfig = z.infer<typeof lightboxConfig>;

/** GET /cli/pay/v2/xpay/start/boarding: one signed card-association transaction (amount 0). */
export const boardingStart = z.object({
  transactionCode: z.string(),
  currency: z.literal('EUR'),
  timestamp: z.number().int(),
  mac: z.string(),
  contractNumber: z.string(),
  amount: z.literal(0),
  /** The lightbox page with every signed parameter, to open in a modal iframe. */
  lightboxUrl: z.string(),
});
export type BoardingStart = z.infer<typeof boardingStart>;

/** GET /cli/pay/v2/xpay/nonce?orderCode=: the 3-D Secure step of a card payment. */
export const nonceResponse = z.object({
  esito: z.enum(['OK', 'KO']),
  /** The provider's page (3-D Secure) to show in a modal iframe when esito is OK. */
  html: z.string().nullable(),
  transactionCode: z.string(),
  /** The amount held on the card: total plus the variable-weight surcharge. */
  amount: z.number(),
  message: z.string().nullable(),
});
export type NonceResponse = z.infer<typeof nonceResponse>;
export const nonceQuery = z.object({ orderCode: z.string().trim().min(1).max(40) });

/** GET /cli/pay/preauth/quote?cartId= or ?orderCode=: what will be held, before the shopper confirms. */
export const preauthQuote = z.object({
  totalToPay: z.number(),
  variableWeightTotal: z.number(),
  surchargePercent: z.number(),
  surcharge: z.number(),
  amount: z.number(),
});
export type PreauthQuote = z.infer<typeof preauthQuote>;

/** GET /cli/pay/ipg/boarding/web: the legacy hosted form's fields (docs/product.md §3), signed by the server. */
export const legacyBoardingForm = z.object({
  serverUrl: z.string(),
  storename: z.string(),
  txntype: z.literal('preauth'),
  timezone: z.string(),
  txndatetime: z.string(),
  hash_algorithm: z.literal('SHA256'),
  chargetotal: z.string(),
  currency: z.string(),
  hash: z.string(),
  hosteddataid: z.string(),
  hosteddataidtype: z.string(),
  addInfo3: z.string(),
  addInfo4: z.string(),
  responseSuccessURL: z.string(),
  responseFailURL: z.string(),
  transactionNotificationURL: z.string(),
});
export type LegacyBoardingForm = z.infer<typeof legacyBoardingForm>;

/** Card-payment state of an order, shown with the order. */
export const cardPayment = z.object({
  status: z.enum(['AUTHORISED', 'CAPTURED', 'VOIDED']),
  authorised: z.number(),
  captured: z.number().nullable(),
});
export type CardPayment = z.infer<typeof cardPayment>;

/**
 * The hold for a card order: the total to pay plus the surcharge on the
 * variable-weight rows, rounded up to the cent so the hold always covers a
 * heavier pick within the surcharge.
 */
export function preauthCents(
  totalToPayCents: number,
  variableWeightCents: number,
  percent: number,
): { surcharge: number; amount: number } {
  const surcharge = Math.ceil((variableWeightCents * percent) / 100);
  return { surcharge, amount: totalToPayCents + surcharge };
}

// Sandbox test cards (docs/payments.md). Any future expiry and any 3-digit CVV.
export const SANDBOX_CARDS = {
  /** Approves without a challenge (frictionless 3-D Secure). */
  approve: '4349940199004549',
  /** Approves after the 3-D Secure challenge (one-time code SANDBOX_OTP). */
  challenge: '4349940199997007',
  /** Can be associated (amount 0), but every payment with it is declined. */
  decline: '4000000000000002',
  /** Approves with 3-D Secure, but the issuer refuses every payment made without the cardholder (merchant-initiated). */
  noMit: '4000000000003063',
  /** Refused even at association. */
  invalid: '4000000000000069',
} as const;
/** The one-time code the sandbox's 3-D Secure challenge accepts. */
export const SANDBOX_OTP = '123456';
