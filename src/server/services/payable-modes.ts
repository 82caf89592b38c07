// A delivery mode is offered only where the shopper can pay for it: the
// payment modes allowed per mode and store come from the server (docs/product.md §7) and
// online card payments are off by default (docs/product.md §9). Shipping, which the
// cooperative takes only by card, is therefore not offered while card payments
// are off (docs/decisions/005-a-mode-is-offered-only-when-it-can-be-paid.md).
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DeliveryMode } from '#src/shared/contract/cart.ts';
import type { Flags } from '#src/shared/flags.ts';
import type { Db } from '../db/client.ts';

/** SQL: the store in column storeRef has a payment mode for the mode in column modeRef that is on under these flags. */
export function payable(flags: Flags, storeRef: string, modeRef: string): Expression<SqlBool> {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM store_payment_modes pm WHERE pm.store_id = ${sql.ref(storeRef)} AND pm.delivery_mode = ${sql.ref(modeRef)}
    AND (pm.payment_mode <> 'XPAY' OR ${sql.lit(flags.ENABLED_PAYMENTS)}))`;
}

/** The modes some store serves and can be paid for now. */
export async function payableModes(db: Db, flags: Flags): Promise<Set<DeliveryMode>> {
  const rows = await db
    .selectFrom('store_delivery_modes as m')
    .select('m.delivery_mode')
    .distinct()
    .where(payable(flags, 'm.store_id', 'm.delivery_mode'))
    .execute();
  return new Set(rows.map((r) => r.delivery_mode));
}
