// The static build reads the catalogue through the export call: for every
// product of a store it must answer exactly what the product detail call
// answers (the product pages are built from it), in pages, and nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
