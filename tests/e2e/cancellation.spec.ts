// When an order can be cancelled, as the shop does it and as its texts say (until the
// receipt is issued, src/shared/order-states.ts canAbort), the order's steps as the FAQ and
// the terms tell them, and what an order the store cancelled before preparing it shows
// (docs/product.md §4 rows by status).
import { expect, test } from '@playwright/test';
import { bookedOrder, logIn, signedUpShopper, uniqueEmail } from './checkout.helpers.ts';

const OPERATOR = { username: 'operatore.1109@spesaonline.local', password: 'Operatore-2026' }; // README, Store staff

test('the FAQ and the terms say an order is cancelled from the orders page until the receipt is issued', async ({
  page,
}) => {
  await page.goto('/app/faq');
  await page.getByText('Posso annullare un ordine?').click();
  const answer = page.locator('details').filter({ hasText: 'Posso annullare un ordine?' });
  await expect(answer).toContainText("Sì, fino all'emissione dello scontrino");
  await expect(answer).toContainText('anche dopo averlo pagato o accettato');
  await expect(answer.getByRole('link', { name: 'tuoi ordini' })).toHaveAttribute('href', /\/app\/profile\/orders$/);
  await expect(page.getByText('Da preparare')).toHaveCount(0);

  await page.goto('/app/termsandcondition');
  await expect(page.getByRole('listitem').filter({ hasText: 'Il cliente può annullare' })).toHaveText(
    "Il cliente può annullare l'ordine dalla pagina dei propri ordini fino all'emissione dello scontrino.",
  );
  await expect(page.getByText('Da preparare')).toHaveCount(0);
});

