// 'Riordina' (reorder in two taps): a closed order goes back into a cart for the same
// store and mode, and the checkout opens with the last slot's weekday and start time
// preselected, then the last payment mode.
import { expect, test } from '@playwright/test';
import { apiCall, bookCart, logIn, readyCart, signedUpShopper, uniqueEmail } from './checkout.helpers.ts';

test.describe('reorder', () => {
  test.setTimeout(120_000);

  test('Riordina opens the checkout with the same slot and the last payment mode chosen', async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'riordina'));
    const cart = await readyCart(request, shopper);
    const { orderId, number } = await bookCart(request, shopper, cart.id, 'BANCOMAT');
    const booked = await apiCall<{ cart: { delivery: { timeSlot: { validFrom: string } } } }>(
      request,
      shopper,
      `/cli/ecommerce/orders/${orderId}/fetch`,
    );
    const start = new Date(booked.data.cart.delivery.timeSlot.validFrom);
    // The shopper cancels it: a closed order, its slot free again.
    expect((await apiCall(request, shopper, '/cli/ecommerce/cart/abort', { orderId })).responseCode).toBe(0);

    await logIn(page, shopper);
    await page.goto('/app/profile/orders');
    const card = page.getByRole('article', { name: `Ordine ${number}` });
    await expect(card.getByText('Annullato', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Riordina' }).click();
    const changed = page.getByRole('alertdialog', { name: 'Attenzione!' });
    // 0 goes straight to the checkout; 4105 (a price changed meanwhile) shows the popup first.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Scegli giorno e fascia oraria' }).or(changed),
    ).toBeVisible({ timeout: 20_000 });
    if (await changed.isVisible()) await changed.getByRole('link', { name: 'Scegli la fascia oraria' }).click();
    await expect(page).toHaveURL(/\/app\/checkout\/?$/);

    const time = new Intl.DateTimeFormat('it-IT', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Rome',
    }).format(start);
    const chosen = page.locator('.slot-list input[type="radio"]:checked');
    await expect(chosen).toHaveCount(1);
    await expect(page.locator(`label[for="${await chosen.getAttribute('id')}"]`)).toContainText(time);

    await page.getByRole('button', { name: 'Avanti' }).click();
    await expect(page).toHaveURL(/\/app\/checkout\/data\/?$/);
    await expect(page.getByRole('radio', { name: 'Bancomat' })).toBeChecked();
  });
});
