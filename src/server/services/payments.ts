// Card payments (docs/product.md §2 /profile/payments, /payments; §4 Card state, XPAY
// checkout steps; §7 Payments; docs/architecture.md §4): card association through the
// XPay lightbox or the legacy hosted form, the 3-D Secure hold on a card
// order (total plus the surcharge on variable-weight rows), capture of the
// picked amount when the store closes the order, release when it is aborted,
// cancelled or expires. Money in integer cents; every change of a payment is
// appended to payment_events; callbacks are verified and idempotent.
// Provider calls never run inside a database transaction: each step claims
// its row with a conditional update, calls the provider, then records.
//
// The flows are plain modules in payments/, each taking its dependencies:
// card-association.ts, hold-quote.ts and order-hold.ts, settlement.ts, legacy-form.ts
// (ledger.ts is what they share). This object binds them to one shop's database,
// settings and provider transport, for the routes (c.get('payments')).
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Transport } from '../payments/providers.ts';
import {
  lightboxConfig,
  listMethods,
  removeMethod,
  removeMethodsIn,
  startBoarding,
  xpayBoardCallback,
} from './payments/card-association.ts';
import { quote } from './payments/hold-quote.ts';
import { paymentDeps } from './payments/ledger.ts';
import { ipgNotification, ipgReturn, startLegacyBoarding } from './payments/legacy-form.ts';
import { autoHold, startOrderPayment, xpayThreeDsResult } from './payments/order-hold.ts';
import { settleOrder } from './payments/settlement.ts';

export interface PaymentsDeps {
  db: Db;
  config: Config;
  /** Server-to-server calls to the providers (HTTP, or the in-process sandbox). */
  transport: Transport;
}

export function createPayments({ db, config, transport }: PaymentsDeps) {
  const deps = paymentDeps(db, config, transport);
  return {
    listMethods: (userId: number) => listMethods(db, userId),
    removeMethod: (userId: number) => removeMethod(db, userId),
    removeMethodsIn,
    lightboxConfig: (origin: string) => lightboxConfig(config, origin),
    startBoarding: (userId: number, origin: string) => startBoarding(deps, userId, origin),
    xpayBoardCallback: (profileId: number, p: Record<string, string>) => xpayBoardCallback(deps, profileId, p),
    startLegacyBoarding: (userId: number, origin: string) => startLegacyBoarding(deps, userId, origin),
    ipgNotification: (p: Record<string, string>, origin: string) => ipgNotification(deps, p, origin),
    ipgReturn: (p: Record<string, string>) => ipgReturn(deps, p),
    quote: (userId: number, by: Parameters<typeof quote>[2]) => quote(deps, userId, by),
    startOrderPayment: (userId: number, orderCode: string, origin: string) =>
      startOrderPayment(deps, userId, orderCode, origin),
    xpayThreeDsResult: (p: Record<string, string>, origin: string) => xpayThreeDsResult(deps, p, origin),
    settleOrder: (orderId: number, origin: string) => settleOrder(deps, orderId, origin),
    autoHold: (orderId: number, origin: string) => autoHold(deps, orderId, origin),
  };
}

export type Payments = ReturnType<typeof createPayments>;
