// A listing or a search asks the database for the page's product ids and
// total, and takes each product's JSON text from what the server keeps per
// catalogue version, day and store (services/product-texts.ts). What a shopper
// sees must not tell: each store's own price, a new import's prices and
// promotions, a product the store no longer sells, the same product on its
// own page. The catalogue cache is off here, so every answer is made anew.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ListedProduct,
  listedProduct,
  productPage,
  product as productSchema,
  type Product,
} from '#src/shared/contract/catalogue.ts';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { importCatalogue } from '#src/server/catalogue/import.ts';
import { listProductTexts } from '#src/server/services/catalogue.ts';
import { romeToday } from '#src/shared/time.ts';
import { createTestShop } from './harness.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
// The feed the test shop was seeded with (seedIfEmpty: 200 products, seed 1, today).
const feed = generateCatalogue({ products: 200 });
/** A piece sold in stores 1109 and 1110 at different prices, without a promotion in either. */
let piece: (typeof feed.products)[number];

beforeAll(async () => {
  shop = await createTestShop({ products: 200, env: { CATALOGUE_CACHE_ENTRIES: '0' } });
  const onPromotion = new Set(feed.promotions.map((p) => p.barcode));
  const price = (barcode: string, store: number) =>
    feed.prices.find((p) => p.barcode === barcode && p.storeId === store && p.available !== false)?.price;
  piece = feed.products.find(
    (p) =>
      p.um === 'PZ' &&
      !onPromotion.has(p.barcode) &&
      price(p.barcode, 1109) !== undefined &&
      price(p.barcode, 1110) !== undefined &&
      price(p.barcode, 1109) !== price(p.barcode, 1110),
  )!;
  expect(piece).toBeTruthy();
});
afterAll(() => shop.close());

/** Every page of a listing, 10 products a page. */
async function listed(store: number, query: string, p = 0): Promise<ListedProduct[]> {
  const { status, body } = await shop.request(`/cli/ecommerce/products/${store}/?${query}&s=10&p=${p}`);
  expect(status).toBe(200);
  expect(body.responseCode).toBe(0);
  const page = productPage.parse(body.data);
  return page.last ? page.data : [...page.data, ...(await listed(store, query, p + 1))];
}

const inCategory = (store: number) => listed(store, `category=${piece.categoryId}`);
async function detail(): Promise<Product> {
  const { body } = await shop.request(`/cli/ecommerce/products/barcode/${piece.barcode}?store=1109`);
  return productSchema.parse(body.data);
}
const withoutPictures = (p: ListedProduct) => ({ ...p, images: [], productVariants: [] });
const find = (products: ListedProduct[]) => products.find((p) => p.barcode === piece.barcode);

describe('a listing from the kept product texts', () => {
  it("shows each store's own price for the same product", async () => {
    const storePrice = (store: number) => feed.prices.find((p) => p.barcode === piece.barcode && p.storeId === store)!;
    for (let round = 0; round < 2; round++) {
      expect(find(await inCategory(1109))?.price).toBe(storePrice(1109).price);
      expect(find(await inCategory(1110))?.price).toBe(storePrice(1110).price);
    }
  });

  it('shows a product as its own page does, but for its images and variants', async () => {
    await inCategory(1109);
    const inList = find(await inCategory(1109))!;
    const own = await detail();
    expect(withoutPictures(inList)).toEqual(withoutPictures(listedProduct.parse(own)));
    expect(inList.images).toEqual([own.imageUrl]);
  });

  it("answers each product with the documented fields, the food label's own only on the product call", async () => {
    // As sent, not as the contract reads it back (zod leaves out keys it does not know).
    const { body } = await shop.request(`/cli/ecommerce/products/1109/?category=${piece.categoryId}&s=100`);
    const fields = Object.keys(listedProduct.shape).sort();
    expect(body.data.data.length).toBeGreaterThan(0);
    for (const item of body.data.data as Record<string, unknown>[]) expect(Object.keys(item).sort()).toEqual(fields);
    const searched = await shop.request(`/cli/ecommerce/products/1109/?q=${encodeURIComponent(piece.description)}`);
    for (const item of searched.body.data.data as Record<string, unknown>[])
      expect(Object.keys(item).sort()).toEqual(fields);
    const own = (await shop.request(`/cli/ecommerce/products/barcode/${piece.barcode}?store=1109`)).body.data;
    expect(Object.keys(own).sort()).toEqual(Object.keys(productSchema.shape).sort());
  });

  it("shows a new import's price and promotion, and leaves out a product the store no longer sells", async () => {
    const before = find(await inCategory(1109))!;
    const searched = async () =>
      (await listed(1109, `q=${encodeURIComponent(piece.description)}`)).find((p) => p.barcode === piece.barcode);
    expect(await searched()).toEqual(before);

    const today = romeToday();
    const next = structuredClone(feed);
    next.prices.find((p) => p.barcode === piece.barcode && p.storeId === 1109)!.price = 9.9;
    next.promotions.push({
      storeId: 1109,
      barcode: piece.barcode,
      description: 'Sconto 20%',
      valueType: 'PERCENTAGE',
      value: 20,
      validFrom: today,
      validTo: today,
    });
    expect((await importCatalogue(shop.handle, next)).imported).toBe(true);
    try {
      const after = find(await inCategory(1109))!;
      expect(after).toMatchObject({ price: 9.9, netPrice: 7.92 });
      expect(after.attrib3).not.toBe(before.attrib3);
      expect(withoutPictures(after)).toEqual(withoutPictures(listedProduct.parse(await detail())));
      expect(after.promotions).toEqual([
        { description: 'Sconto 20%', valueType: 'PERCENTAGE', value: 20, validTo: today },
      ]);
      expect(await searched()).toEqual(after);

      const withdrawn = structuredClone(feed);
      withdrawn.prices = withdrawn.prices.filter((p) => !(p.barcode === piece.barcode && p.storeId === 1109));
      expect((await importCatalogue(shop.handle, withdrawn)).imported).toBe(true);
      expect(find(await inCategory(1109))).toBeUndefined();
      expect(await searched()).toBeUndefined();
      expect(find(await inCategory(1110))).toBeDefined();
    } finally {
      expect((await importCatalogue(shop.handle, feed)).imported).toBe(true);
    }
    expect(find(await inCategory(1109))).toEqual(before);
  });

  it("keeps each text in memory of its own, not in a block of Node's shared buffer pool that it would hold", async () => {
    const page = await listProductTexts(shop.handle.db, 1109, { category: piece.categoryId, p: 0, s: 10 });
    expect(page.data.length).toBeGreaterThan(0);
    for (const text of page.data) expect(text.buffer.byteLength).toBe(text.byteLength);
  });
});
