// A delta of the catalogue (docs/catalogue-feed.md, "Deltas"): the prices, availability and
// promotions of some products in some stores, as the ERP sends them during the day. Judged
// row by row like a full feed (the same row schemas and report), against the catalogue in
// the database, and written in ONE transaction: one refused row and nothing is written.
// What the delta does not name stays as it is. A delta that changes nothing records no new
// catalogue version (the site is not rebuilt for it).
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DbHandle } from '../db/client.ts';
import { romeToday } from '#src/shared/time.ts';
import { forgetCatalogueVersion } from '../catalogue-version.ts';
import { bulk, rows, type Trx } from './bulk-sql.ts';
import {
  availabilityRow,
  type CatalogueDelta,
  deltaEnvelope,
  deltaPriceRow,
  type DeltaSection,
  deltaSections,
  euroToCents,
  FEED_VERSION,
  promotionEndRow,
  promotionRow,
} from './feed.ts';
import type { ImportReport } from './import.ts';
import { describe, type RejectedRow, type SectionCount } from './validate.ts';
import type { z } from 'zod';

/** A delta refused: thrown inside its transaction, so that what was written there (the feed id's claim) rolls back. */
class Refused extends Error {
  readonly report: ImportReport;
  constructor(report: ImportReport) {
    super(report.message);
    this.report = report;
  }
}

/** Is this parsed body a delta rather than a full feed? */
export const isDelta = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'delta';

interface Known {
  stores: Set<number>;
  products: Map<string, number>;
  /** `storeId/productId` of the products sold in each store now. */
  sold: Set<string>;
}

/** The stores, products and shelves the delta names, read in the transaction that writes it. */
async function readKnown(trx: Trx, storeIds: number[], barcodes: string[]): Promise<Known> {
  const stores = storeIds.length
    ? await trx.selectFrom('stores').select('id').where('id', 'in', storeIds).execute()
    : [];
  const products = barcodes.length
    ? await trx.selectFrom('products').select(['id', 'barcode']).where('barcode', 'in', barcodes).execute()
    : [];
  const productIds = products.map((p) => p.id);
  const sold =
    productIds.length && stores.length
      ? await trx
          .selectFrom('store_products')
          .select(['store_id', 'product_id'])
          .where('product_id', 'in', productIds)
          .where(
            'store_id',
            'in',
            stores.map((s) => s.id),
          )
          .execute()
      : [];
  return {
    stores: new Set(stores.map((s) => s.id)),
    products: new Map(products.map((p) => [p.barcode, Number(p.id)])),
    sold: new Set(sold.map((s) => `${s.store_id}/${s.product_id}`)),
  };
}

const field = (raw: unknown, name: string): string => {
  const v = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[name] : undefined;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '?';
};
const pairKey = (raw: unknown) => `${field(raw, 'storeId')}/${field(raw, 'barcode')}`;

interface DeltaJudgement {
  delta: CatalogueDelta | null;
  counts: Record<DeltaSection, SectionCount>;
  rejected: RejectedRow[];
}

