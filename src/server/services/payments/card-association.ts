// Saved cards (docs/product.md §2 /profile/payments; docs/payments.md): the list, the
// association through the XPay lightbox (amount 0) and its signed result, the removal,
// and the removal within a profile deletion. The legacy hosted form's association ends
// in recordBoarding too (legacy-form.ts).
import type { Selectable } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { BusinessError, NotYours } from '../outcomes.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import type { BoardingStart, LightboxConfig, PaymentMethod } from '#src/shared/contract/payments.ts';
import { newCode } from '../../payments/providers.ts';
import { findTx, logEvent, type PaymentDeps, type Tx } from './ledger.ts';

const profilePayments = '/app/profile/payments';

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

/** The customer's saved card, if any. */
export async function activeMethod(db: Db, userId: number) {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function listMethods(db: Db, userId: number): Promise<PaymentMethod[]> {
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
export async function removeMethodsIn(trx: Db, userId: number): Promise<void> {
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

export async function removeMethod(db: Db, userId: number): Promise<PaymentMethod[]> {
  await db.transaction().execute((trx) => removeMethodsIn(trx as Db, userId));
  return listMethods(db, userId);
}

/** The lightbox's settings for the browser: no secret. */
export function lightboxConfig(config: Config, origin: string): LightboxConfig {
  return {
    alias: config.payments.xpay.alias,
    environment: config.payments.sandbox ? 'SANDBOX' : 'PRODUCTION',
    providerOrigin: new URL(config.payments.xpay.url, origin).origin,
    serviceType: 'paga_1click',
    requestType: 'PP',
    language: 'ITA',
  };
}

/** One signed association in the lightbox (amount 0), its transaction PENDING until the result comes. */
export async function startBoarding(
  { db, xpay }: Pick<PaymentDeps, 'db' | 'xpay'>,
  userId: number,
  origin: string,
): Promise<BoardingStart> {
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
    url: `${origin}${profilePayments}`,
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
export async function recordBoarding(
  db: Db,
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

/** The XPay esito for a card association (urlpost): signed, for that profile's own transaction only. */
export async function xpayBoardCallback(
  { db, xpay }: Pick<PaymentDeps, 'db' | 'xpay'>,
  profileId: number,
  p: Record<string, string>,
): Promise<void> {
  if (!xpay.verifyEsito(p)) throw new BusinessError(ErrorCode.BAD_SIGNATURE);
  const tx = await findTx(db, p['codTrans'] ?? '', 'VERIFY', 'XPAY');
  if (!tx || tx.user_id !== profileId || (p['num_contratto'] && p['num_contratto'] !== tx.contract_number))
    throw new NotYours();
  await recordBoarding(
    db,
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
