// The catalogue cache: bounded (entries and bytes, least recently used out
// first), emptied by a new generation; and through the real API, a changed
// catalogue — an import or a version bump — is seen by the very next call.
import { gunzipSync, zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnswerCache, catalogueCache } from './catalogue-cache.ts';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { importCatalogue } from './catalogue/import.ts';
import { createTestShop } from '../../tests/api/harness.ts';
import { bearer, shopper } from '../../tests/api/shoppers.ts';
import { VERSION_FRESH_MS } from './catalogue-version.ts';

const bytes = (text: string) => ({ body: Buffer.from(text), encoding: null });
const text = (answer: { body: Uint8Array } | undefined) =>
  answer === undefined ? undefined : Buffer.from(answer.body).toString();

describe('createAnswerCache', () => {
  it('keeps at most maxEntries, dropping the least recently used first', () => {
    const cache = createAnswerCache({ maxEntries: 3, maxBytes: 1_000_000 });
    for (const k of ['a', 'b', 'c']) cache.set('v1', k, bytes(`answer ${k}`));
    expect(text(cache.get('v1', 'a'))).toBe('answer a'); // a is now the most recent
    cache.set('v1', 'd', bytes('answer d'));
    expect(cache.get('v1', 'b')).toBeUndefined();
    expect(text(cache.get('v1', 'a'))).toBe('answer a');
    expect(cache.stats()).toMatchObject({ entries: 3, evictions: 1 });
  });

  it('keeps at most maxBytes, and never stores an answer bigger than the whole bound', () => {
    const cache = createAnswerCache({ maxEntries: 100, maxBytes: 1000 });
    for (let i = 0; i < 50; i++) {
      cache.set('v1', `k${i}`, bytes('x'.repeat(90 + i)));
      expect(cache.stats().bytes).toBeLessThanOrEqual(1000);
    }
    expect(cache.get('v1', 'k49')?.body).toHaveLength(139);
    cache.set('v1', 'huge', bytes('x'.repeat(2000)));
    expect(cache.get('v1', 'huge')).toBeUndefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(1000);
    // 'è' is two bytes in UTF-8: the bound is in bytes, not characters.
    const accents = createAnswerCache({ maxEntries: 100, maxBytes: 1000 });
    accents.set('v1', 'k', bytes('è'.repeat(600)));
    expect(accents.stats().entries).toBe(0);
  });

  it('forgets everything when the generation (catalogue version, day) changes', () => {
    const cache = createAnswerCache({ maxEntries: 10, maxBytes: 10_000 });
    cache.set('v1|2026-11-22', 'k', bytes('old'));
    expect(text(cache.get('v1|2026-11-22', 'k'))).toBe('old');
    expect(cache.get('v2|2026-11-22', 'k')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0, resets: 1, generation: 'v2|2026-11-22' });
    cache.set('v2|2026-11-22', 'k', bytes('new'));
    expect(cache.get('v2|2026-11-23', 'k')).toBeUndefined();
  });

  it('stores nothing with maxEntries 0 (the cache turned off)', () => {
    const cache = createAnswerCache({ maxEntries: 0, maxBytes: 10_000 });
    cache.set('v1', 'k', bytes('answer'));
    expect(cache.get('v1', 'k')).toBeUndefined();
  });
});

