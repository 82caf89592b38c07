// A shopper opens a product's page: its name, its price in euro, its picture.
import { expect, test, type Page } from '@playwright/test';
import { euro, expectNoAxeViolations, firstProduct } from './shop.fixtures.ts';
import { categories, categoryWithManyProducts, products } from './catalogue.helpers.ts';

const cards = (page: Page) => page.locator('.listing .product-card:visible');
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Percorso' });

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

// docs/product.md §2: the product comes with the category it was opened from.
test.describe('the breadcrumb follows the listing the shopper came from', () => {
  test('its crumb leads back to the category listing as it was left: sort, loaded pages, place', async ({
    page,
    request,
  }) => {
    const { category } = await categoryWithManyProducts(request);
    const listing = `/app/category/${category.slug}?sort=description-DESC`;
    await page.goto(listing);
    await expect(page.getByLabel('Ordina per')).toHaveValue('description-DESC');
    await expect(cards(page)).toHaveCount(24);
    await page.waitForFunction(() => document.querySelector('.load-more') !== null);
    await page.locator('.site-footer').scrollIntoViewIfNeeded();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(24);
    const second = await products(request, `category=${category.id}&s=24&p=1&sort=description&direction=DESC`);
    const chosen = second.data[Math.min(5, second.data.length - 1)]!;
    const link = page.locator('.listing').getByRole('link', { name: chosen.description, exact: true });
    await link.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    const loaded = await cards(page).count();
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen.description);

    // The full path is still shown; the level the shopper came from keeps their listing's sort.
    const crumbs = breadcrumb(page).getByRole('link');
    await expect(crumbs).toHaveCount(4);
    const from = breadcrumb(page).getByRole('link', { name: category.description, exact: true });
    await expect(from).toHaveAttribute('href', listing);
    for (const deeper of (await crumbs.all()).slice(2)) await expect(deeper).not.toHaveAttribute('href', /\?/);

    await from.click();
    await expect(page).toHaveURL(listing);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.description);
    await expect(page.getByLabel('Ordina per')).toHaveValue('description-DESC');
    await expect(cards(page)).toHaveCount(loaded);
    await expect(link).toBeInViewport();
  });

  test('a direct visit, or one from another listing, keeps the built path', async ({ page, request }) => {
    const { category } = await categoryWithManyProducts(request);
    const [product] = (await products(request, `category=${category.id}&s=1`)).data;
    await page.goto(`/app/product/${product!.barcode}`);
    const top = breadcrumb(page).getByRole('link', { name: category.description, exact: true });
    await expect(top).toHaveAttribute('href', `/app/category/${category.slug}`);

    // Opened from a category page the product is not in: its own path, as built.
    const other = (await categories(request)).find((c) => c.id !== category.id)!;
    await page.goto(`/app/product/${product!.barcode}`, {
      referer: new URL(`/app/category/${other.slug}?sort=price-ASC`, page.url()).href,
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product!.description);
    expect(await page.evaluate(() => document.referrer)).toContain(`/app/category/${other.slug}`);
    await expect(top).toHaveAttribute('href', `/app/category/${category.slug}`);
    await expect(breadcrumb(page).getByRole('link', { name: other.description, exact: true })).toHaveCount(0);
  });
});
