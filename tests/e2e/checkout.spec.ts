// A shopper with a cart above the minimum books it: day and slot, checkout
// data (invoice needs a complete billing address), the summary with every
// amount and the binding button, then the thank-you page and the order in
// the profile (docs/product.md §2 /checkout…, §5, §8, §9).
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './shop.fixtures.ts';
import { euro, logIn, readyCart, signedUpShopper, uniqueEmail } from './checkout.helpers.ts';

/** A billing address imported from the old system without a phone number: incomplete for an invoice. */
const legacyBilling = {
  id: 990001,
  vatCode: '01234567890',
  ssnCode: null,
  companyName: 'Forno Rossi srl',
  address: 'Via Sparano',
  streetNumber: '10',
  zip: '70121',
  city: 'Bari',
  county: 'BA',
  nation: 'IT',
  phone: '',
  fax: null,
  pec: null,
  recipientCode: null,
};

async function pickAnySlot(page: Page) {
  const days = page.getByRole('group', { name: 'Scegli il giorno' }).getByRole('radio');
  await expect(days).toHaveCount(10);
  const open = page.getByRole('group', { name: 'Scegli il giorno' }).locator('input:not([disabled])');
  await open.nth(Math.floor(Math.random() * (await open.count()))).check();
  const slots = page.getByRole('group', { name: /^Scegli la fascia oraria/ }).locator('input:not([disabled])');
  await expect(slots.first()).toBeVisible();
  await slots.nth(Math.floor(Math.random() * (await slots.count()))).check();
}

