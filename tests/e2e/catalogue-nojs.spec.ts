// Without JavaScript the catalogue is plain HTML: home, a category and a
// product page show their content (docs/architecture.md §5).
import { expect, test } from '@playwright/test';
import { categories, products } from './catalogue.helpers.ts';

test.use({ javaScriptEnabled: false });

test.describe('catalogue without JavaScript', () => {
  test('home shows the banners, the tags and the featured products', async ({ page }) => {
    await page.goto('/app/');
    await expect(page.locator('[data-slide] img').first()).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Scegli per caratteristica' }).getByRole('link').first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Prodotti in offerta' })).toBeVisible();
    await expect(page.locator('.product-card').first()).toBeVisible();
  });

  test('a category shows its first page of products', async ({ page, request }) => {
    const [first] = await categories(request);
    const listed = await products(request, `category=${first!.id}&s=24`);
    await page.goto(`/app/category/${first!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.description);
    await expect(page.locator('.product-card')).toHaveCount(listed.data.length);
    await expect(page.getByRole('link', { name: listed.data[0]!.description, exact: true })).toBeVisible();
  });

  test('a product page shows its price and information', async ({ page, request }) => {
    const product = (await products(request, 'q=pomodoro&s=1')).data[0]!;
    await page.goto(`/app/product/${product.barcode}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.description);
    await expect(page.getByTestId('product-price')).toHaveText(
      new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(product.netPrice),
    );
    if (product.nutrition) await expect(page.getByRole('heading', { name: 'Valori nutrizionali' })).toBeVisible();
  });
});
