// The next cart after a booking starts as the last one: its mode and store preselected, one tap
// confirms them; the store chooser is searched by name, town or address and sorted by distance
// (docs/product.md §2 /cart/create, §4 Next cart).
import { expect, test } from '@playwright/test';
import { apiCall, bookedOrder, logIn, signedUpShopper, uniqueEmail } from './checkout.helpers.ts';

const BARI = { latitude: 41.1171, longitude: 16.8719 };

test.describe('the next cart', () => {
  test.use({ geolocation: BARI, permissions: ['geolocation'] });

  test('after a booking, cart creation has the last mode and store chosen: one tap makes the cart', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'prossimo'));
    await bookedOrder(request, shopper);
    expect((await apiCall(request, shopper, '/cli/ecommerce/cart/current')).data).toBeNull();
    await logIn(page, shopper);
    await page.goto('/app/cart/create');
    await expect(page.getByRole('radio', { name: /Ritiro in negozio/ })).toBeChecked();
    const store = page.getByRole('radio', { name: /Superstore Bari Japigia/ });
    await expect(store).toBeChecked();
    await expect(page.getByText('Il tuo ultimo punto vendita')).toBeVisible();
    await expect(page.locator('.delivery-form__choice')).toHaveText('Ritiro in negozio · Superstore Bari Japigia');
    await page.getByRole('button', { name: 'Crea il carrello' }).click();
    await expect(page).toHaveURL(/\/app\/?$/);
    const cart = await apiCall<{ storeId: number; deliveryMode: string }>(
      request,
      shopper,
      '/cli/ecommerce/cart/current',
    );
    expect(cart.data).toMatchObject({ storeId: 1109, deliveryMode: 'IN_STORE' });
  });

  test('the store chooser is searched by town or address and sorted by distance', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'sceltanegozio'));
    await logIn(page, shopper);
    await page.goto('/app/cart/create');
    await page.getByRole('radio', { name: /Ritiro in negozio/ }).check();
    const stores = page.locator('.delivery-form .choice-list .choice');
    await expect(stores.first()).toBeVisible();
    const all = await stores.count();
    expect(all).toBeGreaterThan(3);
    const search = page.getByLabel('Cerca un punto vendita');
    await search.fill('taranto');
    await expect(stores.first()).toContainText('Taranto');
    const inTaranto = await stores.count();
    expect(inTaranto).toBeLessThan(all);
    for (let i = 0; i < inTaranto; i++) await expect(stores.nth(i)).toContainText(/Taranto/i);
    await search.fill('');
    await expect(stores).toHaveCount(all);
    await page.getByRole('button', { name: 'Usa la mia posizione' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'dal più vicino' })).toBeVisible();
    await expect(stores.first()).toContainText('Bari Poggiofranco');
    await expect(stores.first()).toContainText(/\d,\d km/);
    await stores.first().getByRole('radio').check();
    await expect(page.locator('.delivery-form__choice')).toHaveText(/^Ritiro in negozio · .*Poggiofranco/);
    if (info.project.name === 'phone')
      await page.screenshot({ path: info.outputPath('cart-create-store-chooser.png'), animations: 'disabled' });
  });
});
