// Card payments (docs/product.md §2 /profile/payments, /payments; §4 Card state, XPAY
// checkout steps; §7 Payments; docs/architecture.md §4): card association through the
// XPay lightbox or the legacy hosted form, the 3-D Secure hold on a card
// order (total plus the surcharge on variable-weight rows), capture of the
// picked amount when the store closes the order, release when it is aborted,
// cancelled or expires. Money in integer cents; every change of a payment is
// appended to payment_events; callbacks are verified and idempotent.
// Provider calls never run inside a database transaction: each step claims
// its row with a conditional update, calls the provider, then records.
import { sql, type Selectable } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Database } from '../db/schema.ts';
import { BusinessError, forbidden } from '../http.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { toCents, toEuro } from '#src/shared/contract/money.ts';
import {
  preauthCents,
  VERIFICATION_AMOUNT_CENTS,
  type BoardingStart,
  type LegacyBoardingForm,
  type LightboxConfig,
  type NonceResponse,
  type PaymentMethod,
  type PreauthQuote,
} from '#src/shared/contract/payments.ts';
import { Ipg, newCode, ProviderError, XPay, type ProviderResult, type Transport } from '../payments/providers.ts';
import { autoPost } from '../payments/html.ts';
import { cartView, ownedCart } from './cart.ts';
import { expireWaitingOrders } from './order-lifecycle.ts';
import { newPickupCode } from './orders.ts';

type Tx = Selectable<Database['payment_transactions']>;
type Event =
  | 'BOARDING_STARTED'
  | 'CARD_STORED'
  | 'CARD_REFUSED'
  | 'CARD_REMOVED'
  | 'NONCE_CREATED'
  | 'AUTHORISED'
  | 'DECLINED'
  | 'CAPTURED'
  | 'VOIDED'
  | 'CAPTURE_FAILED'
  | 'VOID_FAILED';

const CHARGED: string[] = ['COLLECTED', 'DELIVERED'];
const RELEASED: string[] = ['ABORTED', 'CANCELLED', 'NOT_COLLECTED', 'REFUSED'];
const paths = {
  profilePayments: '/app/profile/payments',
  legacyPayments: '/app/payments',
  confirm: '/app/checkout/confirm',
  failed: '/app/checkout/failed',
};

async function logEvent(
  db: Db,
  tx: Pick<Tx, 'order_id' | 'user_id' | 'transaction_code' | 'provider'>,
  event: Event,
  amountCents: number | null,
  detail: Record<string, unknown> = {},
) {
  await db
    .insertInto('payment_events')
    .values({
      order_id: tx.order_id,
      user_id: tx.user_id,
      transaction_code: tx.transaction_code,
      provider: tx.provider,
      event,
      amount_cents: amountCents,
      detail: JSON.stringify(detail),
    })
    .execute();
}

const methodView = (m: Selectable<Database['payment_methods']>): PaymentMethod => ({
  paymentMethodType: 'XPAY',
  provider: m.provider === 'IPG' ? 'IPG' : 'XPAY',
  maskedPan: m.masked_pan,
  brand: m.card_brand,
  expiry: m.expiry,
  createdAt: new Date(m.created_at).toISOString(),
});

/** 'YYYYMM' → 'MM/YYYY' as shown on the card. */
const expiryText = (yyyymm: string) => (/^\d{6}$/.test(yyyymm) ? `${yyyymm.slice(4)}/${yyyymm.slice(0, 4)}` : null);

export interface PaymentsDeps {
  db: Db;
  config: Config;
  /** Server-to-server calls to the providers (HTTP, or the in-process sandbox). */
  transport: Transport;
}

