// Loading a catalogue feed, as the cooperative's ERP export and the shop's
// catalogue readers see it: all or nothing, ids kept, rejects reported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '#src/server/db/client.ts';
import { openTestDatabase } from './harness.ts';
import { migrate } from '#src/server/db/migrate.ts';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { importCatalogue } from '#src/server/catalogue/import.ts';
import { ean13CheckDigit, type CatalogueFeed } from '#src/server/catalogue/feed.ts';
import { listProducts, productByBarcode } from '#src/server/services/catalogue.ts';
import { romeToday } from '#src/shared/time.ts';

let handle: DbHandle;
/** PGlite in memory, or a database of its own on DATABASE_URL's server (npm run test:pg). */
let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
const feed = generateCatalogue({ products: 300, seed: 7, today: romeToday() });
const copy = (): CatalogueFeed => structuredClone(feed);

beforeAll(async () => {
  database = await openTestDatabase();
  handle = database.handle;
  await migrate(handle);
});
afterAll(async () => {
  await database?.close();
});

const tables = [
  'products',
  'product_search',
  'store_products',
  'promotions',
  'product_images',
  'product_tags',
  'categories',
  'tags',
  'stores',
  'banners',
  'banner_products',
  'delivery_towns',
  'slot_templates',
  'store_timetables',
  'store_payment_modes',
] as const;

