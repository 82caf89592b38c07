// Judges a catalogue feed row by row (docs/catalogue-feed.md): first each row
// against its section's schema, then its references to rows accepted before
// it (store → state, product → level-3 category, price → store and product…).
// A row that refers to a rejected row is rejected too, so the accepted rows
// always form a consistent catalogue.
import type { z } from 'zod';
import {
  bannerRow,
  categoryRow,
  deliveryTownRow,
  feedEnvelope,
  FEED_VERSION,
  priceHistoryRow,
  priceRow,
  productRow,
  promotionRow,
  stateRow,
  storeRow,
  tagRow,
  feedSections,
  type CatalogueFeed,
  type DeltaSection,
  type FeedSection,
} from './feed.ts';
import { missingFoodInfo } from '#src/shared/food-info.ts';

export interface RejectedRow {
  section: FeedSection | DeltaSection | 'feed';
  /** Position in the section (0-based); -1 for the feed as a whole. */
  index: number;
  /** What identifies the row: barcode, id, 'storeId/barcode'… */
  key: string;
  reason: string;
}
/** An accepted food product lacking some mandatory food information: imported, its page says what is missing. */
export interface IncompleteProduct {
  /** Position in the products section (0-based). */
  index: number;
  barcode: string;
  /** The missing fields, in Italian ('quantità netta', 'ingredienti'…). */
  missing: string[];
}
export interface SectionCount {
  received: number;
  accepted: number;
  rejected: number;
}
export interface Judgement {
  feed: CatalogueFeed | null;
  counts: Record<FeedSection, SectionCount>;
  rejected: RejectedRow[];
  incomplete: IncompleteProduct[];
}

const emptyCounts = () =>
  Object.fromEntries(feedSections.map((s) => [s, { received: 0, accepted: 0, rejected: 0 }])) as Record<
    FeedSection,
    SectionCount
  >;

const field = (raw: unknown, name: string): string => {
  const v = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[name] : undefined;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '?';
};
const keyOf: Record<FeedSection, (raw: unknown) => string> = {
  states: (r) => field(r, 'id'),
  stores: (r) => field(r, 'id'),
  deliveryTowns: (r) => field(r, 'town'),
  categories: (r) => field(r, 'id'),
  tags: (r) => field(r, 'id'),
  products: (r) => field(r, 'barcode'),
  prices: (r) => `${field(r, 'storeId')}/${field(r, 'barcode')}`,
  promotions: (r) => `${field(r, 'storeId')}/${field(r, 'barcode')}`,
  banners: (r) => field(r, 'id'),
  priceHistory: (r) => `${field(r, 'storeId')}/${field(r, 'barcode')}/${field(r, 'validFrom')}`,
};

/** A row's schema errors in one line (the first three). */
export const describe = (error: z.ZodError): string =>
  error.issues
    .slice(0, 3)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');

