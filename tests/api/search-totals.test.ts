// A ranked search (no sort chosen) counts its matches once per catalogue
// version, store, day, words and filters, and keeps the count
// (services/listing-orders.ts, searchTotal). What a shopper sees must not
// tell: every page of every store and filter says how many products the
// search finds, the same as the search sorted by name (which reads every
// match), before and after an import that changes what matches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPage } from '#src/shared/contract/catalogue.ts';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { importCatalogue } from '#src/server/catalogue/import.ts';
import { createTestShop } from './harness.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
// The feed the test shop was seeded with (seedIfEmpty: 200 products, seed 1, today).
const feed = generateCatalogue({ products: 200 });

beforeAll(async () => {
  shop = await createTestShop({ products: 200 });
});
afterAll(() => shop.close());

async function page(store: number, q: string, extra = '') {
  const { status, body } = await shop.request(
    `/cli/ecommerce/products/${store}/?q=${encodeURIComponent(q)}&s=5${extra}`,
  );
  expect(status).toBe(200);
  expect(body.responseCode).toBe(0);
  return productPage.parse(body.data);
}

/** The search's total as ranked (twice: counted, then kept) and as sorted by name, and the barcodes it finds. */
async function totals(store: number, q: string, extra = '') {
  const first = await page(store, q, extra);
  const again = await page(store, q, `${extra}&p=1`);
  const sorted = await page(store, q, `${extra}&sort=description-ASC&s=100`);
  return {
    ranked: [first.totalElements, again.totalElements, first.totalPages, again.totalPages],
    sorted: sorted.totalElements,
    barcodes: sorted.data.map((p) => p.barcode),
  };
}

const WORDS = ['pasta', 'yogurt', 'pizza', 'latte', 'pomodoro', 'caffè', 'funghi'];

describe('the total of a ranked search', () => {
  it('is each filter’s own, page after page, as the search sorted by name finds', async () => {
    const seen = new Map<string, number>();
    for (const q of WORDS)
      for (const extra of ['', '&onlyPromotions=true', '&category=01']) {
        const t = await totals(1109, q, extra);
        const pages = Math.ceil(t.sorted / 5);
        expect(t.ranked, `${q}${extra}`).toEqual([t.sorted, t.sorted, pages, pages]);
        seen.set(`${q}|${extra}`, t.sorted);
      }
    // The words find products, and the filters find fewer of them: a total kept under the wrong key would show.
    expect(WORDS.some((q) => (seen.get(`${q}|`) ?? 0) > 0)).toBe(true);
    for (const extra of ['&onlyPromotions=true', '&category=01'])
      expect(WORDS.some((q) => seen.get(`${q}|`) !== seen.get(`${q}|${extra}`))).toBe(true);
  });

  it('follows an import that makes another product match in one store and not in another', async () => {
    const before = await totals(1109, 'yogurt');
    expect(before.sorted).toBeGreaterThan(0);
    expect((await totals(1102, 'yogurt')).sorted).toBe(before.sorted);
    // A product sold in both stores that the search does not find, renamed so that it does, and no longer sold in 1102.
    const soldIn = (store: number) => new Set(feed.prices.filter((p) => p.storeId === store).map((p) => p.barcode));
    const [in1109, in1102] = [soldIn(1109), soldIn(1102)];
    const renamed = feed.products.find(
      (p) =>
        in1109.has(p.barcode) &&
        in1102.has(p.barcode) &&
        !before.barcodes.includes(p.barcode) &&
        !/yogurt/i.test(p.description),
    )!;
    const next = structuredClone(feed);
    next.products.find((p) => p.barcode === renamed.barcode)!.description = 'Yogurt di capra al naturale 125 g';
    next.prices = next.prices.filter((p) => !(p.barcode === renamed.barcode && p.storeId === 1102));
    expect((await importCatalogue(shop.handle, next)).imported).toBe(true);
    try {
      const after = await totals(1109, 'yogurt');
      expect(after.sorted).toBe(before.sorted + 1);
      expect(after.barcodes).toContain(renamed.barcode);
      const pages = Math.ceil(after.sorted / 5);
      expect(after.ranked).toEqual([after.sorted, after.sorted, pages, pages]);
      const other = await totals(1102, 'yogurt');
      expect(other.sorted).toBe(before.sorted);
      expect(other.ranked[0]).toBe(before.sorted);
    } finally {
      expect((await importCatalogue(shop.handle, feed)).imported).toBe(true);
    }
    const back = await totals(1109, 'yogurt');
    expect(back.ranked[0]).toBe(before.sorted);
    expect(back.sorted).toBe(before.sorted);
  });
});