/** Everything a reader of the catalogue could notice. */
async function snapshot() {
  const counts: Record<string, number> = {};
  for (const t of tables)
    counts[t] = Number(
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(t)}`.execute(handle.db)).rows[0]!.n,
    );
  const meta = await handle.db.selectFrom('catalogue_meta').selectAll().orderBy('key').execute();
  const prices = await sql<{
    s: number;
  }>`SELECT coalesce(sum(price_cents), 0)::bigint AS s FROM store_products`.execute(handle.db);
  return { counts, meta, priceSum: Number(prices.rows[0]!.s) };
}

describe('importCatalogue', () => {
  it('fills the catalogue tables from a 300-product feed', async () => {
    const report = await importCatalogue(handle, feed);
    expect(report.imported).toBe(true);
    expect(report.rejected).toEqual([]);
    expect(report.version).toMatch(/^[0-9a-f]{16}$/);
    expect(report.counts.products).toEqual({ received: 300, accepted: 300, rejected: 0 });
    const { counts, meta } = await snapshot();
    expect(counts).toMatchObject({
      products: 300,
      store_products: 3300,
      promotions: feed.promotions.length,
      product_images: feed.products.reduce((n, p) => n + p.images.length, 0),
      categories: feed.categories.length,
      tags: 12,
      stores: 11,
      banners: 6,
      delivery_towns: 8,
    });
    expect(counts['slot_templates']).toBeGreaterThan(100);
    expect(meta.find((m) => m.key === 'version')?.value).toBe(report.version);
    expect(meta.find((m) => m.key === 'importedAt')?.value).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('leaves the planner statistics of every table a product page or listing reads (PGlite has no autovacuum)', async () => {
    expect((await importCatalogue(handle, feed)).imported).toBe(true);
    const read = ['products', 'product_images', 'product_search', 'store_products', 'promotions', 'banner_products'];
    const { rows } = await sql<{ tablename: string }>`SELECT DISTINCT tablename FROM pg_stats
      WHERE schemaname = current_schema() AND tablename = ANY(${read}::text[])`.execute(handle.db);
    expect(rows.map((r) => r.tablename).sort()).toEqual([...read].sort());
  });

  it('gives the same version to the same catalogue written with its keys in another order', async () => {
    const reordered = copy();
    reordered.products = reordered.products.map((p) => Object.fromEntries(Object.entries(p).reverse()) as typeof p);
    const first = await importCatalogue(handle, feed);
    const second = await importCatalogue(handle, JSON.stringify(reordered));
    expect(second.version).toBe(first.version);
  });

  it('reads back through the catalogue service with euro prices and the store promotion', async () => {
    const promo = feed.promotions.find((p) => p.storeId === 1109 && p.valueType === 'PERCENTAGE')!;
    const price = feed.prices.find((p) => p.storeId === 1109 && p.barcode === promo.barcode)!;
    const product = await productByBarcode(handle.db, promo.barcode, 1109);
    expect(product).toMatchObject({ barcode: promo.barcode, price: price.price, available: price.available });
    expect(product.promotions).toEqual([
      { description: promo.description, valueType: 'PERCENTAGE', value: promo.value, validTo: promo.validTo },
    ]);
    expect(product.netPrice).toBe(Math.round(price.price * (100 - promo.value)) / 100);
    const source = feed.products.find((p) => p.barcode === promo.barcode)!;
    expect(product.images).toEqual(source.images);
    expect(product.description).toBe(source.description);

    const fixed = feed.promotions.find((p) => p.storeId === 1109 && p.valueType === 'NEW_PRICE')!;
    expect(await productByBarcode(handle.db, fixed.barcode, 1109)).toMatchObject({ netPrice: fixed.value });

    const onPromotion = new Set(feed.promotions.filter((p) => p.storeId === 1109).map((p) => p.barcode));
    const page = await listProducts(handle.db, 1109, { p: 0, s: 100, onlyPromotions: true });
    expect(page.totalElements).toBe(onPromotion.size);
    expect(page.data.every((p) => onPromotion.has(p.barcode) && p.netPrice < p.price)).toBe(true);
    const frozen = await listProducts(handle.db, 1109, { p: 0, s: 5, category: '04' });
    expect(frozen.totalElements).toBe(feed.products.filter((p) => p.categoryId.startsWith('04')).length);
  });

  it('keeps product ids across imports; a product left out stays but is no longer sold', async () => {
    const before = new Map(
      (await handle.db.selectFrom('products').select(['id', 'barcode']).execute()).map((r) => [r.barcode, r.id]),
    );
    const next = copy();
    const gone = next.products.pop()!;
    next.prices = next.prices.filter((p) => p.barcode !== gone.barcode);
    next.promotions = next.promotions.filter((p) => p.barcode !== gone.barcode);
    next.priceHistory = next.priceHistory.filter((p) => p.barcode !== gone.barcode);
    for (const b of next.banners) b.barcodes = b.barcodes.filter((c) => c !== gone.barcode);
    next.prices[0]!.price = 12.34;
    const report = await importCatalogue(handle, next);
    expect(report.imported).toBe(true);
    expect(report.withdrawn).toBe(1);
    const after = await handle.db.selectFrom('products').select(['id', 'barcode']).execute();
    expect(after).toHaveLength(300);
    for (const row of after) expect(row.id).toBe(before.get(row.barcode));
    const goneId = before.get(gone.barcode)!;
    expect(
      await handle.db.selectFrom('store_products').select('product_id').where('product_id', '=', goneId).execute(),
    ).toEqual([]);
    const first = next.prices[0]!;
    expect((await productByBarcode(handle.db, first.barcode, first.storeId)).price).toBe(12.34);
    expect(await importCatalogue(handle, feed)).toMatchObject({ imported: true, withdrawn: 0 });
    expect(
      await handle.db.selectFrom('products').select('id').where('barcode', '=', gone.barcode).executeTakeFirst(),
    ).toEqual({ id: goneId });
  });

  it('refuses a feed with one bad row whole in strict mode, and imports the rest with skipInvalid', async () => {
    const bad = copy();
    const victim = bad.products[10]!;
    const wrongDigit = ((Number(victim.barcode[12]) + 1) % 10).toString();
    victim.barcode = victim.barcode.slice(0, 12) + wrongDigit;
    victim.description = 'Prodotto con codice sbagliato';
    const before = await snapshot();

    const strict = await importCatalogue(handle, bad);
    expect(strict.imported).toBe(false);
    expect(strict.version).toBeNull();
    expect(strict.message).toMatch(/rifiutato/);
    expect(strict.rejected).toContainEqual({
      section: 'products',
      index: 10,
      key: victim.barcode,
      reason: expect.stringMatching(/EAN-13/),
    });
    expect(await snapshot()).toEqual(before);

    const lenient = await importCatalogue(handle, bad, { skipInvalid: true });
    expect(lenient.imported).toBe(true);
    expect(lenient.counts.products).toEqual({ received: 300, accepted: 299, rejected: 1 });
    const after = await snapshot();
    expect(after.counts['products']).toBe(300); // the real product stays, withdrawn
    expect(after.counts['store_products']).toBe(3300 - 11);
    expect(
      await handle.db
        .selectFrom('products')
        .select('id')
        .where('description', '=', 'Prodotto con codice sbagliato')
        .execute(),
    ).toEqual([]);
    await importCatalogue(handle, feed);
  });

  it('rejects rows whose references are unknown, naming each', async () => {
    const bad = copy();
    bad.prices[5] = { ...bad.prices[5]!, storeId: 4242 };
    bad.products[3] = { ...bad.products[3]!, categoryId: '0401' };
    bad.categories.push({ id: '9901', parentId: '99', description: 'Orfana', slug: 'orfana', position: 1 });
    const report = await importCatalogue(handle, bad);
    expect(report.imported).toBe(false);
    const reasons = report.rejected.map((r) => `${r.section}:${r.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^prices:negozio sconosciuto/),
        expect.stringMatching(/^products:.*categoria di terzo livello/),
        expect.stringMatching(/^categories:categoria padre sconosciuta/),
      ]),
    );
    // The product's own prices fall with it.
    expect(
      report.rejected.filter((r) => r.section === 'prices' && r.key.endsWith(bad.products[3]!.barcode)),
    ).toHaveLength(11);
  });

  it.each(['stores', 'products', 'prices', 'banners'] as const)(
    'leaves the database as it was when the writes fail after %s',
    async (step) => {
      const before = await snapshot();
      const changed = copy();
      changed.prices = changed.prices.map((p) => ({ ...p, price: p.price + 1 }));
      changed.products.push({
        ...changed.products[0]!,
        barcode: `800000000001${ean13CheckDigit('800000000001')}`,
        description: 'Nuovo arrivo',
      });
      await expect(importCatalogue(handle, changed, { failAfter: step })).rejects.toThrow(/interrotto/);
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each([
    ['a text that is not JSON', '{"version": 1, "states": ['],
    ['a wrong format version', { ...feed, version: 2 }],
    ['a section that is not a list', { ...feed, products: {} }],
    ['an empty object', {}],
    ['an array', []],
  ])('changes nothing for a malformed file: %s', async (_label, input) => {
    const before = await snapshot();
    const report = await importCatalogue(handle, input);
    expect(report.imported).toBe(false);
    expect(report.rejected).toEqual([expect.objectContaining({ section: 'feed', index: -1 })]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('listing totals after an import', () => {
  it('follow what the store sells: a product withdrawn from one store leaves its category total and its searches there, a new one joins them', async () => {
    await importCatalogue(handle, feed);
    const target = feed.products.find((p) => feed.prices.some((x) => x.barcode === p.barcode && x.storeId === 1109))!;
    const category = target.categoryId;
    const levels = [category.slice(0, 2), category.slice(0, 4), category];
    const totals = async () =>
      Promise.all(
        levels.map(async (c) => (await listProducts(handle.db, 1109, { p: 0, s: 24, category: c })).totalElements),
      );
    const whole = async () => (await listProducts(handle.db, 1109, { p: 0, s: 24 })).totalElements;
    // A search for the product's exact name, in the store and in the whole catalogue of another.
    const found = async (storeId: number, sort?: 'price-ASC') => {
      const page = await listProducts(handle.db, storeId, {
        p: 0,
        s: 100,
        q: target.description,
        ...(sort ? { sort } : {}),
      });
      return { total: page.totalElements, has: page.data.some((p) => p.barcode === target.barcode) };
    };
    const searchBefore = await found(1109);
    expect(searchBefore.has).toBe(true);
    expect(await found(1109, 'price-ASC')).toEqual(searchBefore);
    const before = await totals();
    const storeBefore = await whole();
    // Every product a level shows, paging through it by name or by price.
    const paged = async (c: string, sort?: 'price-ASC') => {
      const seen: string[] = [];
      for (let p = 0; ; p++) {
        const page = await listProducts(handle.db, 1109, { p, s: 10, category: c, ...(sort ? { sort } : {}) });
        seen.push(...page.data.map((x) => x.barcode));
        if (page.last) break;
      }
      return seen;
    };
    // Every level's total is what paging through the level gives.
    for (const [i, c] of levels.entries()) {
      expect(await paged(c)).toHaveLength(before[i]!);
      expect(await paged(c, 'price-ASC')).toHaveLength(before[i]!);
      expect(await paged(c)).toContain(target.barcode);
    }
    const withdrawn = copy();
    withdrawn.prices = withdrawn.prices.filter((x) => !(x.barcode === target.barcode && x.storeId === 1109));
    withdrawn.promotions = withdrawn.promotions.filter((x) => !(x.barcode === target.barcode && x.storeId === 1109));
    withdrawn.banners = withdrawn.banners.map((b) => ({ ...b }));
    expect((await importCatalogue(handle, withdrawn)).imported).toBe(true);
    expect(await totals()).toEqual(before.map((n) => n - 1));
    expect(await whole()).toBe(storeBefore - 1);
    // Paged through by name or by price, no level shows it any more, and each shows as many as it counts.
    for (const [i, c] of levels.entries())
      for (const sort of [undefined, 'price-ASC'] as const) {
        const seen = await paged(c, sort);
        expect(seen).not.toContain(target.barcode);
        expect(seen).toHaveLength(before[i]! - 1);
      }
    // Searched by relevance or by price, the store no longer shows it, nor counts it.
    expect(await found(1109)).toEqual({ total: searchBefore.total - 1, has: false });
    expect(await found(1109, 'price-ASC')).toEqual({ total: searchBefore.total - 1, has: false });
    // Another store still sells it: its totals did not move.
    const other = feed.prices.find((x) => x.barcode === target.barcode && x.storeId !== 1109);
    if (other) {
      const there = await listProducts(handle.db, other.storeId, { p: 0, s: 24, category });
      expect(there.data.some((p) => p.barcode === target.barcode)).toBe(true);
      expect((await found(other.storeId)).has).toBe(true);
    }
    expect((await importCatalogue(handle, feed)).imported).toBe(true);
    expect(await totals()).toEqual(before);
    expect(await found(1109)).toEqual(searchBefore);
  });
});

describe('searches after an import', () => {
  it("follow a product's new name, brand, category and own-brand mark", async () => {
    await importCatalogue(handle, feed);
    const target = feed.products.find((p) => feed.prices.some((x) => x.barcode === p.barcode && x.storeId === 1109))!;
    const otherCategory = feed.products.find((p) => p.categoryId.slice(0, 2) !== target.categoryId.slice(0, 2))!;
    const search = async (q: string, extra: { category?: string; onlyBranded?: boolean } = {}) =>
      (await listProducts(handle.db, 1109, { p: 0, s: 100, q, ...extra })).data.map((p) => p.barcode);
    expect(await search('cicerchia')).toEqual([]);

    const renamed = copy();
    const product = renamed.products.find((p) => p.barcode === target.barcode)!;
    product.description = 'Cicerchia della Murgia secca';
    product.brand = 'Terre di Altamura';
    product.branded = !target.branded;
    product.categoryId = otherCategory.categoryId;
    expect((await importCatalogue(handle, renamed)).imported).toBe(true);
    // The new name's words, a prefix of them and the new brand find it; the old name no longer does.
    for (const q of ['cicerchia', 'cicerchie', 'cicer', 'altamura']) expect(await search(q)).toEqual([target.barcode]);
    expect(await search(target.description)).not.toContain(target.barcode);
    // Searched within its new category (at each level) and not within its old one.
    for (const level of [2, 4, 6]) {
      expect(await search('cicerchia', { category: otherCategory.categoryId.slice(0, level) })).toEqual([
        target.barcode,
      ]);
    }
    expect(await search('cicerchia', { category: target.categoryId.slice(0, 2) })).toEqual([]);
    expect(await search('cicerchia', { onlyBranded: true })).toEqual(product.branded ? [target.barcode] : []);
    // Ranked by its new name: the name starts with the word, so it comes before names only holding it.
    const page = await listProducts(handle.db, 1109, { p: 0, s: 100, q: 'secca' });
    const names = page.data.map((p) => p.description.toLowerCase());
    const starts = names.filter((n) => n.startsWith('secca'));
    expect(names.indexOf('cicerchia della murgia secca')).toBeGreaterThanOrEqual(starts.length);

    expect((await importCatalogue(handle, feed)).imported).toBe(true);
    expect(await search('cicerchia')).toEqual([]);
    expect(await search(target.description)).toContain(target.barcode);
  });
});

describe('listing orders after an import', () => {
  // A listing by price (or of promotions) is a slice of its whole order, kept per catalogue version and day.
  const byPrice = async (category: string, sort: 'price-ASC' | 'price-DESC', s: number) => {
    const seen: { barcode: string; netPrice: number }[] = [];
    for (let p = 0; ; p++) {
      const page = await listProducts(handle.db, 1109, { p, s, category, sort });
      expect(page.totalElements).toBeGreaterThan(0);
      seen.push(...page.data.map((x) => ({ barcode: x.barcode, netPrice: x.netPrice })));
      if (page.last) return { seen, total: page.totalElements };
    }
  };

  it('pages by price are the slices of one order, cheapest or dearest first, and follow a new price and promotion', async () => {
    await importCatalogue(handle, feed);
    const level = feed.products
      .find((p) => feed.prices.some((x) => x.barcode === p.barcode && x.storeId === 1109))!
      .categoryId.slice(0, 2);
    for (const sort of ['price-ASC', 'price-DESC'] as const) {
      const small = await byPrice(level, sort, 4);
      const whole = await listProducts(handle.db, 1109, { p: 0, s: 100, category: level, sort });
      expect(small.seen.map((x) => x.barcode)).toEqual(whole.data.map((x) => x.barcode));
      expect(small.total).toBe(whole.totalElements);
      expect(small.seen).toHaveLength(whole.totalElements);
      const prices = small.seen.map((x) => x.netPrice);
      const sorted = [...prices].sort((a, b) => (sort === 'price-ASC' ? a - b : b - a));
      expect(prices).toEqual(sorted);
    }
    const { seen } = await byPrice(level, 'price-ASC', 4);
    const cheapest = seen[0]!.barcode;
    const dearest = seen.at(-1)!;
    const next = copy();
    // The cheapest becomes the dearest, and the second cheapest goes at a tenth of the cheapest's price.
    next.prices = next.prices.map((x) =>
      x.storeId === 1109 && x.barcode === cheapest ? { ...x, price: dearest.netPrice + 100 } : x,
    );
    next.promotions = next.promotions.filter((x) => !(x.storeId === 1109 && x.barcode === seen[1]!.barcode));
    next.promotions.push({
      storeId: 1109,
      barcode: seen[1]!.barcode,
      description: 'Sottocosto',
      valueType: 'NEW_PRICE',
      value: Math.max(0.01, Math.round(seen[0]!.netPrice * 10) / 100),
      validFrom: romeToday(),
      validTo: romeToday(),
    });
    next.banners = next.banners.map((b) => ({ ...b }));
    expect((await importCatalogue(handle, next)).imported).toBe(true);
    const after = await byPrice(level, 'price-ASC', 4);
    expect(after.seen[0]!.barcode).toBe(seen[1]!.barcode);
    expect(after.seen.at(-1)!.barcode).toBe(cheapest);
    expect((await byPrice(level, 'price-DESC', 4)).seen[0]!.barcode).toBe(cheapest);
    const promoted = await listProducts(handle.db, 1109, { p: 0, s: 100, onlyPromotions: true, sort: 'price-ASC' });
    expect(promoted.data.map((x) => x.barcode)).toContain(seen[1]!.barcode);
    expect(promoted.data[0]!.barcode).toBe(seen[1]!.barcode);
    expect((await importCatalogue(handle, feed)).imported).toBe(true);
    expect((await byPrice(level, 'price-ASC', 4)).seen.map((x) => x.barcode)).toEqual(seen.map((x) => x.barcode));
  });
});
