// The legacy hosted form (IPG Connect; docs/product.md §2 /payments, §3 legacy boarding
// form): a card association through a 0,01 € verification, released at once and never
// charged; the provider's signed notification, for a verification or an order's hold;
// and where the browser goes back to from the hosted page.
import { BusinessError, NotYours } from '../outcomes.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { toCents } from '#src/shared/contract/money.ts';
import { VERIFICATION_AMOUNT_CENTS, type LegacyBoardingForm } from '#src/shared/contract/payments.ts';
import { newCode } from '../../payments/providers.ts';
import { recordBoarding } from './card-association.ts';
import { findTx, logEvent, type PaymentDeps } from './ledger.ts';
import { authorise, orderLanding } from './order-hold.ts';
import { release } from './settlement.ts';

const legacyPayments = '/app/payments';

/** The hosted form's signed fields for a card association (the 0,01 € verification). */
export async function startLegacyBoarding(
  { db, ipg }: Pick<PaymentDeps, 'db' | 'ipg'>,
  userId: number,
  origin: string,
): Promise<LegacyBoardingForm> {
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
export async function ipgNotification(
  deps: Pick<PaymentDeps, 'db' | 'xpay' | 'ipg'>,
  p: Record<string, string>,
  origin: string,
): Promise<void> {
  const { db, ipg } = deps;
  if (!ipg.verifyNotification(p)) throw new BusinessError(ErrorCode.BAD_SIGNATURE);
  const tx = await findTx(db, p['oid'] ?? '', null, 'IPG');
  if (
    !tx ||
    String(tx.user_id) !== (p['addInfo4'] ?? String(tx.user_id)) ||
    (p['hosteddataid'] && p['hosteddataid'] !== tx.contract_number)
  )
    throw new NotYours();
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
      db,
      tx,
      approved,
      { maskedPan: p['cardnumber'] || null, brand: p['ccbrand'] || null, expiry },
      detail,
    );
    // The 0.01 € verification is only to validate the card: released at once.
    if (stored && approved) await release(deps, { ...tx, status: 'APPROVED' }, origin, 'verifica della carta');
    return;
  }
  await authorise(deps, tx, approved, detail, origin);
}

/** Where the browser goes after the legacy hosted page: decided by what the notification recorded. */
export async function ipgReturn(
  { db, ipg }: Pick<PaymentDeps, 'db' | 'ipg'>,
  p: Record<string, string>,
): Promise<string> {
  const tx = p['oid'] ? await findTx(db, p['oid'], null, 'IPG') : undefined;
  const valid = tx !== undefined && ipg.verifyResponse(p);
  if (!tx || !valid) return `${legacyPayments}?boarding=ko`;
  if (tx.kind === 'VERIFY')
    return `${legacyPayments}?boarding=${tx.status === 'APPROVED' || tx.status === 'VOIDED' ? 'ok' : 'ko'}`;
  return orderLanding(db, tx);
}