/** Judges a delta's rows: each against its schema, then against the catalogue (known) and the rows before it. */
async function judgeDelta(trx: Trx, value: unknown): Promise<DeltaJudgement> {
  const counts = Object.fromEntries(deltaSections.map((s) => [s, { received: 0, accepted: 0, rejected: 0 }])) as Record<
    DeltaSection,
    SectionCount
  >;
  const rejected: RejectedRow[] = [];
  const top = deltaEnvelope.safeParse(value);
  if (!top.success) {
    rejected.push({
      section: 'feed',
      index: -1,
      key: '',
      reason: `Struttura del delta non valida (attesi version: ${FEED_VERSION}, kind: "delta" e le sezioni ${deltaSections.join(', ')}): ${describe(top.error)}`,
    });
    return { delta: null, counts, rejected };
  }
  for (const s of deltaSections) counts[s].received = top.data[s].length;
  if (deltaSections.every((s) => top.data[s].length === 0)) {
    rejected.push({ section: 'feed', index: -1, key: '', reason: 'Il delta non contiene righe: nulla da applicare.' });
    return { delta: null, counts, rejected };
  }
  const all = deltaSections.flatMap((s) => top.data[s]);
  const storeIds = [...new Set(all.map((r) => Number(field(r, 'storeId'))).filter((n) => Number.isSafeInteger(n)))];
  const barcodes = [...new Set(all.map((r) => field(r, 'barcode')).filter((b) => /^[0-9]{13}$/.test(b)))];
  const known = await readKnown(trx, storeIds, barcodes);

  function judge<T extends { storeId: number; barcode: string }>(
    section: DeltaSection,
    schema: z.ZodType<T>,
    check: (row: T, productId: number) => string | null,
  ): (T & { productId: number })[] {
    const accepted: (T & { productId: number })[] = [];
    for (const [index, raw] of top.data![section].entries()) {
      const parsed = schema.safeParse(raw);
      let reason: string | null;
      if (!parsed.success) reason = describe(parsed.error);
      else if (!known.stores.has(parsed.data.storeId)) reason = `negozio sconosciuto: ${parsed.data.storeId}`;
      else if (!known.products.has(parsed.data.barcode)) reason = `prodotto sconosciuto: ${parsed.data.barcode}`;
      else reason = check(parsed.data, known.products.get(parsed.data.barcode)!);
      if (reason === null && parsed.success)
        accepted.push({ ...parsed.data, productId: known.products.get(parsed.data.barcode)! });
      else rejected.push({ section, index, key: pairKey(raw), reason: reason ?? '' });
    }
    counts[section].accepted = accepted.length;
    counts[section].rejected = top.data![section].length - accepted.length;
    return accepted;
  }
  const once = (seen: Set<string>, key: string, what: string) => {
    if (seen.has(key)) return `${what} ripetuto`;
    seen.add(key);
    return null;
  };
  const priced = new Set<string>();
  const prices = judge('prices', deltaPriceRow, (r, p) =>
    once(priced, `${r.storeId}/${p}`, 'prezzo per negozio e prodotto'),
  );
  const sold = (storeId: number, productId: number) =>
    known.sold.has(`${storeId}/${productId}`) || priced.has(`${storeId}/${productId}`);
  const notSold = (r: { storeId: number; barcode: string }) =>
    `il prodotto ${r.barcode} non è in vendita nel negozio ${r.storeId}: manda prima il suo prezzo (sezione prices)`;
  const flagged = new Set<string>();
  const availability = judge('availability', availabilityRow, (r, p) => {
    if (!sold(r.storeId, p)) return notSold(r);
    if (priced.has(`${r.storeId}/${p}`))
      return 'negozio e prodotto già nella sezione prices (usa il suo campo available)';
    return once(flagged, `${r.storeId}/${p}`, 'disponibilità per negozio e prodotto');
  });
  const promoted = new Set<string>();
  const promotions = judge('promotions', promotionRow, (r, p) => {
    if (!sold(r.storeId, p)) return notSold(r);
    promoted.add(`${r.storeId}/${p}`);
    return null;
  });
  const ended = new Set<string>();
  const promotionsEnded = judge('promotionsEnded', promotionEndRow, (r, p) => {
    if (promoted.has(`${r.storeId}/${p}`))
      return 'negozio e prodotto già nella sezione promotions (le sue righe sostituiscono le promozioni)';
    return once(ended, `${r.storeId}/${p}`, 'fine promozione per negozio e prodotto');
  });
  rejected.sort(
    (a, b) =>
      deltaSections.indexOf(a.section as DeltaSection) - deltaSections.indexOf(b.section as DeltaSection) ||
      a.index - b.index,
  );
  const strip = <T extends { productId: number }>(r: T) => r;
  return {
    delta: {
      prices: prices.map(strip),
      availability: availability.map(strip),
      promotions: promotions.map(strip),
      promotionsEnded: promotionsEnded.map(strip),
    },
    counts,
    rejected,
  };
}

type WithIds<T> = T & { productId: number };