test("the FAQ and the terms tell the order's steps: the store confirms; within the shopper's choices the order goes on by itself, otherwise the shopper pays or accepts by the deadline; then the pickup code", async ({
  page,
}) => {
  await page.goto('/app/faq');
  await page.getByText('Come si svolge un ordine?').click();
  const steps = page.locator('details').filter({ hasText: 'Come si svolge un ordine?' }).getByRole('listitem');
  await expect(steps).toHaveText([
    'Quando prenoti giorno e fascia oraria, il tuo pre-ordine viene inviato al punto vendita.',
    /^Il punto vendita conferma la disponibilità dei prodotti, in tutto o in parte, entro la chiusura delle prenotazioni della fascia oraria che hai scelto\. I prodotti che mancano risultano non disponibili oppure sostituiti, secondo le tue scelte\. Ti avvisiamo per email, e la pagina dei tuoi ordini si aggiorna da sola\.$/,
    // Decision 018: what the shopper chose at checkout goes through by itself, the card held without them.
    /^Se il punto vendita conferma l'ordine come l'hai chiesto, o con le variazioni che hai accettato al momento della prenotazione \(«Quando il punto vendita conferma l'ordine»: di norma fino a 10 € in più o in meno\), l'ordine va in preparazione da solo: non devi fare nulla\. Con la carta, il totale viene bloccato sulla carta associata senza chiederti di nuovo la verifica della banca\.$/,
    /^Altrimenti, dalla pagina dei tuoi ordini paghi con «Paga ora» \(carta\) o accetti l'ordine con «Accetta ordine» \(contanti o bancomat al ritiro o alla consegna\) entro la scadenza indicata nell'ordine: fino alla chiusura delle prenotazioni della fascia oraria, ma sempre almeno un'ora dopo la conferma, mai di notte\. Ti mandiamo un promemoria prima della scadenza\. Se l'ordine confermato non ti va bene, puoi modificarlo con «Modifica ordine» e inviarlo di nuovo, oppure annullarlo\.$/,
    /non paghi o non accetti entro la scadenza indicata nell'ordine, scade da solo e la fascia oraria viene liberata\.$/,
    "Quando l'ordine va in preparazione ricevi il codice di ritiro, che trovi nell'ordine.",
    /^Paghi solo quello che il punto vendita ha effettivamente preparato/,
  ]);
  await expect(page.getByText('30 minuti')).toHaveCount(0);
  await page.getByText('Cosa succede se un prodotto non è disponibile?').click();
  await expect(
    page.locator('details').filter({ hasText: 'Cosa succede se un prodotto non è disponibile?' }),
  ).toContainText('«Sostituisci con prodotto simile», «Non sostituire» oppure «Scegli un sostituto…»');

  await page.goto('/app/termsandcondition');
  const terms = page.getByRole('list').filter({ hasText: 'pre-ordine' }).getByRole('listitem');
  // The lifecycle of the terms (spec §1 Static content), in its words.
  await expect(terms.nth(0)).toHaveText(
    'Con la prenotazione di giorno e fascia oraria, il pre-ordine viene inviato al punto vendita.',
  );
  await expect(terms.nth(1)).toContainText(
    'Il punto vendita conferma la disponibilità dei prodotti, in tutto o in parte',
  );
  await expect(terms.nth(2)).toContainText(
    "Il cliente paga (pre-autorizzazione sulla carta), oppure modifica l'ordine e lo invia di nuovo, oppure lo annulla.",
  );
  // The consent given at booking stands for the acceptance, and with the linked card the payment (decision 018).
  await expect(terms.nth(2)).toContainText(
    "Al momento della prenotazione il cliente può dare il suo consenso in anticipo: una conferma del punto vendita con tutti i prodotti come ordinati, o con le variazioni che il cliente ha indicato entro l'importo che ha scelto, vale come accettazione e, con la carta associata, come pagamento (pre-autorizzazione sulla carta senza una nuova verifica).",
  );
  await expect(terms.nth(3)).toContainText(
    "L'ordine scade automaticamente dopo un tempo massimo calcolato dal sistema",
  );
  await expect(terms.nth(3)).toContainText(
    "entro la scadenza indicata nell'ordine (la chiusura delle prenotazioni della fascia oraria, ma almeno un'ora dopo la conferma, mai tra le 22:00 e le 7:00, e comunque mezz'ora prima dell'inizio della fascia oraria), dopo un promemoria.",
  );
  await expect(page.getByText('30 minuti')).toHaveCount(0);
  await expect(terms.nth(4)).toHaveText("Dopo il pagamento, o l'accettazione, viene rilasciato un codice di ritiro.");
  await expect(terms.nth(6)).toContainText(
    "L'importo effettivamente addebitato è determinato al momento del ritiro o della consegna",
  );
  await expect(page.getByRole('heading', { name: '3. Prodotti non disponibili e sostituzioni' })).toBeVisible();
});

test('an order the store cancelled before preparing it shows the ordered products', async ({ page, request }, info) => {
  test.setTimeout(90_000);
  const shopper = await signedUpShopper(request, uniqueEmail(info, 'annullatonegozio'));
  const { orderId, number } = await bookedOrder(request, shopper);
  const ordered = (await (
    await request.get(`/cli/ecommerce/orders/${orderId}/fetch`, { headers: { Authorization: `Bearer ${shopper.jwt}` } })
  ).json()) as {
    data: { cart: { items: { description: string }[] } };
  };
  const staff = (await (await request.post('/cli/profiles/login', { data: OPERATOR })).json()) as {
    data: { jwt: string };
  };
  const cancelled = await request.post(`/cli/ops/orders/${orderId}/status`, {
    headers: { Authorization: `Bearer ${staff.data.jwt}` },
    data: { status: 'CANCELLED' },
  });
  expect(((await cancelled.json()) as { responseCode: number }).responseCode).toBe(0);
  await logIn(page, shopper);

  await page.goto('/app/profile/orders');
  const card = page.getByRole('article', { name: `Ordine ${number}` });
  await expect(card.getByText('Annullato dal punto vendita')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Annulla ordine' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Dettagli' }).click();
  await expect(card.getByRole('heading', { name: 'Prodotti ordinati' })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Prodotti preparati' })).toHaveCount(0);
  const rows = card.getByRole('table').getByRole('row');
  for (const item of ordered.data.cart.items)
    await expect(rows.filter({ hasText: item.description }).first()).toBeVisible();
  await page.screenshot({ path: `/tmp/shots-h1/cancelled-order-${info.project.name}.png`, fullPage: true });
});
