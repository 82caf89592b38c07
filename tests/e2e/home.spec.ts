// A shopper opens the shop's home page on a phone or a desktop.
import { expect, test } from '@playwright/test';
import { categoryTree, expectNoAxeViolations } from './shop.fixtures.ts';
import { apiCall, logIn, signedUpShopper, storeProducts, uniqueEmail } from './cart.helpers.ts';

test.describe('home page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/app/');
  });

  test('speaks Italian and offers search, login and the store locator in the header', async ({ page }) => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    const header = page.getByRole('banner');
    await expect(header.getByRole('searchbox').or(header.getByRole('combobox')).first()).toBeVisible();
    await expect(header.getByRole('button', { name: 'Accedi' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Punti vendita' })).toBeVisible();
  });

  test("shows a visitor the default store's first available slot", async ({ page }) => {
    await expect(page.getByRole('banner').getByText(/Prima disponibilità:/)).toBeVisible();
    await expect(page.getByRole('banner').getByText(/Prima disponibilità:/)).toContainText(/\d{1,2}:\d{2}/);
  });

  test("a shopper's start-up loads the shopping lists; the header's cart counts one product in the singular", async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'avvio'));
    const cart = await apiCall<{ id: number }>(request, shopper, '/cli/ecommerce/cart/open', {
      storeId: 1109,
      deliveryMode: 'IN_STORE',
      terminalType: 'WEB',
    });
    const product = (await storeProducts(request, 1109)).find((p) => p.um === 'PZ' && !/acqua/i.test(p.description))!;
    expect(
      (
        await apiCall(request, shopper, '/cli/ecommerce/cart/store', {
          cartId: cart.data.id,
          barcode: product.barcode,
          amount: 1,
        })
      ).responseCode,
    ).toBe(0);
    await logIn(page, shopper);
    const listsLoaded = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/cli/slists' && response.ok(),
    );
    await page.goto('/app/');
    await listsLoaded;
    await expect(
      page.getByRole('banner').getByRole('link', { name: /^Carrello, totale .+, 1 prodotto$/ }),
    ).toBeVisible();
  });

  test('shows the category tree in Italian, down to the third level', async ({ page, request, isMobile }) => {
    const tree = await categoryTree(request);
    const nav = page
      .getByRole('navigation', { includeHidden: true })
      .filter({ has: page.getByRole('link', { name: 'Frutta e verdura', exact: true, includeHidden: true }) })
      .first();
    await expect(nav).toBeAttached();
    if (!isMobile) await expect(nav).toBeVisible();
    for (const name of ['Frutta e verdura', 'Surgelati']) {
      const link = nav.getByRole('link', { name, exact: true, includeHidden: true });
      await expect(link).toHaveAttribute('href', /\/app\/category\//);
      // The tree is on the left on a desktop; on a phone it may sit behind a menu button.
      if (!isMobile) await expect(link).toBeVisible();
    }

    const fruit = tree.find((c) => c.description === 'Frutta e verdura');
    const second = fruit?.items[0];
    const third = second?.items[0];
    if (!second || !third) throw new Error('Frutta e verdura has no second and third level in the API');
    // Deeper levels may sit folded under their parent; they are links all the same.
    await expect(
      nav.getByRole('link', { name: second.description, exact: true, includeHidden: true }).first(),
    ).toHaveAttribute('href', /\/app\/category\/[^/]+\/[^/]+/);
    await expect(
      nav.getByRole('link', { name: third.description, exact: true, includeHidden: true }).first(),
    ).toHaveAttribute('href', /\/app\/category\/[^/]+\/[^/]+\/[^/]+/);
  });

  test('has no accessibility violations', async ({ page }) => {
    await expectNoAxeViolations(page);
  });
});