describe('catalogue answers through the API', () => {
  let shop: Awaited<ReturnType<typeof createTestShop>>;
  const limits = { maxEntries: 6, maxBytes: 300_000 };
  const feed = generateCatalogue({ products: 60 }); // the one the test shop was seeded with

  beforeAll(async () => {
    shop = await createTestShop({ products: 60 });
    catalogueCache(shop.handle.db, limits);
  });
  afterAll(() => shop.close());

  const get = async (path: string, init?: RequestInit) => {
    const res = await shop.request(path, init);
    expect(res.status, path).toBe(200);
    expect(res.body.responseCode, path).toBe(0);
    return res.body.data;
  };
  const stats = () => catalogueCache(shop.handle.db).stats();

  it('answers a repeated anonymous read from the cache, with the same answer', async () => {
    const path = '/cli/ecommerce/products/1109/?s=24&p=0';
    const first = await get(path);
    const before = stats();
    expect(await get(path)).toEqual(first);
    expect(await get('/cli/ecommerce/products/1109?p=0&s=24')).toEqual(first); // same query, spelt differently
    expect(stats().hits).toBe(before.hits + 2);
    expect(stats().entries).toBe(before.entries);
  });

  it('shows a re-imported catalogue (new name, new price) on the very next call', async () => {
    const product = feed.products.find(
      (p) => p.um === 'PZ' && feed.prices.some((r) => r.barcode === p.barcode && r.storeId === 1109),
    )!;
    const detail = `/cli/ecommerce/products/barcode/${product.barcode}?store=1109`;
    const search = `/cli/ecommerce/products/1109/?q=${encodeURIComponent('Nome nuovissimo')}`;
    const oldDetail = await get(detail);
    expect(await get(detail)).toEqual(oldDetail); // now cached
    expect((await get(search)).totalElements).toBe(0);
    const categories = await get('/cli/categories');

    const changed = structuredClone(feed);
    changed.products.find((p) => p.barcode === product.barcode)!.description = 'Nome nuovissimo del prodotto';
    for (const row of changed.prices) if (row.barcode === product.barcode) row.price = 123.45;
    changed.promotions = changed.promotions.filter((p) => p.barcode !== product.barcode);
    const report = await importCatalogue(shop.handle, changed);
    expect(report.imported).toBe(true);

    expect(await get(detail)).toMatchObject({ description: 'Nome nuovissimo del prodotto', price: 123.45 });
    expect(await get(search)).toMatchObject({
      totalElements: 1,
      data: [expect.objectContaining({ barcode: product.barcode })],
    });
    expect(await get('/cli/categories')).toEqual(categories);
    expect(stats().generation.startsWith(`${report.version}|`)).toBe(true);
  });

  const pastFreshness = () => new Promise((resolve) => setTimeout(resolve, VERSION_FRESH_MS + 20));

  it('keeps serving its answer while the version stays, and drops it when the version changes', async () => {
    const row = await shop.handle.db
      .selectFrom('products as p')
      .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
      .select(['p.id', 'p.barcode', 'sp.price_cents'])
      .where('sp.store_id', '=', 1109)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const detail = `/cli/ecommerce/products/barcode/${row.barcode}?store=1109`;
    await shop.handle.db.deleteFrom('promotions').where('product_id', '=', row.id).execute();
    await shop.handle.db.updateTable('catalogue_meta').set({ value: 'bump-1' }).where('key', '=', 'version').execute();
    await pastFreshness();
    const before = (await get(detail)).price;
    // A write that skips the import (no new version): anonymous callers still get the cached answer…
    await shop.handle.db
      .updateTable('store_products')
      .set({ price_cents: row.price_cents + 111 })
      .where('store_id', '=', 1109)
      .where('product_id', '=', row.id)
      .execute();
    expect((await get(detail)).price).toBe(before);
    // …a logged-in caller too (a catalogue answer is the same for everyone; the browser sends its token on every call)…
    const token = await shopper(shop, 'cache@example.it');
    const loggedIn = await shop.app.request(detail, bearer(token));
    expect(loggedIn.headers.get('X-Cache')).toBe('HIT');
    expect(((await loggedIn.json()) as { data: { price: number } }).data.price).toBe(before);
    // …and a new version written by another process is seen once the version read here is VERSION_FRESH_MS old.
    await shop.handle.db.updateTable('catalogue_meta').set({ value: 'bump-2' }).where('key', '=', 'version').execute();
    await pastFreshness();
    expect((await get(detail)).price).toBeCloseTo(before + 1.11, 2);
  });

  it('keeps a long answer compressed for each encoding, and writes it out from there as the browser takes it', async () => {
    const listing = '/cli/ecommerce/products/1109/?p=1&s=24';
    const asked = (encoding: string) => shop.app.request(listing, { headers: { 'Accept-Encoding': encoding } });
    const text = Buffer.from(
      await (await shop.app.request(listing, { headers: { 'Accept-Encoding': 'identity' } })).arrayBuffer(),
    );
    expect(text.byteLength).toBeGreaterThan(1024);
    for (const [header, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'zstd', zstdDecompressSync],
      ['gzip, deflate, br', 'gzip', gunzipSync],
    ] as const) {
      const entries = stats().entries;
      const first = await asked(header);
      // The compressed answer is kept beside the plain one, once.
      expect(stats().entries).toBe(entries + 1);
      const again = await asked(header);
      expect(stats().entries).toBe(entries + 1);
      // Made and compressed once, then written from the cache compressed.
      expect([first.headers.get('X-Cache'), again.headers.get('X-Cache')]).toEqual(['MISS', 'HIT']);
      for (const answer of [first, again]) {
        expect(answer.headers.get('Content-Encoding')).toBe(encoding);
        const bytes = Buffer.from(await answer.arrayBuffer());
        expect(bytes.byteLength).toBeLessThan(text.byteLength / 4);
        expect(decode(bytes).equals(text)).toBe(true);
      }
    }
    // A browser without compression still gets the plain answer, from the cache.
    const identity = await shop.app.request(listing);
    expect(identity.headers.get('X-Cache')).toBe('HIT');
    expect(identity.headers.get('Content-Encoding')).toBeNull();
    expect(Buffer.from(await identity.arrayBuffer()).equals(text)).toBe(true);
  });

  it('never caches a refusal', async () => {
    const unknown = '/cli/ecommerce/products/barcode/80000000000000';
    const entries = stats().entries;
    expect((await shop.request(unknown)).body.responseCode).toBe(4030);
    expect((await shop.request(unknown)).body.responseCode).toBe(4030);
    expect(stats().entries).toBe(entries);
  });

  it('never grows beyond its bound, whatever is asked', async () => {
    const barcodes = feed.products.slice(0, 20).map((p) => p.barcode);
    for (const [i, barcode] of barcodes.entries()) {
      await get(`/cli/ecommerce/products/barcode/${barcode}?store=1109`);
      await get(`/cli/ecommerce/products/1109/?s=${1 + i}`);
      await get(`/cli/ecommerce/products/barcode/${barcode}/info`);
      const now = stats();
      expect(now.entries).toBeLessThanOrEqual(limits.maxEntries);
      expect(now.bytes).toBeLessThanOrEqual(limits.maxBytes);
    }
    expect(stats().evictions).toBeGreaterThan(40);
  });
});
