// A shopper opens a product's page: its name, its price in euro, its picture.
import { expect, test } from '@playwright/test';
import { euro, expectNoAxeViolations, firstProduct } from './shop.fixtures.ts';

test.describe('product page', () => {
  test('shows the description as the heading, the price in euro and the picture', async ({ page, request }) => {
    const product = await firstProduct(request);
    const response = await page.goto(`/app/product/${product.barcode}/`);
    expect(response?.status()).toBe(200);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.description);
    await expect(page.getByTestId('product-price')).toHaveText(euro(product.netPrice));

    const image = page.getByTestId('product-image');
    await expect(image).toBeVisible();
    // Loaded for real: a broken or missing image has no natural width.
    const src = await image.evaluate((el) =>
      el instanceof HTMLImageElement ? el.currentSrc || el.src : el.querySelector('img')?.src,
    );
    const naturalWidth = () =>
      image.evaluate((el) => {
        const img = el instanceof HTMLImageElement ? el : el.querySelector('img');
        return img?.complete ? img.naturalWidth : 0;
      });
    await expect.poll(naturalWidth, { message: `the product image ${src ?? '(no src)'} loads` }).toBeGreaterThan(0);
  });

  test('has no accessibility violations', async ({ page, request }) => {
    const product = await firstProduct(request);
    await page.goto(`/app/product/${product.barcode}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("an unknown barcode gives the shop's 404 page", async ({ page }) => {
    const response = await page.goto('/app/product/0000000000000/');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/non trovat/i);
  });
});
