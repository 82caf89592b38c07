// Favourites need login: a visitor's heart opens the login panel; a shopper
// adds a product from its page, finds it on /app/favorites with its price
// and removes it there.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './shop.fixtures.ts';
import { logIn, signedUpShopper, uniqueEmail } from './cart.helpers.ts';
import { products } from './catalogue.helpers.ts';

test.describe('favourites', () => {
  test("a visitor's heart opens the login panel", async ({ page, request }) => {
    const [product] = (await products(request, 's=1')).data;
    await page.goto(`/app/product/${product!.barcode}`);
    await page.getByRole('button', { name: 'Salva nei preferiti' }).click();
    await expect(page.getByRole('dialog', { name: 'Accedi' })).toBeVisible();
  });

  test('a shopper adds a favourite and removes it from the favourites page', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'fav'));
    await logIn(page, shopper);
    const product = (await products(request, 'q=pomodoro&s=5')).data[0]!;

    await page.goto('/app/favorites');
    await expect(page.getByText('Non hai ancora prodotti preferiti.')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/app/product/${product.barcode}`);
    await page.getByRole('button', { name: 'Salva nei preferiti' }).click();
    await expect(page.getByRole('button', { name: 'Rimuovi dai preferiti' })).toBeVisible();

    await page.goto('/app/favorites');
    const card = page.locator('.product-card', {
      has: page.getByRole('link', { name: product.description, exact: true }),
    });
    await expect(card).toBeVisible();
    await expect(card.locator('.price__now')).toContainText(
      new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(product.netPrice),
    );
    await expectNoAxeViolations(page);

    await card.getByRole('button', { name: `Rimuovi dai preferiti: ${product.description}` }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('Non hai ancora prodotti preferiti.')).toBeVisible();
    const left = (await (
      await request.get('/cli/slists/products/favorite/all', { headers: { Authorization: `Bearer ${shopper.jwt}` } })
    ).json()) as { data: unknown[] };
    expect(left.data).toEqual([]);
  });
});

test.describe("the shopper's store", () => {
  test("a product page and a category show the prices of the cart's store", async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'store'));
    const auth = { Authorization: `Bearer ${shopper.jwt}` };
    // A pickup cart at another store than the default 1109, and a product whose price differs there.
    const opened = (await (
      await request.post('/cli/ecommerce/cart/open', {
        headers: auth,
        data: { storeId: 1108, deliveryMode: 'IN_STORE', terminalType: 'WEB' },
      })
    ).json()) as { responseCode: number };
    expect(opened.responseCode).toBe(0);
    const here = (await products(request, 's=60')).data;
    const there = (await (await request.get('/cli/ecommerce/products/1108/?s=60')).json()) as {
      data: { data: { barcode: string; netPrice: number; categoryId: string }[] };
    };
    const differs = there.data.data.find((p) => here.some((h) => h.barcode === p.barcode && h.netPrice !== p.netPrice));
    expect(differs, 'a product priced differently in store 1108').toBeDefined();
    await logIn(page, shopper);
    await page.goto(`/app/product/${differs!.barcode}`);
    await expect(page.getByTestId('product-price')).toHaveText(
      new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(differs!.netPrice),
    );
  });
});