/** Writes a judged delta; answers how many shelves and promotions it changed. */
async function writeDelta(trx: Trx, delta: { [K in keyof CatalogueDelta]: WithIds<CatalogueDelta[K][number]>[] }) {
  const today = romeToday();
  let changed = 0;
  const touched = new Set<number>();
  // Prices: a changed price is recorded in the price history by the trigger of migration 0009;
  // a product newly sold in a store starts its history today.
  const prices = delta.prices.map((p) => ({
    s: p.storeId,
    p: p.productId,
    c: euroToCents(p.price),
    a: p.available ?? null,
  }));
  await bulk(trx, prices, async (j) => {
    const updated = await sql`UPDATE store_products sp SET price_cents = x.c, available = coalesce(x.a, sp.available)
      FROM ${rows(j, 's int, p bigint, c int, a bool')}
      WHERE sp.store_id = x.s AND sp.product_id = x.p AND (sp.price_cents <> x.c OR sp.available <> coalesce(x.a, sp.available))
      RETURNING sp.store_id`.execute(trx);
    const inserted = await sql<{
      product_id: number;
    }>`INSERT INTO store_products (store_id, product_id, price_cents, available)
      SELECT s, p, c, coalesce(a, true) FROM ${rows(j, 's int, p bigint, c int, a bool')}
      ON CONFLICT (store_id, product_id) DO NOTHING RETURNING product_id`.execute(trx);
    changed += updated.rows.length + inserted.rows.length;
    for (const r of inserted.rows) touched.add(Number(r.product_id));
  });
  await sql`INSERT INTO price_history (store_id, product_id, kind, valid_from, price_cents)
    SELECT sp.store_id, sp.product_id, 'SHELF', ${today}::date, sp.price_cents FROM store_products sp
    WHERE sp.product_id IN (SELECT value::bigint FROM jsonb_array_elements_text(${JSON.stringify([...touched])}::jsonb))
      AND NOT EXISTS (SELECT 1 FROM price_history h WHERE h.store_id = sp.store_id AND h.product_id = sp.product_id
        AND h.kind = 'SHELF' AND h.valid_to IS NULL)`.execute(trx);
  if (touched.size > 0) {
    // The stores of each product newly sold somewhere, on its row and on its narrow search copy (migrations 0013, 0014).
    const ids = sql`(SELECT value::bigint FROM jsonb_array_elements_text(${JSON.stringify([...touched])}::jsonb))`;
    await sql`UPDATE products p SET store_ids = x.ids
      FROM (SELECT product_id, array_agg(store_id ORDER BY store_id) AS ids FROM store_products
        WHERE product_id IN ${ids} GROUP BY product_id) x
      WHERE x.product_id = p.id AND p.store_ids <> x.ids`.execute(trx);
    await sql`UPDATE product_search s SET store_ids = p.store_ids FROM products p
      WHERE p.id = s.id AND s.id IN ${ids} AND s.store_ids <> p.store_ids`.execute(trx);
  }
  // Availability alone: the price stays.
  await bulk(
    trx,
    delta.availability.map((r) => ({ s: r.storeId, p: r.productId, a: r.available })),
    async (j) => {
      const result = await sql`UPDATE store_products sp SET available = x.a FROM ${rows(j, 's int, p bigint, a bool')}
        WHERE sp.store_id = x.s AND sp.product_id = x.p AND sp.available <> x.a RETURNING sp.store_id`.execute(trx);
      changed += result.rows.length;
    },
  );
  // Promotions: those of each store and product named are replaced (or end, promotionsEnded), their history as an import keeps it.
  const pairs = [
    ...new Map(
      [...delta.promotions, ...delta.promotionsEnded].map((r) => [
        `${r.storeId}/${r.productId}`,
        { s: r.storeId, p: r.productId },
      ]),
    ).values(),
  ];
  if (pairs.length > 0) {
    const json = JSON.stringify(pairs);
    const named = sql`EXISTS (SELECT 1 FROM ${rows(json, 's int, p bigint')} WHERE x.s = t.store_id AND x.p = t.product_id)`;
    const signature = async () =>
      (
        await sql<{
          sig: string | null;
        }>`SELECT string_agg(concat_ws('|', t.store_id, t.product_id, t.description, t.value_type,
          t.value, t.valid_from, t.valid_to), ',' ORDER BY t.store_id, t.product_id, t.valid_from, t.description) AS sig
        FROM promotions t WHERE ${named}`.execute(trx)
      ).rows[0]?.sig ?? '';
    const before = await signature();
    await sql`DELETE FROM price_history t WHERE t.kind = 'PROMO' AND t.valid_from > ${today}::date AND ${named}`.execute(
      trx,
    );
    await sql`UPDATE price_history t SET valid_to = ${today}::date WHERE t.kind = 'PROMO' AND t.valid_to > ${today}::date AND ${named}`.execute(
      trx,
    );
    await sql`DELETE FROM promotions t WHERE ${named}`.execute(trx);
    await bulk(
      trx,
      delta.promotions,
      (j) => sql`INSERT INTO promotions (store_id, product_id, description, value_type, value, valid_from, valid_to)
      SELECT "storeId", "productId", description, "valueType", value, "validFrom", "validTo"
      FROM ${rows(j, '"storeId" int, "productId" bigint, description text, "valueType" text, value numeric, "validFrom" date, "validTo" date')}`,
    );
    // A promotion's price is the one the listing shows; one that lowers nothing is no price applied (write.ts).
    await sql`INSERT INTO price_history (store_id, product_id, kind, valid_from, valid_to, price_cents)
      SELECT DISTINCT ON (pr.store_id, pr.product_id, pr.valid_from) pr.store_id, pr.product_id, 'PROMO', pr.valid_from, pr.valid_to, n.cents
      FROM promotions pr
      JOIN store_products sp ON sp.store_id = pr.store_id AND sp.product_id = pr.product_id
      CROSS JOIN LATERAL (SELECT (CASE WHEN pr.value_type = 'NEW_PRICE' THEN LEAST(sp.price_cents, round(pr.value * 100))
        WHEN pr.value_type = 'PERCENTAGE' THEN round(sp.price_cents * (100 - pr.value) / 100) ELSE sp.price_cents END)::int AS cents) n
      WHERE n.cents < sp.price_cents AND n.cents > 0
        AND EXISTS (SELECT 1 FROM ${rows(json, 's int, p bigint')} WHERE x.s = pr.store_id AND x.p = pr.product_id)
      ORDER BY pr.store_id, pr.product_id, pr.valid_from, n.cents, pr.valid_to DESC
      ON CONFLICT (store_id, product_id, valid_from) WHERE kind = 'PROMO'
      DO UPDATE SET valid_to = excluded.valid_to, price_cents = excluded.price_cents`.execute(trx);
    if ((await signature()) !== before) changed += 1;
  }
  // Each promotion's lowest price of the 30 days before it, after the prices and promotions changed.
  if (changed > 0) await sql`SELECT refresh_lowest_prices()`.execute(trx);
  return changed;
}

