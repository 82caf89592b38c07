// The card hold of a confirmed order (docs/product.md §4 XPAY; decision 014): the 3-D
// Secure step, the hold with the nonce of the amount quoted (hold-quote.ts), and its
// outcome: an approved hold on a still-unpaid order makes it IN_PREPARATION, a late one
// is released at once (settlement.ts).
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../outcomes.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { toCents, toEuro } from '#src/shared/contract/money.ts';
import type { NonceResponse } from '#src/shared/contract/payments.ts';
import { newCode } from '../../payments/providers.ts';
import { autoPost } from '../../payments/html.ts';
import { expireWaitingOrders } from '../order-lifecycle.ts';
import { queueOrderNotice } from '../order-notices.ts';
import { newPickupCode } from '../orders.ts';
import { activeMethod } from './card-association.ts';
import { orderQuote, userOrderByCode } from './hold-quote.ts';
import { askProvider, findTx, logEvent, type PaymentDeps, type Tx } from './ledger.ts';
import { release } from './settlement.ts';

const paths = { confirm: '/app/checkout/confirm', failed: '/app/checkout/failed' };

/** Where the browser lands after a hold: confirm when this hold, or another one of the same order, holds it. */
export async function orderLanding(db: Db, tx: Tx): Promise<string> {
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

/** A hold of an order asked of the provider, recorded PENDING before the provider is asked. */
const pendingHold = (
  db: Db,
  tx: Pick<Tx, 'order_id' | 'user_id' | 'transaction_code' | 'provider'>,
  amountCents: number,
  contract: string,
) =>
  db
    .insertInto('payment_transactions')
    .values({
      ...tx,
      kind: 'PREAUTH',
      amount_cents: amountCents,
      status: 'PENDING',
      raw: null,
      contract_number: contract,
      operation_id: null,
      captured_cents: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Starts the card payment of a PAYMENT_PENDING order: the hold's 3-D Secure step (docs/product.md §4 XPAY). */
export async function startOrderPayment(
  { db, config, xpay, ipg }: PaymentDeps,
  userId: number,
  orderCode: string,
  origin: string,
): Promise<NonceResponse> {
  await expireWaitingOrders(db); // an expired order is not payable any more
  const order = await userOrderByCode(db, userId, orderCode);
  if (order.status !== 'PAYMENT_PENDING') throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS);
  const method = await activeMethod(db, userId);
  if (!method) throw new BusinessError(ErrorCode.NO_CARD);
  const amountCents = toCents((await orderQuote(db, config, order.id, order.total_to_pay_cents)).amount);
  const codTrans = newCode('P');
  const tx = { order_id: order.id, user_id: userId, transaction_code: codTrans, provider: method.provider };
  const inserted = await pendingHold(db, tx, amountCents, method.contract_number);
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
  const result = await askProvider(() =>
    xpay.createNonce({
      codTrans,
      amountCents,
      contract: method.contract_number,
      urlRisposta: `${origin}/cli/pay/v2/xpay/3ds/result`,
      origin,
    }),
  );
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
export async function xpayThreeDsResult(
  deps: Pick<PaymentDeps, 'db' | 'xpay' | 'ipg'>,
  p: Record<string, string>,
  origin: string,
): Promise<string> {
  const { db, xpay } = deps;
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
  if (!claimed) return orderLanding(db, (await findTx(db, tx.transaction_code, 'PREAUTH', 'XPAY'))!);
  if (p['esito'] !== 'OK' || !p['xpayNonce']) {
    await authorise(deps, tx, false, { step: '3ds', esito: p['esito'] }, origin);
  } else {
    const nonce = p['xpayNonce'];
    const result = await askProvider(() =>
      xpay.preauthorise({
        codTrans: tx.transaction_code,
        amountCents: tx.amount_cents,
        contract: tx.contract_number!,
        nonce,
        origin,
      }),
    );
    await authorise(
      deps,
      tx,
      result.ok,
      { step: 'payment', authCode: result.authCode, message: result.message },
      origin,
    );
  }
  return orderLanding(db, (await findTx(db, tx.transaction_code, 'PREAUTH', 'XPAY'))!);
}

/** Records a hold's outcome: an approved hold on a still-unpaid order makes it IN_PREPARATION; otherwise it is released. */
export async function authorise(
  deps: Pick<PaymentDeps, 'db' | 'xpay' | 'ipg'>,
  tx: Tx,
  approved: boolean,
  detail: Record<string, unknown>,
  origin: string,
): Promise<void> {
  const late = await deps.db.transaction().execute(async (trx) => {
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
  if (late) await release(deps, tx, origin, "l'ordine non è più in attesa di pagamento");
}

/**
 * The hold of a card order the store confirmed within the shopper's choices (decision 018), taken
 * on the linked card without the shopper: the gateway's merchant-initiated payment on the card's
 * stored contract (XPay.mitPreauthorise). Approved, the order is prepared (authorise) and the
 * shopper is told; refused (or no card the gateway can charge this way), the order waits for the
 * shopper's payment with 3-D Secure until its deadline, and the shopper is told that too.
 * Returns whether the order is now held.
 */
export async function autoHold(deps: PaymentDeps, orderId: number, origin: string): Promise<boolean> {
  const { db, config, xpay } = deps;
  const order = await db
    .selectFrom('orders')
    .select(['id', 'user_id', 'status', 'payment_mode', 'within_choices', 'total_to_pay_cents'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (order.status !== 'PAYMENT_PENDING' || order.payment_mode !== 'XPAY' || !order.within_choices) return false;
  const method = await activeMethod(db, order.user_id);
  let held = false;
  if (method?.provider === 'XPAY') {
    const amountCents = toCents((await orderQuote(db, config, order.id, order.total_to_pay_cents)).amount);
    const codTrans = newCode('M');
    const tx = await pendingHold(
      db,
      { order_id: order.id, user_id: order.user_id, transaction_code: codTrans, provider: 'XPAY' },
      amountCents,
      method.contract_number,
    );
    await logEvent(db, tx, 'MIT_REQUESTED', amountCents);
    const result = await askProvider(() =>
      xpay.mitPreauthorise({ codTrans, amountCents, contract: method.contract_number, origin }),
    );
    await authorise(deps, tx, result.ok, { step: 'mit', authCode: result.authCode, message: result.message }, origin);
    const after = await db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
    held = result.ok && after.status === 'IN_PREPARATION';
  }
  await db.transaction().execute(async (trx) => {
    // Without a hold the order waits for the shopper: from now on it is theirs to pay (within_choices false).
    if (!held) await trx.updateTable('orders').set({ within_choices: false }).where('id', '=', order.id).execute();
    await queueOrderNotice(trx as Db, order.id, held ? 'IN_PREPARATION' : 'HOLD_REFUSED', origin);
  });
  return held;
}
