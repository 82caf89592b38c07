// A store's details in a catalogue import: hours, exceptions, services,
// departments, delivery and payment modes, slot templates and delivery towns.
// Booked slots refer to slot templates (and these to delivery modes), so
// templates are upserted by (store, mode, week day, start) and one that left
// the feed is deleted only when no slot was ever made from it; otherwise its
// capacity drops to 0, so no new slot offers it.
import { sql } from 'kysely';
import type { CatalogueFeed } from './feed.ts';
import { bulk, inList, rows, type Trx } from './bulk-sql.ts';

export async function writeStoreDetails(trx: Trx, feed: CatalogueFeed): Promise<void> {
  const storeIds = inList(
    feed.stores.map((s) => s.id),
    'int',
  );
  const modes = feed.stores.flatMap((s) => s.deliveryModes.map((m) => ({ storeId: s.id, mode: m.mode })));
  const payments = feed.stores.flatMap((s) =>
    s.deliveryModes.flatMap((m) =>
      [...new Set(m.paymentModes)].map((p) => ({ storeId: s.id, mode: m.mode, payment: p })),
    ),
  );
  const templates = feed.stores.flatMap((s) => s.slotTemplates.map((t) => ({ storeId: s.id, ...t })));

  await bulk(
    trx,
    modes,
    (j) => sql`INSERT INTO store_delivery_modes (store_id, delivery_mode)
    SELECT "storeId", mode FROM ${rows(j, '"storeId" int, mode text')} ON CONFLICT DO NOTHING`,
  );
  await sql`DELETE FROM store_payment_modes WHERE store_id IN ${storeIds}`.execute(trx);
  await bulk(
    trx,
    payments,
    (j) => sql`INSERT INTO store_payment_modes (store_id, delivery_mode, payment_mode)
    SELECT "storeId", mode, payment FROM ${rows(j, '"storeId" int, mode text, payment text')}`,
  );

  await bulk(
    trx,
    templates,
    (
      j,
    ) => sql`INSERT INTO slot_templates (store_id, delivery_mode, week_day, starts_at, ends_at, capacity, cutoff_minutes)
    SELECT "storeId", mode, "weekDay", "startsAt", "endsAt", capacity, "cutoffMinutes"
    FROM ${rows(j, '"storeId" int, mode text, "weekDay" int, "startsAt" time, "endsAt" time, capacity int, "cutoffMinutes" int')}
    ON CONFLICT (store_id, delivery_mode, week_day, starts_at)
    DO UPDATE SET ends_at = excluded.ends_at, capacity = excluded.capacity, cutoff_minutes = excluded.cutoff_minutes`,
  );
  const kept = sql`(SELECT 1 FROM ${rows(JSON.stringify(templates), '"storeId" int, mode text, "weekDay" int, "startsAt" time')}
    WHERE x."storeId" = t.store_id AND x.mode = t.delivery_mode AND x."weekDay" = t.week_day AND x."startsAt" = t.starts_at)`;
  await sql`DELETE FROM slot_templates t WHERE t.store_id IN ${storeIds} AND NOT EXISTS ${kept}
    AND NOT EXISTS (SELECT 1 FROM slots s WHERE s.template_id = t.id)`.execute(trx);
  await sql`UPDATE slot_templates t SET capacity = 0 WHERE t.store_id IN ${storeIds} AND NOT EXISTS ${kept}`.execute(
    trx,
  );
  // A mode the store no longer offers goes, unless booked slots still hang on it.
  await sql`DELETE FROM store_delivery_modes m WHERE m.store_id IN ${storeIds}
    AND NOT EXISTS (SELECT 1 FROM ${rows(JSON.stringify(modes), '"storeId" int, mode text')} WHERE x."storeId" = m.store_id AND x.mode = m.delivery_mode)
    AND NOT EXISTS (SELECT 1 FROM slot_templates t WHERE t.store_id = m.store_id AND t.delivery_mode = m.delivery_mode)`.execute(
    trx,
  );

  for (const table of ['store_timetables', 'store_openings', 'store_services', 'store_departments']) {
    await sql`DELETE FROM ${sql.table(table)} WHERE store_id IN ${storeIds}`.execute(trx);
  }
  const perStore = <T>(pick: (s: CatalogueFeed['stores'][number]) => T[]) =>
    feed.stores.flatMap((s) => pick(s).map((row) => ({ storeId: s.id, ...row })));
  await bulk(
    trx,
    perStore((s) => s.timetables),
    (j) => sql`INSERT INTO store_timetables (store_id, week_day, opens, closes)
    SELECT "storeId", "weekDay", opens, closes FROM ${rows(j, '"storeId" int, "weekDay" int, opens time, closes time')}
    ON CONFLICT DO NOTHING`,
  );
  await bulk(
    trx,
    perStore((s) => s.openings),
    (j) => sql`INSERT INTO store_openings (store_id, day, opens, closes, note)
    SELECT "storeId", day, opens, closes, note FROM ${rows(j, '"storeId" int, day date, opens time, closes time, note text')}
    ON CONFLICT DO NOTHING`,
  );
  await bulk(
    trx,
    perStore((s) => [...new Set(s.services)].map((service) => ({ service }))),
    (j) => sql`INSERT INTO store_services (store_id, service)
    SELECT "storeId", service FROM ${rows(j, '"storeId" int, service text')}`,
  );
  await bulk(
    trx,
    perStore((s) => s.departments),
    (j) => sql`INSERT INTO store_departments (store_id, name, phone, email, hours)
    SELECT "storeId", name, phone, email, hours FROM ${rows(j, '"storeId" int, name text, phone text, email text, hours text')}`,
  );

  await sql`DELETE FROM delivery_towns`.execute(trx);
  await bulk(
    trx,
    feed.deliveryTowns,
    (j) => sql`INSERT INTO delivery_towns (town, store_id)
    SELECT town, "storeId" FROM ${rows(j, 'town text, "storeId" int')}`,
  );
}
