// The static build reads the catalogue through the export call: for every
// product sold in some store it must answer exactly what the product detail
// call answers for the asked store (the product pages are built from it), in
// pages, and nothing else: a product the default store does not sell still
// gets its page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { importCatalogue } from '#src/server/catalogue/import.ts';
import { product, productExportPage, productPage } from '#src/shared/contract/catalogue.ts';
import { createTestShop } from './harness.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;

beforeAll(async () => {
  shop = await createTestShop({ products: 300 });
});
afterAll(async () => {
  await shop.close();
});

async function exportAll(storeId: number, s: number) {
  const pages = [];
  for (let p = 0; ; p++) {
    const { status, body } = await shop.request(`/cli/ecommerce/products/${storeId}/export?p=${p}&s=${s}`);
    expect(status).toBe(200);
    const page = productExportPage.strict().parse(body.data);
    pages.push(page);
    if (page.last) return pages;
  }
}

describe('GET /cli/ecommerce/products/{storeId}/export', () => {
  it('answers every product of the store once, each as the product detail call does (images and variants too)', async () => {
    const pages = await exportAll(1109, 70);
    const exported = pages.flatMap((p) => p.data);
    const listed = productPage.parse((await shop.request('/cli/ecommerce/products/1109/?s=1')).body.data).totalElements;
    expect(exported).toHaveLength(listed);
    expect(pages.every((p) => p.totalElements === listed)).toBe(true);
    expect(new Set(exported.map((p) => p.barcode)).size).toBe(listed);
    expect(
      exported.some((p) => p.productVariants.length > 0),
      'some products have variants',
    ).toBe(true);
    expect(
      exported.some((p) => p.images.length > 1),
      'some products have several images',
    ).toBe(true);
    for (const item of exported) {
      const detail = (await shop.request(`/cli/ecommerce/products/barcode/${item.barcode}?store=1109`)).body.data;
      expect(item, item.barcode).toEqual(product.strict().parse(detail));
    }
  });

  it('answers an empty last page past the end and refuses a page size above 2,000', async () => {
    const beyond = productExportPage.parse(
      (await shop.request('/cli/ecommerce/products/1109/export?p=50&s=100')).body.data,
    );
    expect(beyond).toMatchObject({ data: [], last: true });
    expect((await shop.request('/cli/ecommerce/products/1109/export?s=2001')).status).toBe(400);
  });

  it('lists a product the default store does not sell but another does, as its detail call answers it: unavailable', async () => {
    // The feed the shop was seeded with (300 products, seed 1, today), with one product priced only outside store 1109.
    const feed = generateCatalogue({ products: 300 });
    const only = feed.products.at(-1)!.barcode;
    const elsewhere = (f: { storeId: number; barcode: string }) => !(f.storeId === 1109 && f.barcode === only);
    const next = {
      ...feed,
      prices: feed.prices.filter(elsewhere),
      promotions: feed.promotions.filter(elsewhere),
      priceHistory: feed.priceHistory.filter(elsewhere),
    };
    // And one product sold nowhere any more (left out of the feed): it has no page.
    const withdrawn = feed.products.at(-2)!.barcode;
    next.products = feed.products.filter((p) => p.barcode !== withdrawn);
    next.prices = next.prices.filter((p) => p.barcode !== withdrawn);
    next.promotions = next.promotions.filter((p) => p.barcode !== withdrawn);
    next.priceHistory = next.priceHistory.filter((p) => p.barcode !== withdrawn);
    next.banners = next.banners.map((b) => ({ ...b, barcodes: b.barcodes.filter((code) => code !== withdrawn) }));
    expect((await importCatalogue(shop.handle, next)).imported).toBe(true);

    const listed = productPage.parse((await shop.request('/cli/ecommerce/products/1109/?s=1')).body.data).totalElements;
    expect(listed).toBe(298);
    const exported = (await exportAll(1109, 70)).flatMap((p) => p.data);
    expect(exported).toHaveLength(299);
    expect(exported.map((p) => p.barcode)).not.toContain(withdrawn);
    const exportedOnly = exported.find((p) => p.barcode === only);
    // Shown from the first store that sells it (by id).
    const other = next.prices.filter((p) => p.barcode === only).sort((a, b) => a.storeId - b.storeId)[0]!;
    expect(exportedOnly).toMatchObject({ barcode: only, available: false, price: other.price });
    const detail = await shop.request(`/cli/ecommerce/products/barcode/${only}?store=1109`);
    expect(detail.body.responseCode).toBe(0);
    expect(exportedOnly).toEqual(product.strict().parse(detail.body.data));
    // The store that sells it answers its own shelf.
    const there = product.parse(
      (await shop.request(`/cli/ecommerce/products/barcode/${only}?store=${other.storeId}`)).body.data,
    );
    expect(there).toMatchObject({ available: other.available, price: other.price });
    expect((await shop.request(`/cli/ecommerce/products/barcode/${withdrawn}?store=1109`)).body.responseCode).toBe(
      4030,
    );
  });
});
