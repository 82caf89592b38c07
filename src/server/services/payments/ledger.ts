// What the payment flows share (card-association.ts, order-hold.ts, settlement.ts,
// legacy-form.ts): their dependencies, the provider transactions they look up and
// the append-only log of payment_events. Money in integer cents.
import type { Selectable } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { Ipg, ProviderError, XPay, type ProviderResult, type Transport } from '../../payments/providers.ts';

/** A flow's dependencies: the database, the settings and the two provider clients; each function takes what it uses. */
export interface PaymentDeps {
  db: Db;
  config: Config;
  xpay: XPay;
  ipg: Ipg;
}

/** The flows' dependencies for one shop; the transport carries the server-to-server calls (HTTP, or the in-process sandbox). */
export function paymentDeps(db: Db, config: Config, transport: Transport): PaymentDeps {
  return { db, config, xpay: new XPay(config.payments.xpay, transport), ipg: new Ipg(config.payments.ipg, transport) };
}

export type Tx = Selectable<Database['payment_transactions']>;
type Event =
  | 'BOARDING_STARTED'
  | 'CARD_STORED'
  | 'CARD_REFUSED'
  | 'CARD_REMOVED'
  | 'NONCE_CREATED'
  | 'MIT_REQUESTED'
  | 'AUTHORISED'
  | 'DECLINED'
  | 'CAPTURED'
  | 'VOIDED'
  | 'CAPTURE_FAILED'
  | 'VOID_FAILED';

export async function logEvent(
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

export async function findTx(db: Db, code: string, kind: Tx['kind'] | null, provider: string): Promise<Tx | undefined> {
  let q = db
    .selectFrom('payment_transactions')
    .selectAll()
    .where('transaction_code', '=', code)
    .where('provider', '=', provider);
  if (kind) q = q.where('kind', '=', kind);
  return q.executeTakeFirst();
}

export const providerOf = (deps: Pick<PaymentDeps, 'xpay' | 'ipg'>, name: string) =>
  name === 'IPG' ? deps.ipg : deps.xpay;

/** A provider call's answer; a provider that cannot be reached or answers unsigned is a refusal with its reason. */
export async function askProvider(call: () => Promise<ProviderResult>): Promise<ProviderResult> {
  try {
    return await call();
  } catch (error) {
    // A refusal, the provider out of reach (TypeError), or an answer that is not JSON (an error page).
    if (!(error instanceof ProviderError || error instanceof TypeError || error instanceof SyntaxError)) throw error;
    return { ok: false, message: error.message, raw: {} };
  }
}
