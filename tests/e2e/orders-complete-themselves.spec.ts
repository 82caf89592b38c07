// Orders that complete themselves (issue 62, decision 018), in the browser. A shopper with a
// linked card books a card order through the checkout, where «Quando il punto vendita conferma
// l'ordine» shows its default (changes accepted up to 10 €); the store's operator, on the store's
// own screen, confirms it whole with «Tutto disponibile»; the card is held without the shopper and
// their orders page, open all along, shows the order in preparation with its pickup code by
// itself. A cash order whose shopper lowered the limit to 5 € with «Cambia», and which the store
// confirms with a dearer product missing, waits for «Accetta ordine» until its deadline instead.
// On the phone, 360 px screenshots of the checkout's choices and of the store's screen after the
// confirmation land among the test's results (docs/screenshots holds copies of them).
import { expect, test } from '@playwright/test';
import {
  apiCall,
  bookedOrder,
  confirmedByStore,
  dearestRowUnavailable,
  euro,
  logIn,
  readyCart,
  signedUpShopper,
  uniqueEmail,
} from './checkout.helpers.ts';
import { fact, mailTo, noSideScroll, operatorPage, romeDateTime, shot } from './lifecycle.helpers.ts';
import {
  SANDBOX_CARDS,
  acceptChangesBox,
  associateCard,
  checkoutToData,
  orderChoices,
  quoteOf,
} from './payments.helpers.ts';
import { expectNoAxeViolations } from './shop.fixtures.ts';

const EVENTS = '/cli/ecommerce/orders/events';

interface ShopperOrder {
  id: number;
  number: string;
  code: string;
  status: string;
  withinChoices: boolean | null;
  acceptChanges: boolean;
  acceptChangesLimit: number | null;
  pickupCode: string | null;
  expiresAt: string | null;
}

