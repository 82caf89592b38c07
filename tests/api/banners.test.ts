// Banners as the home page reads them (docs/product.md §7 Banners, §9 page size 10).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banner } from '#src/shared/contract/banners.ts';
import { productPage } from '#src/shared/contract/catalogue.ts';
import { createTestShop } from './harness.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
beforeAll(async () => {
  shop = await createTestShop({ products: 300 });
});
afterAll(() => shop.close());

describe('banners', () => {
  it('lists the current web banners, with and without products', async () => {
    const list = banner.array().parse((await shop.request('/cli/cms/banners?category=WEB')).body.data);
    expect(list.length).toBeGreaterThan(1);
    expect(list.some((b) => b.hasProducts)).toBe(true);
    expect(list.some((b) => !b.hasProducts)).toBe(true);
  });

  it('pages a banner’s products by 10 with the store’s prices', async () => {
    const withProducts = banner
      .array()
      .parse((await shop.request('/cli/cms/banners')).body.data)
      .find((b) => b.hasProducts)!;
    const first = productPage.parse(
      (await shop.request(`/cli/cms/banners/${withProducts.id}/products?p=0&storeId=1109`)).body.data,
    );
    expect(first.data.length).toBeLessThanOrEqual(10);
    expect(first.totalPages).toBe(Math.ceil(first.totalElements / 10));
    expect(first.data[0]!.price).toBeGreaterThan(0);
  });

  it('hides expired banners and answers a header banner for a store', async () => {
    const all = banner.array().parse((await shop.request('/cli/cms/banners')).body.data);
    await shop.handle.db
      .updateTable('banners')
      .set({ valid_to: '2020-01-01', valid_from: '2019-01-01' })
      .where('id', '=', all[0]!.id)
      .execute();
    const now = banner.array().parse((await shop.request('/cli/cms/banners')).body.data);
    expect(now.map((b) => b.id)).not.toContain(all[0]!.id);
    expect(banner.parse((await shop.request('/cli/cms/banners/1109/headerBanner')).body.data).id).not.toBe(all[0]!.id);
  });

  it('answers an unknown banner with an error, not a 500', async () => {
    const { status, body } = await shop.request('/cli/cms/banners/999999/products');
    expect(status).toBe(200);
    expect(body.responseCode).not.toBe(0);
  });
});
