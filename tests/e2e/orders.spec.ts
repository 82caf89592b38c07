// A shopper's orders (docs/product.md §2 /profile/orders, §4, §9): listed with
// their status, a pre-order aborted with a confirmation, an order in preparation
// copied into the cart, paged 5 at a time, and an empty state for a shopper
// without orders.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './shop.fixtures.ts';
import { bookedOrder, confirmedByStore, logIn, signedUpShopper, uniqueEmail } from './checkout.helpers.ts';

test.describe('orders', () => {
  test.setTimeout(120_000);

  test('aborts an order after confirming, and copies another into the cart', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'ordini'));
    const first = await bookedOrder(request, shopper);
    const second = await bookedOrder(request, shopper);
    // The first one the store confirmed as ordered: within the shopper's choices (decision 018) it is being prepared.
    await confirmedByStore(request, first.orderId, 'IN_PREPARATION');
    await logIn(page, shopper);

    await page.goto('/app/profile/orders');
    const toAbort = page.getByRole('article', { name: `Ordine ${second.number}` });
    const toCopy = page.getByRole('article', { name: `Ordine ${first.number}` });
    await expect(toAbort.getByText('In attesa di conferma del punto vendita')).toBeVisible();
    await expect(toCopy.getByText('In preparazione', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await toCopy.getByRole('button', { name: 'Dettagli' }).click();
    await expect(toCopy.getByRole('heading', { name: 'Prodotti ordinati' })).toBeVisible();
    await expect(toCopy.getByRole('table')).toBeVisible();

    await toAbort.getByRole('button', { name: 'Annulla ordine' }).click();
    const dialog = page.getByRole('alertdialog', { name: "Annullare l'ordine?" });
    await dialog.getByRole('button', { name: "No, mantieni l'ordine" }).click();
    await expect(toAbort.getByText('In attesa di conferma del punto vendita')).toBeVisible();
    await toAbort.getByRole('button', { name: 'Annulla ordine' }).click();
    await dialog.getByRole('button', { name: "Sì, annulla l'ordine" }).click();
    await expect(toAbort.getByText('Annullato', { exact: true })).toBeVisible();
    await expect(toAbort.getByRole('button', { name: 'Annulla ordine' })).toHaveCount(0);

    await toCopy.getByRole('button', { name: 'Copia nel carrello' }).click();
    const changed = page.getByRole('alertdialog', { name: 'Attenzione!' });
    // 0 goes straight to the cart; 4105 (a price changed meanwhile) shows the popup first.
    await expect(page.getByRole('heading', { level: 1, name: 'Il tuo carrello' }).or(changed)).toBeVisible();
    if (await changed.isVisible()) await changed.getByRole('link', { name: 'Vai al carrello' }).click();
    await expect(page).toHaveURL(/\/app\/cart\/?$/);
    await expect(page.getByRole('banner').getByRole('link', { name: /^Carrello, totale (?!0,00)/ })).toBeVisible();
  });

  test('pages the orders five at a time', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'pagine'));
    const numbers: string[] = [];
    for (let i = 0; i < 6; i++) numbers.push((await bookedOrder(request, shopper)).number);
    await logIn(page, shopper);
    await page.goto('/app/orders');
    await expect(page.getByText('6 ordini · pagina 1 di 2')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(5);
    await expect(page.getByRole('article', { name: `Ordine ${numbers[5]}` })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Pagine degli ordini' })
      .getByRole('button', { name: 'Pagina 2' })
      .click();
    await expect(page.getByText('6 ordini · pagina 2 di 2')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article', { name: `Ordine ${numbers[0]}` })).toBeVisible();
  });

  test('says so when there are no orders yet', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'nessunordine'));
    await logIn(page, shopper);
    await page.goto('/app/profile/orders');
    await expect(page.getByText('Non hai ancora effettuato ordini.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