test.describe('orders that complete themselves', () => {
  test.setTimeout(150_000);

  test('a card order confirmed with «Tutto disponibile» is held on the linked card and prepared, the shopper doing nothing', async ({
    page,
    browser,
  }, info) => {
    const shopper = await signedUpShopper(page.request, uniqueEmail(info, 'dasola'));
    const cart = await readyCart(page.request, shopper);
    const cartQuote = await quoteOf(page.request, shopper, { cartId: cart.id });
    await logIn(page, shopper);
    await page.goto('/app/profile/payments');
    await associateCard(page, SANDBOX_CARDS.approve);
    await expect(page.getByRole('alertdialog', { name: 'Associazione avvenuta correttamente!' })).toBeVisible();

    // The checkout asks once what the store's confirmation may do without the shopper: by default, changes up to 10 €.
    await checkoutToData(page);
    await page.getByRole('radio', { name: 'Sì, accetto la sostituzione' }).check();
    await page.getByRole('radio', { name: /^Carta di credito/ }).check();
    const choices = orderChoices(page);
    await expect(choices).toBeVisible();
    await expect(choices).toContainText(
      "Se tutti i prodotti sono disponibili come li hai ordinati, l'ordine viene confermato e preparato subito: non devi fare nulla.",
    );
    await expect(acceptChangesBox(page)).toBeChecked();
    await expect(acceptChangesBox(page)).toHaveAttribute('name', 'checkout-accept-changes');
    const limit = choices.getByRole('combobox', { name: 'Variazione massima del totale' });
    await expect(limit).toBeEnabled();
    await expect(limit).toHaveValue('10');
    await expect(limit.getByRole('option')).toHaveText([euro(5), euro(10), euro(20)]);
    await expect(choices).toContainText('Con la carta blocchiamo il totale sulla carta associata');
    expect(await noSideScroll(page), 'the data step fits its width').toBe(true);
    await expectNoAxeViolations(page);
    if (info.project.name === 'phone') await shot(page, choices, info.outputPath('checkout-order-choices-360.png'));
    // Unticked, the limit no longer applies; ticked again, it is back as it was.
    await acceptChangesBox(page).uncheck();
    await expect(limit).toBeDisabled();
    await acceptChangesBox(page).check();
    await expect(limit).toHaveValue('10');
    await page.getByRole('button', { name: 'Conferma i dati' }).click();

    await expect(page).toHaveURL(/\/app\/checkout\/summary\/?$/);
    await expect(
      page.locator('dl > div').filter({ hasText: 'Alla conferma del punto vendita' }).getByRole('definition'),
    ).toHaveText(`Confermato senza chiederti se il totale cambia al massimo di ${euro(10)}`);
    await page.getByRole('button', { name: 'Ordine con obbligo di pagamento' }).click();
    await expect(page).toHaveURL(/\/app\/checkout\/confirm\/?$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Grazie, il tuo pre-ordine è inviato al punto vendita!' }),
    ).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Il punto vendita verifica' })).toContainText(
      "l'ordine va in preparazione da solo e il totale viene bloccato sulla carta associata",
    );
    const number = (await page.getByTestId('order-number').textContent())!;

    // The shopper's orders page stays open from here on, never reloaded.
    const listening = page.waitForResponse((r) => r.url().endsWith(EVENTS) && r.status() === 200);
    await page.getByRole('link', { name: 'Vai ai tuoi ordini' }).click();
    const mine = page.getByRole('article', { name: `Ordine ${number}` });
    await expect(mine.getByText('In attesa di conferma del punto vendita', { exact: true })).toBeVisible();
    await expect(mine).toContainText(
      `Alla conferma del punto vendita: Confermato senza chiederti se il totale cambia al massimo di ${euro(10)}.`,
    );
    await expect(mine.getByRole('button', { name: 'Paga ora' })).toHaveCount(0);
    await listening;
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });

    // The store's operator confirms the whole order in one click.
    const staff = await operatorPage(browser, info);
    const card = staff.getByRole('article', { name: `Ordine ${number}` });
    await expect(fact(card, 'Alla conferma').getByRole('definition')).toHaveText(
      `va avanti da sola se il totale cambia al massimo di ${euro(10)}`,
    );
    await card.getByRole('button', { name: `Tutto disponibile nell'ordine ${number}` }).click();
    await expect(staff.getByText(`Ordine ${number}: disponibilità confermata`)).toBeVisible();
    await expect(card.getByText('In preparazione', { exact: true })).toBeVisible();
    await expect(fact(card, 'Conferma').getByRole('definition')).toHaveText(
      'andata avanti da sola, entro le scelte del cliente',
    );
    await expect(card.getByRole('form', { name: `Conferma disponibilità dell'ordine ${number}` })).toHaveCount(0);
    expect(await noSideScroll(staff), 'the store screen fits its width').toBe(true);
    await expectNoAxeViolations(staff);
    if (info.project.name === 'phone') await shot(staff, card, info.outputPath('staff-order-went-through-360.png'));

    // Held on the linked card without the shopper: in preparation, with its pickup code.
    const orders = await apiCall<{ data: ShopperOrder[] }>(page.request, shopper, '/cli/ecommerce/orders?s=5&p=0');
    const held = orders.data.data.find((o) => o.number === number)!;
    expect(held.status).toBe('IN_PREPARATION');
    expect(held.withinChoices).toBe(true);
    expect(held.pickupCode, 'a pickup code once held').toBeTruthy();
    const heldQuote = await quoteOf(page.request, shopper, { orderCode: held.code });
    expect(heldQuote.amount).toBeCloseTo(cartQuote.amount, 2); // every row as ordered: the hold shown at checkout

    // The shopper's page shows it by itself.
    await expect(mine.getByText('In preparazione', { exact: true })).toBeVisible();
    await expect(
      mine.getByText('Confermato dal punto vendita entro le tue scelte: non devi fare nulla.'),
    ).toBeVisible();
    await expect(fact(mine, 'Codice di ritiro').getByRole('definition')).toHaveText(held.pickupCode!);
    await expect(fact(mine, 'Importo pre-autorizzato').getByRole('definition')).toHaveText(euro(heldQuote.amount));
    await expect(mine.getByRole('button', { name: 'Paga ora' })).toHaveCount(0);
    await expect(mine.getByRole('button', { name: 'Cambia' })).toHaveCount(0);
    expect(await noSideScroll(page), 'the orders page fits its width').toBe(true);
    if (info.project.name === 'phone') await shot(page, mine, info.outputPath('shopper-order-went-through-360.png'));
    expect(reloaded, 'the orders page was never reloaded').toBe(false);
    const mail = await mailTo(page, shopper.email, `Ordine confermato: è in preparazione (${number})`);
    expect(mail).toContain(held.pickupCode!);
    expect(mail).toContain('Sulla tua carta abbiamo bloccato il totale');
    await staff.context().close();
  });

  test('a cash order confirmed with a change beyond the limit the shopper set with «Cambia» waits for «Accetta ordine» until its deadline', async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'oltre'));
    // Booked with the checkout's defaults: changes accepted up to 10 €.
    const { orderId, number } = await bookedOrder(request, shopper);
    await logIn(page, shopper);
    const listening = page.waitForResponse((r) => r.url().endsWith(EVENTS) && r.status() === 200);
    await page.goto('/app/profile/orders');
    const mine = page.getByRole('article', { name: `Ordine ${number}` });
    await expect(mine).toContainText(
      `Alla conferma del punto vendita: Confermato senza chiederti se il totale cambia al massimo di ${euro(10)}.`,
    );
    await listening;

    // While the store has not confirmed, the shopper lowers the limit to 5 €.
    await mine.getByRole('button', { name: 'Cambia' }).click();
    const limit = mine.getByRole('combobox', { name: 'Variazione massima del totale' });
    await expect(mine.getByRole('checkbox', { name: /confermalo senza chiedermelo/ })).toBeChecked();
    expect(await noSideScroll(page), 'the orders page fits its width').toBe(true);
    if (info.project.name === 'phone') await shot(page, mine, info.outputPath('order-choices-change-360.png'));
    await limit.selectOption({ label: euro(5) });
    await mine.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Scelte aggiornate')).toBeVisible();
    await expect(mine).toContainText(
      `Alla conferma del punto vendita: Confermato senza chiederti se il totale cambia al massimo di ${euro(5)}.`,
    );
    const saved = await apiCall<ShopperOrder>(request, shopper, `/cli/ecommerce/orders/${orderId}/fetch`);
    expect(saved.data.acceptChanges).toBe(true);
    expect(saved.data.acceptChangesLimit).toBe(5);

    // The store confirms with its dearest row missing: more than 5 € off, beyond the shopper's choices.
    const missing = await dearestRowUnavailable(request, shopper, orderId);
    expect(missing.amount, 'the missing row takes more than 5 € off').toBeGreaterThan(5);
    const waiting = await confirmedByStore(request, orderId, 'PAYMENT_PENDING', missing.rows);
    expect(waiting.withinChoices).toBe(false);
    expect(waiting.pickupCode).toBeNull();
    const deadline = romeDateTime(waiting.expiresAt!);

    // The page, open all along, shows what changed, until when to accept, and «Accetta ordine».
    await expect(mine.getByText('Confermato: in attesa della tua accettazione', { exact: true })).toBeVisible();
    const confirmed = mine.getByRole('status').filter({ hasText: 'Il punto vendita ha confermato la disponibilità' });
    await expect(confirmed.getByRole('listitem')).toHaveText([`${missing.description}: non disponibile`]);
    await expect(confirmed).toContainText(
      `Accetta entro il ${deadline}, altrimenti l'ordine scade e la fascia oraria viene liberata.`,
    );
    await expect(mine.getByRole('button', { name: 'Accetta ordine' })).toBeVisible();
    await expect(mine.getByText('Confermato dal punto vendita entro le tue scelte', { exact: false })).toHaveCount(0);
    await expect(mine.getByRole('button', { name: 'Cambia' })).toHaveCount(0);
    await expect(fact(mine, 'Codice di ritiro')).toHaveCount(0);
    expect(await noSideScroll(page), 'the orders page fits its width').toBe(true);
    await mailTo(page, shopper.email, `Disponibilità confermata: il tuo ordine ${number}`);

    // Accepted: in preparation, with the pickup code.
    await mine.getByRole('button', { name: 'Accetta ordine' }).click();
    await expect(mine.getByText('In preparazione', { exact: true })).toBeVisible();
    const accepted = await apiCall<ShopperOrder>(request, shopper, `/cli/ecommerce/orders/${orderId}/fetch`);
    await expect(fact(mine, 'Codice di ritiro').getByRole('definition')).toHaveText(accepted.data.pickupCode!);
  });
});
