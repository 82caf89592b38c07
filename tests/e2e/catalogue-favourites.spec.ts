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
    await page.getByRole('button', { name: 'Aggiungi ai preferiti' }).click();
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
    await page.getByRole('button', { name: 'Aggiungi ai preferiti' }).click();
    await expect(page.getByRole('button', { name: 'Rimuovi dai preferiti' })).toBeVisible();

    await page.goto('/app/favorites');
    const card = page.locator('.product-card', { has: page.getByRole('link', { name: product.description, exact: true }) });
    await expect(card).toBeVisible();
    await expect(card.locator('.price__now')).toContainText(new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(product.netPrice));
    await expectNoAxeViolations(page);

    await card.getByRole('button', { name: `Rimuovi dai preferiti: ${product.description}` }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('Non hai ancora prodotti preferiti.')).toBeVisible();
    const left = (await (await request.get('/cli/slists/products/favorite/all', { headers: { Authorization: `Bearer ${shopper.jwt}` } })).json()) as { data: unknown[] };
    expect(left.data).toEqual([]);
  });
});
