// A home delivery booked after the shopper moved its address to a town the
// cooperative does not serve is refused with the catalogue's Italian message
// (docs/product.md §8 code 2222, §9 delivery towns), with a way to the addresses page.
import { expect, test } from '@playwright/test';
import { apiCall, logIn, signedUpShopper, storeProducts, uniqueEmail } from './cart.helpers.ts';

test('booking a home delivery whose address was moved to Lecce says home delivery is not active there', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const shopper = await signedUpShopper(request, uniqueEmail(info, 'lecce'));
  const saved = await apiCall<{ id: number }[]>(request, shopper, '/cli/profiles/addresses', {
    address: 'Via Roma',
    streetNumber: '9',
    city: 'Bari',
    county: 'BA',
    zip: '70121',
  });
  const opened = await apiCall<{ id: number; storeId: number; netTotal: number }>(
    request,
    shopper,
    '/cli/ecommerce/cart/open',
    { deliveryMode: 'AT_HOME', addressId: saved.data[0]!.id, terminalType: 'WEB' },
  );
  expect(opened.responseCode, 'cart/open').toBe(0);
  let netTotal = 0;
  for (const p of (await storeProducts(request, opened.data.storeId)).filter(
    (x) => x.um === 'PZ' && x.netPrice >= 1 && !/acqua/i.test(x.description),
  )) {
    if (netTotal > 27) break;
    const stored = await apiCall<{ cart: { netTotal: number } }>(request, shopper, '/cli/ecommerce/cart/store', {
      cartId: opened.data.id,
      barcode: p.barcode,
      amount: Math.min(5, Math.ceil(10 / p.netPrice)),
      preview: false,
    });
    if (stored.responseCode === 0) netTotal = stored.data.cart.netTotal;
  }
  await logIn(page, shopper);

  // The shopper moves the address to Lecce, where there is no home delivery.
  await page.goto('/app/profile/addresses');
  const card = page.getByRole('listitem').filter({ hasText: 'Via Roma 9' });
  await card.getByRole('button', { name: 'Modifica Via Roma 9, Bari' }).click();
  const edit = page.getByRole('dialog', { name: 'Modifica indirizzo di spedizione' });
  await edit.getByLabel('Città').fill('Lecce');
  await edit.getByLabel('Provincia (sigla)').fill('LE');
  await edit.getByLabel('CAP').fill('73100');
  await edit.getByRole('button', { name: 'Salva' }).click();
  await expect(card).toContainText('Consegna a domicilio non attiva');

  // Then books the cart opened for Bari.
  await page.goto('/app/checkout');
  const open = page.getByRole('group', { name: 'Scegli il giorno' }).locator('input:not([disabled])');
  await open.first().check();
  await page
    .getByRole('group', { name: /^Scegli la fascia oraria/ })
    .locator('input:not([disabled])')
    .first()
    .check();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page).toHaveURL(/\/app\/checkout\/data\/?$/);
  await page.getByRole('radio', { name: 'No, nessuna sostituzione' }).check();
  await page.getByRole('radio', { name: 'Contanti' }).check();
  await page.getByRole('button', { name: 'Conferma i dati' }).click();
  await expect(page).toHaveURL(/\/app\/checkout\/summary\/?$/);
  await expect(page.getByText('Via Roma 9, Lecce')).toBeVisible();
  await page.getByRole('button', { name: 'Ordine con obbligo di pagamento' }).click();

  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'La consegna a domicilio non è attiva per la città selezionata.' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Gestisci i tuoi indirizzi di consegna' })).toHaveAttribute(
    'href',
    /\/app\/profile\/addresses$/,
  );
  await expect(page).toHaveURL(/\/app\/checkout\/summary\/?$/);
  const orders = await apiCall<{ totalElements: number }>(request, shopper, '/cli/ecommerce/orders?s=5&p=0');
  expect(orders.data.totalElements).toBe(0);
  await page.screenshot({ path: `/tmp/shots-h1/booking-lecce-${info.project.name}.png`, fullPage: true });
});
