// What a card hold takes (docs/payments.md, what the shopper sees): the total plus
// PREAUTH_SURCHARGE_PERCENT of the variable-weight rows, for a cart before booking or for
// the customer's confirmed order (its rows confirmed unavailable left out). The order
// hold (order-hold.ts) holds this amount.
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { NotYours } from '../outcomes.ts';
import { toCents, toEuro } from '#src/shared/contract/money.ts';
import { preauthCents, type PreauthQuote } from '#src/shared/contract/payments.ts';
import { cartView, ownedCart } from '../cart.ts';
import type { PaymentDeps } from './ledger.ts';

/** The customer's order of that code; another customer's is forbidden, none is 4205. */
export async function userOrderByCode(db: Db, userId: number, orderCode: string) {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('code', '=', orderCode)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  // Another customer's order and no order at all get the same answer: a caller learns nothing of codes not theirs.
  if (!order) throw new NotYours();
  return order;
}

function quoteOf(config: Config, totalToPayCents: number, variableWeightCents: number): PreauthQuote {
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

export async function orderQuote(
  db: Db,
  config: Config,
  orderId: number,
  totalToPayCents: number,
): Promise<PreauthQuote> {
  // The surcharge covers the confirmed rows sold by weight: a row the store confirmed unavailable is not picked.
  const kg = await db
    .selectFrom('order_rows')
    .select(sql<number>`coalesce(sum(row_net_cents), 0)::int`.as('cents'))
    .where('order_id', '=', orderId)
    .where('um', '=', 'KG')
    .where(sql<boolean>`confirmation IS DISTINCT FROM 'UNAVAILABLE'`)
    .executeTakeFirstOrThrow();
  return quoteOf(config, totalToPayCents, Number(kg.cents));
}

/** What the hold of a cart (before booking) or of the customer's order would be. */
export async function quote(
  { db, config }: Pick<PaymentDeps, 'db' | 'config'>,
  userId: number,
  by: { cartId?: number | undefined; orderCode?: string | undefined },
): Promise<PreauthQuote> {
  if (by.orderCode) {
    const order = await userOrderByCode(db, userId, by.orderCode);
    return orderQuote(db, config, order.id, order.total_to_pay_cents);
  }
  const cart = await ownedCart(db, userId, by.cartId!);
  const view = await cartView(db, cart);
  const kg = view.items.filter((i) => i.um === 'KG' && i.available).reduce((sum, i) => sum + toCents(i.rowNetPrice), 0);
  return quoteOf(config, toCents(view.totalToPay), kg);
}
