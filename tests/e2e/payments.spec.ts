// Card payments in the browser (docs/product.md §2 /profile/payments, /payments,
// /payments/boarding; §4 Card state and XPAY checkout steps; §8): a shopper
// associates a card through the sandbox provider's lightbox and removes it,
// pays with a 3-D Secure challenge an order the store confirmed with a change
// they asked to be asked about (decisions 014, 018), pays with «Paga ora» an
// order whose hold the issuer refused without the cardholder, sees a declined
// card fail and then pays from the orders page, and boards a card on the
// legacy pages.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './shop.fixtures.ts';
import {
  apiCall,
  bookCart,
  confirmedByStore,
  dearestRowUnavailable,
  euro,
  logIn,
  readyCart,
  signedUpShopper,
  uniqueEmail,
} from './checkout.helpers.ts';
import {
  SANDBOX_CARDS,
  associateCard,
  checkoutToSummary,
  fillCard,
  passChallenge,
  pendingCardOrder,
  quoteOf,
  threeDsFrame,
} from './payments.helpers.ts';

const PAYMENT_FAILED = 'Errore! Il pagamento non è andato a buon fine. Vi chiediamo di riprovare.';

test.describe('card payments', () => {
  test.setTimeout(120_000);

  test('associates a card through the lightbox with a 3-D Secure challenge, then removes it', async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'carta'));
    await logIn(page, shopper);
    // With online payments on, the profile panel links to the card page (docs/product.md §2, §6).
    await page.goto('/app/');
    const panel = page.getByRole('dialog', { name: 'Il tuo profilo' });
    await expect(async () => {
      if (!(await panel.isVisible()))
        await page
          .getByRole('banner')
          .getByRole('button', { name: /^Il tuo profilo/ })
          .click();
      await expect(panel).toBeVisible({ timeout: 2000 });
    }).toPass();
    await panel.getByRole('link', { name: 'Pagamenti' }).click();
    await expect(page).toHaveURL(/\/app\/profile\/payments\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pagamenti' })).toBeVisible();
    await expect(
      page.getByText(/può essere usata solo per i pagamenti su questo sito e sull'app mobile/),
    ).toBeVisible();
    await expect(page.getByText(/non viene\s+addebitato nulla/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nessuna carta associata' })).toBeVisible();
    await expectNoAxeViolations(page);

    await associateCard(page, SANDBOX_CARDS.challenge, { challenge: true });
    await expect(page.getByRole('alertdialog', { name: 'Associazione avvenuta correttamente!' })).toBeVisible();
    const card = page.getByTestId('linked-card');
    await expect(card).toContainText('VISA');
    await expect(card).toContainText('434994******7007');
    await expect(card).toContainText(/12\D*(20)?30/);
    // The success popup closes by itself (docs/product.md §9: 3 s).
    await expect(page.getByRole('alertdialog', { name: 'Associazione avvenuta correttamente!' })).toBeHidden({
      timeout: 6000,
    });

    await page.getByRole('button', { name: 'Rimuovi carta' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Rimuovere la carta?' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Sì, rimuovi la carta' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Rimozione carta avvenuta correttamente!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Associa carta' })).toBeVisible();
    await expect(page.getByTestId('linked-card')).toHaveCount(0);
  });

  test('a card the provider refuses at association says something went wrong', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'cartanonvalida'));
    await logIn(page, shopper);
    await page.goto('/app/profile/payments');
    await associateCard(page, SANDBOX_CARDS.invalid);
    const popup = page.getByRole('alertdialog', { name: 'Qualcosa è andato storto' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Vi preghiamo di riprovare più tardi, grazie.');
    await popup.getByRole('button', { name: 'Chiudi' }).first().click();
    await expect(page.getByRole('button', { name: 'Associa carta' })).toBeVisible();
  });

  test("pays a confirmed order by card with the 3-D Secure challenge: the hold shown before booking, the pre-order, the store's confirmation with a change the shopper asked to be asked about, the payment, the pickup code", async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'pagacarta'));
    const cart = await readyCart(request, shopper);
    const quote = await quoteOf(request, shopper, { cartId: cart.id });
    expect(quote.amount).toBeGreaterThanOrEqual(quote.totalToPay);
    await logIn(page, shopper);
    await page.goto('/app/profile/payments');
    await associateCard(page, SANDBOX_CARDS.challenge, { challenge: true });
    await expect(page.getByRole('alertdialog', { name: 'Associazione avvenuta correttamente!' })).toBeVisible();

    // «confermalo senza chiedermelo» unticked: a change the store makes waits for the shopper's payment (decision 018).
    await checkoutToSummary(page, 'Carta di credito', { acceptChanges: false });
    await expect(
      page.locator('dl > div').filter({ hasText: 'Alla conferma del punto vendita' }).getByRole('definition'),
    ).toHaveText('Ti chiediamo conferma se un prodotto manca o viene sostituito');
    const hold = page.getByTestId('preauth-amount');
    await expect(hold.getByRole('heading', { name: 'Pre-autorizzazione sulla carta' })).toBeVisible();
    await expect(hold).toContainText(euro(quote.totalToPay));
    await expect(hold.getByRole('definition').last()).toHaveText(euro(quote.amount));
    if (quote.variableWeightTotal > 0)
      await expect(hold).toContainText(
        `Maggiorazione del ${quote.surchargePercent}% sui prodotti a peso variabile (${euro(quote.variableWeightTotal)})`,
      );
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Ordine con obbligo di pagamento' }).click();

    // Booking sends a pre-order: no card step until the store has confirmed it (decision 014).
    await expect(page).toHaveURL(/\/app\/checkout\/confirm\/?$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Grazie, il tuo pre-ordine è inviato al punto vendita!' }),
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Pagamento con carta' })).toHaveCount(0);
    const number = (await page.getByTestId('order-number').textContent())!;
    expect(number).toMatch(/^W\d{8}$/);
    await page.getByRole('link', { name: 'Vai ai tuoi ordini' }).click();
    const order = page.getByRole('article', { name: `Ordine ${number}` });
    await expect(order.getByText('In attesa di conferma del punto vendita')).toBeVisible();
    await expect(order.getByRole('button', { name: 'Paga ora' })).toHaveCount(0);

    // The store confirms with one row missing; beyond the shopper's choices, the order waits for the card payment.
    const booked = (
      await apiCall<{ data: { id: number; number: string; code: string }[] }>(
        request,
        shopper,
        '/cli/ecommerce/orders?s=5&p=0',
      )
    ).data.data.find((o) => o.number === number)!;
    const missing = await dearestRowUnavailable(request, shopper, booked.id, { pieces: true });
    const waiting = await confirmedByStore(request, booked.id, 'PAYMENT_PENDING', missing.rows);
    expect(waiting.withinChoices).toBe(false);
    // The hold is the confirmed order's: without the missing row.
    const confirmedQuote = await quoteOf(request, shopper, { orderCode: booked.code });
    expect(confirmedQuote.totalToPay).toBeCloseTo(quote.totalToPay - missing.amount, 2);
    await page.reload();
    await expect(order.getByText('Confermato: in attesa di pagamento')).toBeVisible();
    await expect(order.getByRole('status')).toContainText(`${missing.description}: non disponibile`);
    await order.getByRole('button', { name: 'Paga ora' }).click();
    await expect(page.getByRole('dialog', { name: 'Pagamento con carta' })).toBeVisible();
    await passChallenge(threeDsFrame(page));
    await expect(page).toHaveURL(/\/app\/checkout\/confirm\?orderCode=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Grazie, il tuo ordine è prenotato!' })).toBeVisible();
    await expect(page.getByText('Il pagamento con carta è andato a buon fine.')).toBeVisible();
    await expect(page.getByTestId('order-number')).toHaveText(number);
    await expect(page.getByTestId('preauth-amount').getByRole('definition').last()).toHaveText(
      euro(confirmedQuote.amount),
    );
    await expect(page.getByText(/^Codice di ritiro: \S+/)).toBeVisible();

    await page.getByRole('link', { name: 'Vai ai tuoi ordini' }).click();
    await expect(order.getByText('In preparazione')).toBeVisible();
    await expect(order.getByRole('definition').filter({ hasText: euro(confirmedQuote.amount) })).toBeVisible();
    await expect(order).toContainText('Importo pre-autorizzato');
    await expect(order.getByText('Codice di ritiro')).toBeVisible();
    await expect(order.getByRole('button', { name: 'Paga ora' })).toHaveCount(0);
  });

  test('a card whose issuer refuses payments without the cardholder: the order confirmed as ordered waits for «Paga ora», which holds it with 3-D Secure', async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'senzamit'));
    await logIn(page, shopper);
    await page.goto('/app/profile/payments');
    await associateCard(page, SANDBOX_CARDS.noMit);
    await expect(page.getByRole('alertdialog', { name: 'Associazione avvenuta correttamente!' })).toBeVisible();
    // Booked with the checkout's defaults: every row as ordered is within the shopper's choices.
    const cart = await readyCart(request, shopper);
    const { orderId, number } = await bookCart(request, shopper, cart.id, 'XPAY');
    // The hold taken without the shopper is refused: the order waits for them, and they are told.
    const waiting = await confirmedByStore(request, orderId, 'PAYMENT_PENDING');
    expect(waiting.withinChoices).toBe(false);
    await expect
      .poll(
        async () => {
          const outbox = (await (await request.get(`/dev/outbox?to=${encodeURIComponent(shopper.email)}`)).json()) as {
            messages: { subject: string }[];
          };
          return outbox.messages.map((m) => m.subject);
        },
        { message: 'the mail of the refused hold', timeout: 15_000 },
      )
      .toContain(`Paga il tuo ordine ${number}: la carta non è stata accettata`);

    await page.goto('/app/profile/orders');
    const card = page.getByRole('article', { name: `Ordine ${number}` });
    await expect(card.getByText('Confermato: in attesa di pagamento')).toBeVisible();
    await expect(card.getByRole('status')).toContainText('tutti i prodotti sono disponibili');
    await expect(card.getByText('Confermato dal punto vendita entro le tue scelte', { exact: false })).toHaveCount(0);
    await card.getByRole('button', { name: 'Paga ora' }).click();
    await expect(page).toHaveURL(/\/app\/checkout\/confirm\?orderCode=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Grazie, il tuo ordine è prenotato!' })).toBeVisible();
    await expect(page.getByTestId('order-number')).toHaveText(number);
    await expect(page.getByText(/^Codice di ritiro: \S+/)).toBeVisible();
    await page.getByRole('link', { name: 'Vai ai tuoi ordini' }).click();
    await expect(card.getByText('In preparazione')).toBeVisible();
    await expect(card).toContainText('Importo pre-autorizzato');
  });

  test('a declined card lands on the failed page; with another card pay-now on the orders page succeeds', async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'rifiutata'));
    const order = await pendingCardOrder(request, shopper);
    await logIn(page, shopper);
    await page.goto('/app/profile/payments');
    await associateCard(page, SANDBOX_CARDS.decline);
    await expect(page.getByRole('alertdialog', { name: 'Associazione avvenuta correttamente!' })).toBeVisible();

    await page.goto('/app/profile/orders');
    const card = page.getByRole('article', { name: `Ordine ${order.number}` });
    await expect(card.getByText('Confermato: in attesa di pagamento')).toBeVisible();
    await card.getByRole('button', { name: 'Paga ora' }).click();
    await expect(page).toHaveURL(/\/app\/checkout\/failed\?orderCode=/);
    await expect(page.getByText(PAYMENT_FAILED)).toBeVisible();
    await page.getByRole('link', { name: 'Vai ai tuoi ordini' }).click();
    await expect(
      page.getByRole('article', { name: `Ordine ${order.number}` }).getByText('Confermato: in attesa di pagamento'),
    ).toBeVisible();

    await page.goto('/app/profile/payments');
    await page.getByRole('button', { name: 'Rimuovi carta' }).click();
    await page
      .getByRole('alertdialog', { name: 'Rimuovere la carta?' })
      .getByRole('button', { name: 'Sì, rimuovi la carta' })
      .click();
    await expect(page.getByRole('alertdialog', { name: 'Rimozione carta avvenuta correttamente!' })).toBeVisible();
    await associateCard(page, SANDBOX_CARDS.approve);
    await expect(page.getByRole('alertdialog', { name: 'Associazione avvenuta correttamente!' })).toBeVisible();

    await page.goto('/app/profile/orders');
    await page
      .getByRole('article', { name: `Ordine ${order.number}` })
      .getByRole('button', { name: 'Paga ora' })
      .click();
    await expect(page).toHaveURL(/\/app\/checkout\/confirm\?orderCode=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Grazie, il tuo ordine è prenotato!' })).toBeVisible();
    await expect(page.getByTestId('order-number')).toHaveText(order.number);
    await expect(page.getByText('In preparazione')).toBeVisible();
    await page.getByRole('link', { name: 'Vai ai tuoi ordini' }).click();
    const paid = page.getByRole('article', { name: `Ordine ${order.number}` });
    await expect(paid.getByText('In preparazione')).toBeVisible();
    await expect(paid.getByRole('definition').filter({ hasText: euro(order.quote.amount) })).toBeVisible();
  });

  test('pay-now without a card goes to the card page, which offers to pay once a card is linked', async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'senzacarta'));
    const order = await pendingCardOrder(request, shopper);
    await logIn(page, shopper);
    await page.goto('/app/profile/orders');
    await page
      .getByRole('article', { name: `Ordine ${order.number}` })
      .getByRole('button', { name: 'Paga ora' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/app/profile/payments\\?orderCode=${order.code}$`));
    await expect(page.getByRole('heading', { name: `Ordine ${order.code} in attesa di pagamento` })).toBeVisible();
    await expect(page.getByText(/Nessuna carta associata: associa una carta qui sotto/)).toBeVisible();
    await associateCard(page, SANDBOX_CARDS.approve);
    await expect(page.getByRole('alertdialog', { name: 'Associazione avvenuta correttamente!' })).toBeVisible();
    await page.getByRole('button', { name: 'Chiudi' }).first().click();
    await page.getByRole('button', { name: "Paga ora l'ordine" }).click();
    await expect(page).toHaveURL(/\/app\/checkout\/confirm\?orderCode=/);
    await expect(page.getByTestId('order-number')).toHaveText(order.number);
  });

  test('legacy boarding: the signed form opens the provider in a new tab, the card is verified and set', async ({
    page,
    request,
    context,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'legacy'));
    await logIn(page, shopper);
    await page.goto('/app/payments');
    await expect(page.getByRole('heading', { name: 'Nessuna carta associata' })).toBeVisible();
    await expectNoAxeViolations(page);
    const [boarding] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: /Associa una carta/ }).click(),
    ]);
    await expect(boarding).toHaveURL(/\/app\/payments\/boarding\/?$/);
    await expect(
      boarding.getByText(/0,01\s€, solo per convalidarla: l'importo non ti verrà\s+addebitato/),
    ).toBeVisible();
    await expectNoAxeViolations(boarding);

    const [provider] = await Promise.all([
      context.waitForEvent('page'),
      boarding.getByRole('button', { name: /Procedi/ }).click(),
    ]);
    await expect(provider).toHaveTitle(/Pagamento sicuro — Sandbox/);
    await expect(provider.getByRole('heading', { name: 'Pagamento sicuro — Sandbox' })).toBeVisible();
    await expect(provider.getByText('Hash non valido')).toHaveCount(0);
    await fillCard(provider, SANDBOX_CARDS.approve);
    await expect(provider).toHaveURL(/\/app\/payments\?boarding=ok$/);
    await expect(
      provider.getByText('La verifica della carta è andata a buon fine: la carta è associata.'),
    ).toBeVisible();
    await expect(provider.getByRole('heading', { name: 'Carta già impostata' })).toBeVisible();
    await expect(provider.getByTestId('linked-card')).toContainText('434994******4549');

    // Back on the first tab: getting the focus back re-checks the card (docs/product.md §4 Card state).
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByRole('heading', { name: 'Carta già impostata' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rimuovi' })).toBeVisible();
  });
});