test.describe('checkout', () => {
  test.setTimeout(120_000);

  test('books a slot with cash: slot, data, summary with every amount, thank-you page, order listed', async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'prenota'));
    const cart = await readyCart(request, shopper);
    await logIn(page, shopper);

    // Step 1: day and slot; 'Avanti' needs both.
    await page.goto('/app/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Scegli giorno e fascia oraria' })).toBeVisible();
    await expect(page.getByText(/Punto vendita:/).first()).toBeVisible();
    await expect(page.getByRole('banner').getByText(/Prima disponibilità:/)).toBeVisible();
    const next = page.getByRole('button', { name: 'Avanti' });
    await expect(next).toBeDisabled();
    await expect(
      page
        .getByRole('group', { name: 'Scegli il giorno' })
        .getByRole('radio', { name: /domenica/ })
        .first(),
    ).toBeDisabled();
    await expectNoAxeViolations(page);
    const open = page.getByRole('group', { name: 'Scegli il giorno' }).locator('input:not([disabled])');
    await open.first().check();
    await expect(next).toBeDisabled();
    await pickAnySlot(page);
    await expect(page.getByText(/Hai scelto:/)).toBeVisible();
    await expect(next).toBeEnabled();
    // The data step asks for the billing addresses as soon as it loads: answer before it does.
    await page.route('**/cli/profiles/billing/addresses', (route) =>
      route.fulfill({ json: { responseCode: 0, data: [legacyBilling] } }),
    );
    await next.click();

    // Step 2: data prefilled from the profile; confirm needs replacement and payment.
    await expect(page).toHaveURL(/\/app\/checkout\/data\/?$/);
    await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
    await expect(page.getByLabel('Cellulare')).toHaveValue('3331234567');
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Anna');
    await expect(page.getByLabel('Cognome')).toHaveValue('Rossi');
    const confirm = page.getByRole('button', { name: 'Conferma i dati' });
    await expect(confirm).toBeDisabled();
    await expectNoAxeViolations(page);
    await page.getByLabel('Note per il ritiro (facoltative)').fill('Citofono Rossi');
    await page.getByRole('checkbox', { name: 'Richiedo la fattura' }).check();
    // The only billing address is preselected.
    await expect(page.getByRole('radio', { name: /Forno Rossi srl/ })).toBeChecked();
    await page.getByRole('radio', { name: /Forno Rossi srl/ }).check();
    await expect(page.getByRole('alert').filter({ hasText: 'Indirizzo di fatturazione incompleto!' })).toBeVisible();
    await page.getByRole('radio', { name: 'No, nessuna sostituzione' }).check();
    await expect(confirm).toBeDisabled();
    await page.getByRole('radio', { name: 'Contanti' }).check();
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(page).toHaveURL(/\/app\/checkout\/data\/?$/);
    await expect(page.getByText('Indirizzo di fatturazione incompleto!')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Richiedo la fattura' }).uncheck();
    await confirm.click();

    // Step 3: the summary shows every amount and the binding button.
    await expect(page).toHaveURL(/\/app\/checkout\/summary\/?$/);
    const table = page.getByRole('table');
    for (const item of cart.items)
      await expect(table.getByRole('row').filter({ hasText: item.description }).first()).toContainText(
        euro(item.rowNetPrice),
      );
    await expect(table.getByRole('row', { name: /Totale prodotti/ })).toContainText(euro(cart.netTotal));
    for (const fee of cart.fees)
      await expect(
        table.getByRole('row', { name: new RegExp(fee.description.replace(/[()]/g, '\\$&')) }),
      ).toContainText(euro(fee.value));
    await expect(table.getByRole('row', { name: /^Totale\b(?! prodotti)/ }).last()).toContainText(euro(cart.total));
    await expect(page.getByText('Contanti')).toBeVisible();
    await expect(page.getByText('Citofono Rossi')).toBeVisible();
    // The thank-you page's own order lookup is held back: the booking's answer already names the order.
    let releaseOrders = () => {};
    const ordersHeld = new Promise<void>((resolve) => (releaseOrders = resolve));
    await page.route('**/cli/ecommerce/orders?*', async (route) => {
      await ordersHeld;
      await route.continue().catch(() => undefined);
    });
    await page.getByRole('button', { name: 'Ordine con obbligo di pagamento' }).click();

    // Thank-you page: order number (at once), the 10% text; the cart is empty again.
    await expect(page).toHaveURL(/\/app\/checkout\/confirm\/?$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Grazie, il tuo pre-ordine è inviato al punto vendita!' }),
    ).toBeVisible();
    await expect(page.getByTestId('order-number')).toHaveText(/^W\d{8}$/);
    releaseOrders();
    await page.unroute('**/cli/ecommerce/orders?*');
    await expect(page.getByText(/maggiorato del 10%/)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /^Carrello, totale 0,00/ })).toBeVisible();
    const number = await page.getByTestId('order-number').textContent();

    await page.getByRole('link', { name: 'Vai ai tuoi ordini' }).click();
    await expect(page).toHaveURL(/\/app\/profile\/orders\/?$/);
    const card = page.getByRole('article', { name: `Ordine ${number}` });
    await expect(card.getByText('In attesa di conferma del punto vendita')).toBeVisible();
  });

  test('a booking is confirmed by the checkout overlay for 3 s, then the thank-you page (docs/product.md §9)', async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'overlay'));
    await readyCart(request, shopper);
    await logIn(page, shopper);
    await page.clock.install();
    await page.goto('/app/checkout');
    await pickAnySlot(page);
    await page.getByRole('button', { name: 'Avanti' }).click();
    await expect(page).toHaveURL(/\/app\/checkout\/data\/?$/);
    await page.getByRole('radio', { name: 'No, nessuna sostituzione' }).check();
    await page.getByRole('radio', { name: 'Contanti' }).check();
    await page.getByRole('button', { name: 'Conferma i dati' }).click();
    await expect(page).toHaveURL(/\/app\/checkout\/summary\/?$/);
    const book = page.getByRole('button', { name: 'Ordine con obbligo di pagamento' });
    await expect(book).toBeEnabled();

    // From here the page's time moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 1_000);
    await book.click();
    const overlay = page.getByRole('status').filter({ hasText: 'Prenotazione effettuata' });
    await expect(overlay).toBeVisible();
    await page.clock.runFor(2_900);
    await expect(overlay).toBeVisible();
    await expect(page).toHaveURL(/\/app\/checkout\/summary\/?$/);
    await page.clock.runFor(100);
    await expect(page).toHaveURL(/\/app\/checkout\/confirm\/?$/);
    await page.clock.resume();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Grazie, il tuo pre-ordine è inviato al punto vendita!' }),
    ).toBeVisible();
  });

  test('without a cart, the checkout says so and offers a way on', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'senzacarrello'));
    await logIn(page, shopper);
    await page.goto('/app/checkout');
    await expect(page.getByText(/Non hai un carrello da prenotare/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Crea il carrello' })).toBeVisible();
  });

  test('the payment failure page links to the orders', async ({ page }) => {
    await page.goto('/app/checkout/failed');
    await expect(
      page.getByText('Errore! Il pagamento non è andato a buon fine. Vi chiediamo di riprovare.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Vai ai tuoi ordini' })).toHaveAttribute('href', '/app/profile/orders');
  });
});