export function createPayments(deps: PaymentsDeps) {
  const { db, config } = deps;
  const xpay = new XPay(config.payments.xpay, deps.transport);
  const ipg = new Ipg(config.payments.ipg, deps.transport);
  const providerOf = (name: string) => (name === 'IPG' ? ipg : xpay);

  async function activeMethod(userId: number) {
    return db
      .selectFrom('payment_methods')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async function listMethods(userId: number): Promise<PaymentMethod[]> {
    const rows = await db
      .selectFrom('payment_methods')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    return rows.map(methodView);
  }

  /**
   * Removes the customer's saved cards in the caller's transaction, each
   * contract's removal recorded: a profile deletion does it with the rest of
   * its changes, so a deletion that is refused or fails keeps the card.
   */
  async function removeMethodsIn(trx: Db, userId: number): Promise<void> {
    const removed = await trx
      .updateTable('payment_methods')
      .set({ deleted_at: new Date() })
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .returning(['provider', 'contract_number'])
      .execute();
    for (const m of removed)
      await logEvent(
        trx,
        { order_id: null, user_id: userId, transaction_code: m.contract_number, provider: m.provider },
        'CARD_REMOVED',
        null,
      );
  }

  async function removeMethod(userId: number): Promise<PaymentMethod[]> {
    await db.transaction().execute((trx) => removeMethodsIn(trx as Db, userId));
    return listMethods(userId);
  }

  function lightboxConfig(origin: string): LightboxConfig {
    return {
      alias: config.payments.xpay.alias,
      environment: config.payments.sandbox ? 'SANDBOX' : 'PRODUCTION',
      providerOrigin: new URL(config.payments.xpay.url, origin).origin,
      serviceType: 'paga_1click',
      requestType: 'PP',
      language: 'ITA',
    };
  }

  async function startBoarding(userId: number, origin: string): Promise<BoardingStart> {
    const codTrans = newCode('B');
    const contract = newCode(`C${userId}X`);
    const timestamp = Date.now();
    const tx = { order_id: null, user_id: userId, transaction_code: codTrans, provider: 'XPAY' };
    await db
      .insertInto('payment_transactions')
      .values({
        ...tx,
        kind: 'VERIFY',
        amount_cents: 0,
        status: 'PENDING',
        raw: null,
        contract_number: contract,
        operation_id: null,
        captured_cents: null,
      })
      .execute();
    await logEvent(db, tx, 'BOARDING_STARTED', 0);
    const lightbox = xpay.lightbox({
      codTrans,
      contract,
      timestamp,
      origin,
      urlpost: `${origin}/cli/pay/v2/xpay/board?tid=01&profileId=${userId}`,
      url: `${origin}${paths.profilePayments}`,
    });
    return {
      transactionCode: codTrans,
      currency: 'EUR',
      timestamp,
      mac: lightbox.mac,
      contractNumber: contract,
      amount: 0,
      lightboxUrl: lightbox.url,
    };
  }

  /** Stores (or refuses) the card of a finished association; the second delivery of the same result changes nothing. */
  async function recordBoarding(
    tx: Tx,
    approved: boolean,
    card: { maskedPan: string | null; brand: string | null; expiry: string | null },
    detail: Record<string, unknown>,
  ) {
    return db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('payment_transactions')
        .set({ status: approved ? 'APPROVED' : 'DECLINED', updated_at: new Date(), raw: JSON.stringify(detail) })
        .where('id', '=', tx.id)
        .where('status', '=', 'PENDING')
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return false;
      if (approved) {
        await trx
          .updateTable('payment_methods')
          .set({ deleted_at: new Date() })
          .where('user_id', '=', tx.user_id)
          .where('deleted_at', 'is', null)
          .execute();
        await trx
          .insertInto('payment_methods')
          .values({
            user_id: tx.user_id,
            payment_method_type: 'XPAY',
            provider: tx.provider,
            contract_number: tx.contract_number!,
            masked_pan: card.maskedPan,
            card_brand: card.brand,
            expiry: card.expiry,
          })
          .execute();
      }
      await logEvent(trx as Db, tx, approved ? 'CARD_STORED' : 'CARD_REFUSED', tx.amount_cents, detail);
      return true;
    });
  }

  async function findTx(code: string, kind: Tx['kind'] | null, provider: string): Promise<Tx | undefined> {
    let q = db
      .selectFrom('payment_transactions')
      .selectAll()
      .where('transaction_code', '=', code)
      .where('provider', '=', provider);
    if (kind) q = q.where('kind', '=', kind);
    return q.executeTakeFirst();
  }

  /** The XPay esito for a card association (urlpost): signed, for that profile's own transaction only. */
  async function xpayBoardCallback(profileId: number, p: Record<string, string>): Promise<void> {
    if (!xpay.verifyEsito(p)) throw new BusinessError(ErrorCode.BAD_SIGNATURE);
    const tx = await findTx(p['codTrans'] ?? '', 'VERIFY', 'XPAY');
    if (!tx || tx.user_id !== profileId || (p['num_contratto'] && p['num_contratto'] !== tx.contract_number))
      throw forbidden();
    await recordBoarding(
      tx,
      p['esito'] === 'OK',
      { maskedPan: p['pan'] || null, brand: p['brand'] || null, expiry: expiryText(p['scadenza_pan'] ?? '') },
      {
        esito: p['esito'],
        codAut: p['codAut'],
        data: p['data'],
        orario: p['orario'],
        messaggio: p['messaggio'],
      },
    );
  }

  async function startLegacyBoarding(userId: number, origin: string): Promise<LegacyBoardingForm> {
    const oid = newCode('V');
    const hosteddataid = newCode(`H${userId}X`);
    const tx = { order_id: null, user_id: userId, transaction_code: oid, provider: 'IPG' };
    await db
      .insertInto('payment_transactions')
      .values({
        ...tx,
        kind: 'VERIFY',
        amount_cents: VERIFICATION_AMOUNT_CENTS,
        status: 'PENDING',
        raw: null,
        contract_number: hosteddataid,
        operation_id: null,
        captured_cents: null,
      })
      .execute();
    await logEvent(db, tx, 'BOARDING_STARTED', VERIFICATION_AMOUNT_CENTS);
    return ipg.form({
      oid,
      amountCents: VERIFICATION_AMOUNT_CENTS,
      hosteddataid,
      at: new Date(),
      origin,
      userId,
      success: `${origin}/cli/pay/ipg/result/ok`,
      fail: `${origin}/cli/pay/ipg/result/ko`,
      notify: `${origin}/cli/pay/ipg/notify`,
    });
  }

  /** The legacy provider's server-to-server notification, for a card verification or an order's hold. */
  async function ipgNotification(p: Record<string, string>, origin: string): Promise<void> {
    if (!ipg.verifyNotification(p)) throw new BusinessError(ErrorCode.BAD_SIGNATURE);
    const tx = await findTx(p['oid'] ?? '', null, 'IPG');
    if (
      !tx ||
      String(tx.user_id) !== (p['addInfo4'] ?? String(tx.user_id)) ||
      (p['hosteddataid'] && p['hosteddataid'] !== tx.contract_number)
    )
      throw forbidden();
    if (toCents(Number(p['chargetotal'])) !== tx.amount_cents)
      throw new BusinessError(ErrorCode.BAD_SIGNATURE, 'Importo diverso da quello richiesto.');
    const approved = p['status'] === 'APPROVED' && (p['approval_code'] ?? '').startsWith('Y');
    const detail = { approval_code: p['approval_code'], status: p['status'], fail_reason: p['fail_reason'] };
    if (tx.kind === 'VERIFY') {
      const expiry =
        /^\d{2}$/.test(p['expmonth'] ?? '') && /^\d{4}$/.test(p['expyear'] ?? '')
          ? `${p['expmonth']}/${p['expyear']}`
          : null;
      const stored = await recordBoarding(
        tx,
        approved,
        { maskedPan: p['cardnumber'] || null, brand: p['ccbrand'] || null, expiry },
        detail,
      );
      // The 0.01 € verification is only to validate the card: released at once.
      if (stored && approved) await release({ ...tx, status: 'APPROVED' }, origin, 'verifica della carta');
      return;
    }
    await authorise(tx, approved, detail, origin);
  }

  /** Where the browser goes after the legacy hosted page: decided by what the notification recorded. */
  async function ipgReturn(p: Record<string, string>): Promise<string> {
    const tx = p['oid'] ? await findTx(p['oid'], null, 'IPG') : undefined;
    const valid = tx !== undefined && ipg.verifyResponse(p);
    if (!tx || !valid) return `${paths.legacyPayments}?boarding=ko`;
    if (tx.kind === 'VERIFY')
      return `${paths.legacyPayments}?boarding=${tx.status === 'APPROVED' || tx.status === 'VOIDED' ? 'ok' : 'ko'}`;
    return orderLanding(tx);
  }

  async function orderLanding(tx: Tx): Promise<string> {
    const order = tx.order_id
      ? await db.selectFrom('orders').select(['id', 'code', 'status']).where('id', '=', tx.order_id).executeTakeFirst()
      : undefined;
    const query = order ? `?orderCode=${encodeURIComponent(order.code)}` : '';
    // This hold, or another one of the same order: a second tab that paid the
    // order already paid by the first lands on the paid order, not on "failed".
    const held =
      tx.status === 'APPROVED' ||
      tx.status === 'CAPTURED' ||
      (!!order &&
        order.status !== 'PAYMENT_PENDING' &&
        !!(await db
          .selectFrom('payment_transactions')
          .select('id')
          .where('order_id', '=', order.id)
          .where('kind', '=', 'PREAUTH')
          .where('status', 'in', ['APPROVED', 'CAPTURED'])
          .executeTakeFirst()));
    return `${held ? paths.confirm : paths.failed}${query}`;
  }

  async function userOrderByCode(userId: number, orderCode: string) {
    const order = await db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('code', '=', orderCode)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!order) {
      const other = await db.selectFrom('orders').select('id').where('code', '=', orderCode).executeTakeFirst();
      if (other) throw forbidden();
      throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS, 'Ordine non trovato.');
    }
    return order;
  }

  async function orderQuote(orderId: number, totalToPayCents: number): Promise<PreauthQuote> {
    // The surcharge covers the confirmed rows sold by weight: a row the store confirmed unavailable is not picked.
    const kg = await db
      .selectFrom('order_rows')
      .select(sql<number>`coalesce(sum(row_net_cents), 0)::int`.as('cents'))
      .where('order_id', '=', orderId)
      .where('um', '=', 'KG')
      .where(sql<boolean>`confirmation IS DISTINCT FROM 'UNAVAILABLE'`)
      .executeTakeFirstOrThrow();
    return quoteOf(totalToPayCents, Number(kg.cents));
  }

  function quoteOf(totalToPayCents: number, variableWeightCents: number): PreauthQuote {
    const percent = config.payments.surchargePercent;
    const { surcharge, amount } = preauthCents(totalToPayCents, variableWeightCents, percent);
    return {
      totalToPay: toEuro(totalToPayCents),
      variableWeightTotal: toEuro(variableWeightCents),
      surchargePercent: percent,
      surcharge: toEuro(surcharge),
      amount: toEuro(amount),
    };
  }

  async function quote(
    userId: number,
    by: { cartId?: number | undefined; orderCode?: string | undefined },
  ): Promise<PreauthQuote> {
    if (by.orderCode) {
      const order = await userOrderByCode(userId, by.orderCode);
      return orderQuote(order.id, order.total_to_pay_cents);
    }
    const cart = await ownedCart(db, userId, by.cartId!);
    const view = await cartView(db, cart);
    const kg = view.items
      .filter((i) => i.um === 'KG' && i.available)
      .reduce((sum, i) => sum + toCents(i.rowNetPrice), 0);
    return quoteOf(toCents(view.totalToPay), kg);
  }

  /** Starts the card payment of a PAYMENT_PENDING order: the hold's 3-D Secure step (docs/product.md §4 XPAY). */
  async function startOrderPayment(userId: number, orderCode: string, origin: string): Promise<NonceResponse> {
    await expireWaitingOrders(db); // an expired order is not payable any more
    const order = await userOrderByCode(userId, orderCode);
    if (order.status !== 'PAYMENT_PENDING') throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS);
    const method = await activeMethod(userId);
    if (!method) throw new BusinessError(ErrorCode.NO_CARD);
    const amountCents = toCents((await orderQuote(order.id, order.total_to_pay_cents)).amount);
    const codTrans = newCode('P');
    const tx = { order_id: order.id, user_id: userId, transaction_code: codTrans, provider: method.provider };
    const inserted = await db
      .insertInto('payment_transactions')
      .values({
        ...tx,
        kind: 'PREAUTH',
        amount_cents: amountCents,
        status: 'PENDING',
        raw: null,
        contract_number: method.contract_number,
        operation_id: null,
        captured_cents: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const answer = (esito: 'OK' | 'KO', html: string | null, message: string | null): NonceResponse => ({
      esito,
      html,
      transactionCode: codTrans,
      amount: toEuro(amountCents),
      message,
    });

    if (method.provider === 'IPG') {
      const form = ipg.form({
        oid: codTrans,
        amountCents,
        hosteddataid: method.contract_number,
        at: new Date(),
        origin,
        userId,
        success: `${origin}/cli/pay/ipg/result/ok`,
        fail: `${origin}/cli/pay/ipg/result/ko`,
        notify: `${origin}/cli/pay/ipg/notify`,
      });
      const { serverUrl, ...fields } = form;
      await logEvent(db, tx, 'NONCE_CREATED', amountCents);
      return answer('OK', String(await autoPost(serverUrl, fields, 'Pagamento sicuro')), null);
    }
    let result: ProviderResult;
    try {
      result = await xpay.createNonce({
        codTrans,
        amountCents,
        contract: method.contract_number,
        urlRisposta: `${origin}/cli/pay/v2/xpay/3ds/result`,
        origin,
      });
    } catch (error) {
      if (!(error instanceof ProviderError || error instanceof TypeError)) throw error;
      result = { ok: false, message: error.message, raw: {} };
    }
    if (!result.ok || typeof result.raw['html'] !== 'string') {
      await db
        .updateTable('payment_transactions')
        .set({ status: 'DECLINED', updated_at: new Date() })
        .where('id', '=', inserted.id)
        .where('status', '=', 'PENDING')
        .execute();
      await logEvent(db, tx, 'DECLINED', amountCents, { step: 'nonce', message: result.message });
      return answer('KO', null, result.message ?? null);
    }
    await db
      .updateTable('payment_transactions')
      .set({ operation_id: result.operationId ?? null, updated_at: new Date() })
      .where('id', '=', inserted.id)
      .execute();
    await logEvent(db, tx, 'NONCE_CREATED', amountCents, { idOperazione: result.operationId });
    return answer('OK', result.raw['html'], null);
  }

  /** The browser comes back from 3-D Secure (urlRisposta): hold the amount with the nonce, then land on confirm or failed. */
  async function xpayThreeDsResult(p: Record<string, string>, origin: string): Promise<string> {
    if (!xpay.verifyNonceResult(p)) return paths.failed;
    const tx = await db
      .selectFrom('payment_transactions')
      .selectAll()
      .where('operation_id', '=', p['idOperazione'] ?? '')
      .where('kind', '=', 'PREAUTH')
      .where('provider', '=', 'XPAY')
      .executeTakeFirst();
    if (!tx) return paths.failed;
    // Only the first delivery of this outcome goes on; a replay just lands where the first did.
    const claimed = await db
      .updateTable('payment_transactions')
      .set({ raw: JSON.stringify({ threeDs: p['esito'] }), updated_at: new Date() })
      .where('id', '=', tx.id)
      .where('status', '=', 'PENDING')
      .where('raw', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return orderLanding((await findTx(tx.transaction_code, 'PREAUTH', 'XPAY'))!);
    if (p['esito'] !== 'OK' || !p['xpayNonce']) {
      await authorise(tx, false, { step: '3ds', esito: p['esito'] }, origin);
    } else {
      let result: ProviderResult;
      try {
        result = await xpay.preauthorise({
          codTrans: tx.transaction_code,
          amountCents: tx.amount_cents,
          contract: tx.contract_number!,
          nonce: p['xpayNonce'],
          origin,
        });
      } catch (error) {
        if (!(error instanceof ProviderError || error instanceof TypeError)) throw error;
        result = { ok: false, message: error.message, raw: {} };
      }
      await authorise(tx, result.ok, { step: 'payment', authCode: result.authCode, message: result.message }, origin);
    }
    return orderLanding((await findTx(tx.transaction_code, 'PREAUTH', 'XPAY'))!);
  }

  /** Records a hold's outcome: an approved hold on a still-unpaid order makes it IN_PREPARATION; otherwise it is released. */
  async function authorise(tx: Tx, approved: boolean, detail: Record<string, unknown>, origin: string): Promise<void> {
    const late = await db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('orders')
        .select(['id', 'status'])
        .where('id', '=', tx.order_id!)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const current = await trx
        .selectFrom('payment_transactions')
        .select('status')
        .where('id', '=', tx.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (current.status !== 'PENDING') return false;
      if (!approved) {
        await trx
          .updateTable('payment_transactions')
          .set({ status: 'DECLINED', updated_at: new Date() })
          .where('id', '=', tx.id)
          .execute();
        await logEvent(trx as Db, tx, 'DECLINED', tx.amount_cents, detail);
        return false;
      }
      await logEvent(trx as Db, tx, 'AUTHORISED', tx.amount_cents, detail);
      if (order.status !== 'PAYMENT_PENDING') return true; // paid twice, aborted or expired meanwhile: release below
      await trx
        .updateTable('payment_transactions')
        .set({ status: 'APPROVED', updated_at: new Date() })
        .where('id', '=', tx.id)
        .execute();
      // Paid: the pickup code is issued and the store prepares the order (decision 014).
      await trx
        .updateTable('orders')
        .set({ status: 'IN_PREPARATION', pickup_code: newPickupCode(), expires_at: null, updated_at: new Date() })
        .where('id', '=', order.id)
        .execute();
      await trx
        .insertInto('order_status_history')
        .values({ order_id: order.id, status: 'IN_PREPARATION', changed_by: tx.user_id })
        .execute();
      return false;
    });
    if (late) await release(tx, origin, "l'ordine non è più in attesa di pagamento");
  }

  /** Releases a hold at the provider; recorded as VOIDED only when the provider agrees. */
  async function release(tx: Tx, origin: string, reason: string): Promise<void> {
    let result: ProviderResult;
    try {
      result = await providerOf(tx.provider).release({
        codTrans: tx.transaction_code,
        amountCents: tx.amount_cents,
        origin,
      });
    } catch (error) {
      if (!(error instanceof ProviderError || error instanceof TypeError)) throw error;
      result = { ok: false, message: error.message, raw: {} };
    }
    if (!result.ok) {
      await logEvent(db, tx, 'VOID_FAILED', tx.amount_cents, { reason, message: result.message });
      return;
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('payment_transactions')
        .set({ status: 'VOIDED', updated_at: new Date() })
        .where('id', '=', tx.id)
        .where('status', 'in', ['PENDING', 'APPROVED'])
        .execute();
      await logEvent(trx as Db, tx, 'VOIDED', tx.amount_cents, { reason });
    });
  }

  /**
   * After an order changed status: a closed order (COLLECTED, DELIVERED) has the picked amount
   * captured, never above the hold, once; an aborted, cancelled, refused or not collected order
   * has its hold released. Safe to call any number of times.
   */
  async function settleOrder(orderId: number, origin: string): Promise<void> {
    const order = await db
      .selectFrom('orders')
      .select(['id', 'status', 'payed_cents', 'operator_total_cents', 'total_to_pay_cents'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order) return;
    const holds = await db
      .selectFrom('payment_transactions')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('kind', '=', 'PREAUTH')
      .where('status', '=', 'APPROVED')
      .execute();
    for (const tx of holds) {
      if (RELEASED.includes(order.status)) {
        await release(tx, origin, `ordine ${order.status}`);
      } else if (CHARGED.includes(order.status)) {
        const due = order.payed_cents ?? order.operator_total_cents ?? order.total_to_pay_cents;
        const amount = Math.min(due, tx.amount_cents);
        let result: ProviderResult;
        try {
          result = await providerOf(tx.provider).capture({
            codTrans: tx.transaction_code,
            amountCents: amount,
            origin,
          });
        } catch (error) {
          if (!(error instanceof ProviderError || error instanceof TypeError)) throw error;
          result = { ok: false, message: error.message, raw: {} };
        }
        if (!result.ok) {
          await logEvent(db, tx, 'CAPTURE_FAILED', amount, { message: result.message });
          continue;
        }
        await db.transaction().execute(async (trx) => {
          const done = await trx
            .updateTable('payment_transactions')
            .set({ status: 'CAPTURED', captured_cents: amount, updated_at: new Date() })
            .where('id', '=', tx.id)
            .where('status', '=', 'APPROVED')
            .returning('id')
            .executeTakeFirst();
          if (done)
            await logEvent(trx as Db, tx, 'CAPTURED', amount, {
              due,
              authorised: tx.amount_cents,
              ...(due > amount ? { uncovered: due - amount } : {}),
            });
        });
      }
    }
  }

  return {
    listMethods,
    removeMethod,
    removeMethodsIn,
    lightboxConfig,
    startBoarding,
    xpayBoardCallback,
    startLegacyBoarding,
    ipgNotification,
    ipgReturn,
    quote,
    startOrderPayment,
    xpayThreeDsResult,
    settleOrder,
  };
}

export type Payments = ReturnType<typeof createPayments>;