/**
 * Applies a delta: judged and written in one transaction (within: the feed id claimed, the
 * report kept, feeds.ts). A refused row refuses the whole delta (its report says which).
 */
export async function applyDelta(
  handle: Pick<DbHandle, 'db'>,
  value: unknown,
  within?: { begin(trx: Trx): Promise<void>; end(trx: Trx, report: ImportReport): Promise<void> },
): Promise<ImportReport> {
  const started = performance.now();
  const result = await handle.db
    .transaction()
    .execute(async (trx) => {
      await within?.begin(trx);
      const { delta, counts, rejected } = await judgeDelta(trx, value);
      const report = (imported: boolean, version: string | null, message: string): ImportReport => ({
        imported,
        version,
        counts,
        rejected,
        incomplete: [],
        withdrawn: 0,
        durationMs: Math.round(performance.now() - started),
        message,
      });
      // Thrown, so that the transaction rolls back what within.begin wrote (the feed id's claim).
      if (!delta)
        throw new Refused(
          report(false, null, `Delta rifiutato: ${rejected[0]?.reason}. Nessuna modifica al database.`),
        );
      if (rejected.length > 0)
        throw new Refused(
          report(false, null, `Delta rifiutato: ${rejected.length} righe non valide. Nessuna modifica al database.`),
        );
      const changed = await writeDelta(trx, delta as Parameters<typeof writeDelta>[1]);
      const summary = deltaSections.map((s) => `${s} ${counts[s].accepted}`).join(', ');
      let done: ImportReport;
      if (changed === 0) {
        const row = await trx
          .selectFrom('catalogue_meta')
          .select('value')
          .where('key', '=', 'version')
          .executeTakeFirst();
        done = report(
          true,
          row?.value ?? null,
          `Delta applicato senza modifiche (${summary}): il catalogo era già così.`,
        );
      } else {
        const previous = await trx
          .selectFrom('catalogue_meta')
          .select('value')
          .where('key', '=', 'version')
          .executeTakeFirst();
        const version = createHash('sha256')
          .update(`${previous?.value ?? ''}\n${JSON.stringify(delta)}`)
          .digest('hex')
          .slice(0, 16);
        await sql`INSERT INTO catalogue_meta (key, value) VALUES ('version', ${version}), ('importedAt', ${new Date().toISOString()})
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(trx);
        done = report(true, version, `Delta applicato, catalogo ${version}: ${summary}; ${changed} righe cambiate.`);
      }
      await within?.end(trx, done);
      return done;
    })
    .catch((error: unknown) => {
      if (error instanceof Refused) return error.report;
      throw error;
    });
  if (result.imported) forgetCatalogueVersion(handle.db);
  return result;
}