/** Accepts a JSON text or an already parsed value. */
export function judgeFeed(input: unknown): Judgement {
  const counts = emptyCounts();
  const rejected: RejectedRow[] = [];
  const refuse = (reason: string): Judgement => ({
    feed: null,
    counts,
    rejected: [{ section: 'feed', index: -1, key: '', reason }],
    incomplete: [],
  });
  let value = input;
  if (typeof input === 'string' || input instanceof Uint8Array) {
    try {
      value = JSON.parse(typeof input === 'string' ? input : new TextDecoder().decode(input));
    } catch (error) {
      return refuse(`Il file non è un JSON valido: ${(error as Error).message}`);
    }
  }
  const top = feedEnvelope.safeParse(value);
  if (!top.success)
    return refuse(
      `Struttura del feed non valida (attesi version: ${FEED_VERSION} e le sezioni ${feedSections.join(', ')}): ${describe(top.error)}`,
    );
  for (const s of feedSections) counts[s].received = top.data[s].length;
  if (top.data.stores.length === 0 || top.data.products.length === 0)
    return refuse('Il feed non contiene negozi o prodotti: nessun catalogo da importare.');

  function judge<T>(
    section: FeedSection,
    schema: z.ZodType<T>,
    check: (row: T) => string | null,
    order?: (rows: unknown[]) => number[],
  ): T[] {
    const raws = top.data![section];
    const accepted: { index: number; row: T }[] = [];
    for (const index of order ? order(raws) : raws.map((_, i) => i)) {
      const raw = raws[index];
      const parsed = schema.safeParse(raw);
      const reason = parsed.success ? check(parsed.data) : describe(parsed.error);
      if (reason === null && parsed.success) accepted.push({ index, row: parsed.data });
      else rejected.push({ section, index, key: keyOf[section](raw), reason: reason ?? '' });
    }
    counts[section].accepted = accepted.length;
    counts[section].rejected = raws.length - accepted.length;
    return accepted.sort((a, b) => a.index - b.index).map((a) => a.row);
  }
  const once = <K>(seen: Set<K>, key: K, what: string): string | null => {
    if (seen.has(key)) return `${what} ripetuto`;
    seen.add(key);
    return null;
  };

  const stateIds = new Set<string>();
  const states = judge('states', stateRow, (r) => once(stateIds, r.id, 'id regione'));
  const storeModes = new Map<number, Set<string>>();
  const stores = judge('stores', storeRow, (r) => {
    if (storeModes.has(r.id)) return 'id negozio ripetuto';
    if (!stateIds.has(r.stateId)) return `regione sconosciuta: ${r.stateId}`;
    const modes = new Set(r.deliveryModes.map((m) => m.mode));
    const stray = r.slotTemplates.find((t) => !modes.has(t.mode));
    if (stray) return `fascia oraria per una modalità non offerta dal negozio: ${stray.mode}`;
    const slotKeys = r.slotTemplates.map((t) => `${t.mode} ${t.weekDay} ${t.startsAt}`);
    const twice = slotKeys.find((k, i) => slotKeys.indexOf(k) !== i);
    if (twice) return `fascia oraria ripetuta: ${twice}`;
    storeModes.set(r.id, modes);
    return null;
  });
  const towns = new Set<string>();
  const deliveryTowns = judge('deliveryTowns', deliveryTownRow, (r) => {
    if (!storeModes.has(r.storeId)) return `negozio sconosciuto o scartato: ${r.storeId}`;
    if (!storeModes.get(r.storeId)!.has('AT_HOME'))
      return `il negozio ${r.storeId} non offre la consegna a domicilio (AT_HOME)`;
    return once(towns, r.town.toLowerCase(), 'comune');
  });
  const categoryIds = new Set<string>();
  // Parents before children, whatever order the file lists them in.
  const byLevel = (rows: unknown[]) =>
    rows.map((_, i) => i).sort((a, b) => field(rows[a], 'id').length - field(rows[b], 'id').length || a - b);
  const categories = judge(
    'categories',
    categoryRow,
    (r) => {
      if (r.parentId !== null && !categoryIds.has(r.parentId))
        return `categoria padre sconosciuta o scartata: ${r.parentId}`;
      return once(categoryIds, r.id, 'id categoria');
    },
    byLevel,
  );
  const tagIds = new Set<number>();
  const tags = judge('tags', tagRow, (r) => once(tagIds, r.id, 'id tag'));
  const barcodes = new Set<string>();
  const products = judge('products', productRow, (r) => {
    if (!categoryIds.has(r.categoryId)) return `categoria di terzo livello sconosciuta o scartata: ${r.categoryId}`;
    const tag = r.tagIds.find((t) => !tagIds.has(t));
    if (tag !== undefined) return `tag sconosciuto: ${tag}`;
    return once(barcodes, r.barcode, 'codice a barre');
  });
  const known = (storeId: number, barcode: string) =>
    !storeModes.has(storeId)
      ? `negozio sconosciuto o scartato: ${storeId}`
      : !barcodes.has(barcode)
        ? `prodotto sconosciuto o scartato: ${barcode}`
        : null;
  const priced = new Set<string>();
  const prices = judge(
    'prices',
    priceRow,
    (r) => known(r.storeId, r.barcode) ?? once(priced, `${r.storeId}/${r.barcode}`, 'prezzo per negozio e prodotto'),
  );
  const promotions = judge('promotions', promotionRow, (r) => known(r.storeId, r.barcode));
  const priceHistory = judge('priceHistory', priceHistoryRow, (r) => known(r.storeId, r.barcode));
  const bannerIds = new Set<number>();
  const banners = judge('banners', bannerRow, (r) => {
    const unknown = r.barcodes.find((b) => !barcodes.has(b));
    if (unknown) return `prodotto sconosciuto o scartato nel banner: ${unknown}`;
    if (r.validFrom && r.validTo && r.validTo < r.validFrom) return 'validTo precede validFrom';
    return once(bannerIds, r.id, 'id banner');
  });

  // Accepted products keep their feed order: pair each with its position.
  const refusedProducts = new Set(rejected.filter((r) => r.section === 'products').map((r) => r.index));
  const acceptedAt = top.data.products.map((_, i) => i).filter((i) => !refusedProducts.has(i));
  const incomplete = products
    .map((p, i) => ({ index: acceptedAt[i]!, barcode: p.barcode, missing: missingFoodInfo(p) }))
    .filter((p) => p.missing.length > 0);
  rejected.sort(
    (a, b) =>
      feedSections.indexOf(a.section as FeedSection) - feedSections.indexOf(b.section as FeedSection) ||
      a.index - b.index,
  );
  const feed: CatalogueFeed = {
    version: FEED_VERSION,
    states,
    stores,
    deliveryTowns,
    categories,
    tags,
    products,
    prices,
    promotions,
    banners,
    priceHistory,
  };
  return { feed, counts, rejected, incomplete };
}
