// The service facts the FAQ and the terms state (docs/product.md §1, §9), read from the
// stores' data at build time: after an import of other stores, towns or fees
// the static pages say what the shop now does. Modes count only where they
// can be paid under the flags, as the store pages list them (decision 005).
import { toEuro } from '#src/shared/contract/money.ts';
import type { ServiceFacts } from '#src/shared/contract/stores.ts';
import { isDelivered, isPickup } from '#src/shared/delivery-modes.ts';
import type { Flags } from '#src/shared/flags.ts';
import type { Db } from '../db/client.ts';
import { payable } from './payable-modes.ts';

/** The value most stores have (the lowest of equally common ones); 0 without stores. */
function usual(values: number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const ranked = [...counts].sort(([a, n], [b, m]) => m - n || a - b);
  return ranked[0]?.[0] ?? 0;
}

export async function serviceFacts(db: Db, flags: Flags): Promise<ServiceFacts> {
  const [modes, towns, terms] = await Promise.all([
    db
      .selectFrom('store_delivery_modes as m')
      .select(['m.store_id', 'm.delivery_mode'])
      .where(payable(flags, 'm.store_id', 'm.delivery_mode'))
      .execute(),
    db.selectFrom('delivery_towns').select(['town', 'store_id']).execute(),
    db.selectFrom('stores').select(['id', 'min_net_total_cents', 'delivery_fee_cents', 'bag_fee_cents']).execute(),
  ]);
  const storesWith = (test: (mode: string) => boolean) =>
    new Set(modes.filter((m) => test(m.delivery_mode)).map((m) => m.store_id));
  const pickup = storesWith(isPickup);
  const delivering = storesWith(isDelivered);
  const homeDelivery = storesWith((mode) => mode === 'AT_HOME');
  const selling = terms.filter((s) => pickup.has(s.id) || delivering.has(s.id));
  return {
    pickupStores: pickup.size,
    deliveryTowns: [...new Set(towns.filter((t) => homeDelivery.has(t.store_id)).map((t) => t.town))].sort((a, b) =>
      a.localeCompare(b, 'it'),
    ),
    minNetTotal: toEuro(usual(selling.map((s) => s.min_net_total_cents))),
    maxDeliveryFee: toEuro(
      Math.max(0, ...selling.filter((s) => delivering.has(s.id)).map((s) => s.delivery_fee_cents)),
    ),
    bagFee: toEuro(usual(selling.map((s) => s.bag_fee_cents))),
  };
}
