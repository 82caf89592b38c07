// The store's side in the browser: a shopper books an order with a
// weighed (KG) product paying by Bancomat, asking to be asked about any change
// (decision 018); the seeded operator of the store logs in through the
// shoppers' login panel, finds the order on /app/staff by day and slot with
// what the shopper lets the confirmation do, confirms its availability with
// one product missing (decision 014), sees it wait for the shopper until a
// deadline, and once the shopper accepted it prepares it with a lower weight
// and closes it as collected; the shopper's orders then show the prepared rows
// and the lower total.
// A shopper opening /app/staff is told it is not for them and sees no data.
import { expect, test, type Page } from '@playwright/test';
import {
  acceptedByShopper,
  apiCall,
  bookCart,
  euro,
  logIn,
  signedUpShopper,
  uniqueEmail,
  type Shopper,
} from './checkout.helpers.ts';
import { logInThroughPanel, storeProducts } from './cart.helpers.ts';
import { expectNoAxeViolations } from './shop.fixtures.ts';

const STORE = 1109;
const OPERATOR = { email: `operatore.${STORE}@spesaonline.local`, password: 'Operatore-2026' }; // README, Store staff

interface OrderRow {
  id: number;
  barcode: string;
  description: string;
  um: 'PZ' | 'KG';
  netPrice: number;
  amount: number | null;
  weight: number | null;
}
interface BookedOrder {
  id: number;
  number: string;
  status: string;
  cart: {
    items: OrderRow[];
    fees: { value: number }[];
    total: number;
    delivery: { timeSlot: { validFrom: string; validTo: string } };
  };
}

const cents = (euroAmount: number) => Math.round(euroAmount * 100);
const rome = (iso: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', ...options }).format(new Date(iso));
/** 'Lunedì 23 novembre' and '09:00–11:00', as a store worker reads the day and slot. */
function dayAndSlot(slot: { validFrom: string; validTo: string }): { day: string; time: string } {
  const day = rome(slot.validFrom, { weekday: 'long', day: 'numeric', month: 'long' });
  const clock = (iso: string) => rome(iso, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return { day: day.charAt(0).toUpperCase() + day.slice(1), time: `${clock(slot.validFrom)}–${clock(slot.validTo)}` };
}

/**
 * An IN_STORE order at the store with 3 kg of a weighed product, 2 pieces of a second product
 * and 1 of a third, paid by Bancomat at pickup, booked in a free slot of a day chosen at random,
 * with «confermalo senza chiedermelo» unticked: any change the store makes waits for the shopper.
 */
async function bookedWeighedOrder(
  page: Page,
  shopper: Shopper,
): Promise<{ order: BookedOrder; weighed: OrderRow; piece: OrderRow; missing: OrderRow }> {
  const request = page.request;
  const products = await storeProducts(request, STORE);
  // The shopper orders 3 kg in the product's steps; the store weighs what it picks (2,35 kg).
  const whole = (kg: number, step: number) => Math.abs(kg / step - Math.round(kg / step)) < 1e-6;
  const weighed = products.find(
    (p) =>
      p.um === 'KG' &&
      whole(3, p.umStep) &&
      (p.minWeight ?? 0) <= 2 &&
      (p.maxAmount ?? 5) >= 3 &&
      p.netPrice >= 8 &&
      p.netPrice <= 15,
  );
  const [piece, missing] = products.filter(
    (p) => p.um === 'PZ' && p.netPrice >= 1 && p.netPrice <= 10 && !/acqua/i.test(p.description),
  );
  expect(weighed, 'a weighed product at 8–15 €/kg (3 kg and 2 pieces reach the 25 € minimum)').toBeTruthy();
  expect(missing, 'two products sold by the piece').toBeTruthy();
  const cart = (
    await apiCall<{ id: number }>(request, shopper, '/cli/ecommerce/cart/open', {
      storeId: STORE,
      deliveryMode: 'IN_STORE',
      terminalType: 'WEB',
    })
  ).data;
  expect(
    (
      await apiCall(request, shopper, '/cli/ecommerce/cart/store', {
        cartId: cart.id,
        barcode: weighed!.barcode,
        weight: 3,
        preview: false,
      })
    ).responseCode,
  ).toBe(0);
  expect(
    (
      await apiCall(request, shopper, '/cli/ecommerce/cart/store', {
        cartId: cart.id,
        barcode: piece!.barcode,
        amount: 2,
        preview: false,
      })
    ).responseCode,
  ).toBe(0);
  expect(
    (
      await apiCall(request, shopper, '/cli/ecommerce/cart/store', {
        cartId: cart.id,
        barcode: missing!.barcode,
        amount: 1,
        preview: false,
      })
    ).responseCode,
  ).toBe(0);
  const { orderId: id } = await bookCart(request, shopper, cart.id, 'BANCOMAT', { acceptChanges: false });
  const order = (await apiCall<BookedOrder>(request, shopper, `/cli/ecommerce/orders/${id}/fetch`)).data;
  expect(order.status).toBe('TO_BE_PREPARED');
  const row = (barcode: string) => order.cart.items.find((i) => i.barcode === barcode)!;
  return { order, weighed: row(weighed!.barcode), piece: row(piece!.barcode), missing: row(missing!.barcode) };
}

test.describe('the store staff screen', () => {
  test.setTimeout(120_000);

  test("the store's operator prepares a weighed order with less weight, and the shopper sees the prepared total", async ({
    page,
  }, info) => {
    const shopper = await signedUpShopper(page.request, uniqueEmail(info, 'negozio'));
    const { order, weighed, piece, missing } = await bookedWeighedOrder(page, shopper);
    const fees = order.cart.fees.reduce((sum, f) => sum + cents(f.value), 0);
    // What the store charges: each row at its unit price × the amount picked (none of the missing one), fees on top.
    const pickedKg = 2.35;
    const weighedCents = Math.round(cents(weighed.netPrice) * pickedKg);
    const pieceCents = Math.round(cents(piece.netPrice) * piece.amount!);
    const preparedCents = weighedCents + pieceCents + fees;
    expect(preparedCents).toBeLessThan(cents(order.cart.total));

    // The operator logs in like a shopper, on the staff page.
    await page.addInitScript(() => localStorage.setItem('spesa.cookieAcceptedAt', new Date().toISOString()));
    await page.goto('/app/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Ordini del punto vendita' })).toBeVisible();
    await logInThroughPanel(page, OPERATOR.email, OPERATOR.password);

    // The order is found under its day, then its slot.
    const { day, time } = dayAndSlot(order.cart.delivery.timeSlot);
    const slot = page.getByRole('region', { name: day }).getByRole('region', { name: `${day} Fascia ${time}` });
    const card = slot.getByRole('article', { name: `Ordine ${order.number}` });
    const fact = (label: string) =>
      card.locator('dl > div').filter({ has: page.locator('dt').getByText(label, { exact: true }) });
    await expect(card).toBeVisible();
    await expect(card.getByText('In attesa di conferma del punto vendita', { exact: true })).toBeVisible();
    await expect(card.getByText('Bancomat')).toBeVisible();
    await expect(card.getByText('Ritiro in negozio')).toBeVisible();
    // What the shopper lets the store's confirmation do without asking them (decision 018).
    await expect(fact('Alla conferma').getByRole('definition')).toHaveText(
      'il cliente vuole confermare ogni variazione',
    );

    // The pre-order waits for the store: each row is confirmed with the shopper's choice of substitute beside it.
    const panel = card.getByRole('form', { name: `Conferma disponibilità dell'ordine ${order.number}` });
    const weighedChoice = panel.getByRole('group', { name: weighed.description });
    await expect(weighedChoice).toContainText(`Ordinato 3 kg · ${euro(weighed.netPrice)}/kg`);
    await expect(weighedChoice).toContainText('Sostituisci con prodotto simile'); // booked with substitutes allowed
    const rowChoices = [weighed, piece, missing].map((r) => panel.getByRole('group', { name: r.description }));
    for (const choice of rowChoices)
      await expect(choice.getByRole('radio', { name: 'Disponibile', exact: true })).toBeChecked();
    // Only the steps the status allows are offered: a pre-order is confirmed row by row, or whole in one click.
    await expect(card.getByRole('button', { name: 'Conferma disponibilità' })).toBeVisible();
    await expect(card.getByRole('button', { name: `Tutto disponibile nell'ordine ${order.number}` })).toBeVisible();
    for (const notYet of [
      'Conferma e avvia la preparazione',
      'Pronto per il ritiro',
      'Emetti scontrino',
      'Chiudi come ritirato',
      'Affida alla consegna',
      'Salva quantità preparate',
    ]) {
      await expect(card.getByRole('button', { name: notYet })).toHaveCount(0);
    }
    await page.screenshot({ path: info.outputPath(`staff-${info.project.name}.png`) });
    await expectNoAxeViolations(page);

    // Nothing available at all is refused by the store's server, in its words: the order is to be cancelled.
    for (const choice of rowChoices) await choice.getByRole('radio', { name: 'Non disponibile' }).check();
    await card.getByRole('button', { name: 'Conferma disponibilità' }).click();
    await expect(card.getByRole('alert')).toHaveText("Nessun prodotto disponibile: annulla l'ordine.");
    await expect(card.getByText('In attesa di conferma del punto vendita', { exact: true })).toBeVisible();

    // One product is missing: the store confirms the others; beyond the shopper's choices, the order waits
    // for their acceptance until a deadline.
    await rowChoices[0]!.getByRole('radio', { name: 'Disponibile', exact: true }).check();
    await rowChoices[1]!.getByRole('radio', { name: 'Disponibile', exact: true }).check();
    await card.getByRole('button', { name: 'Conferma disponibilità' }).click();
    await expect(page.getByText(`Ordine ${order.number}: disponibilità confermata`)).toBeVisible();
    await expect(card.getByText("Confermato: in attesa dell'accettazione del cliente", { exact: true })).toBeVisible();
    await expect(panel).toHaveCount(0);
    await expect(card.getByRole('button', { name: `Tutto disponibile nell'ordine ${order.number}` })).toHaveCount(0);
    const waiting = (
      await apiCall<{ expiresAt: string }>(page.request, shopper, `/cli/ecommerce/orders/${order.id}/fetch`)
    ).data;
    const deadline = rome(waiting.expiresAt, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).replace(',', '');
    await expect(fact('In attesa del cliente').getByRole('definition')).toHaveText(`fino a ${deadline}`);
    const missingRow = card.getByRole('listitem').filter({ hasText: missing.description });
    await expect(missingRow).toContainText('Non disponibile');
    await expect(card.getByRole('button', { name: 'Salva quantità preparate' })).toHaveCount(0);

    // The shopper accepts the confirmed order; the store's list, read again, has it in preparation.
    await acceptedByShopper(page.request, shopper, order.id);
    await page.locator('.staff-toolbar').getByRole('button', { name: 'Aggiorna' }).click();
    await expect(card.getByText('In preparazione', { exact: true })).toBeVisible();
    await expect(fact('Conferma').getByRole('definition')).toHaveText('accettata dal cliente');
    await expect(card.getByRole('button', { name: 'Conferma disponibilità' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Chiudi come ritirato' })).toHaveCount(0);
    const weighedRow = card.getByRole('listitem').filter({ hasText: weighed.description });
    const weight = weighedRow.getByLabel('Preparato (kg)');
    await expect(weight).toHaveValue('3');
    await weight.fill('tre');
    await card.getByRole('button', { name: 'Salva quantità preparate' }).click();
    await expect(card.getByRole('alert')).toHaveText(
      `Quantità non valida per ${weighed.description}: scrivi un numero, ad esempio 0,8 (0 se non disponibile).`,
    );
    await weight.fill('2,35');
    await expect(weighedRow).toContainText(euro(weighedCents / 100));
    // The row the store confirmed as missing is picked at 0 already.
    await expect(missingRow.getByLabel('Preparato (pz)')).toHaveValue('0');
    await expect(missingRow.getByRole('button', { name: 'Non disponibile' })).toBeDisabled();
    await expect(missingRow).toContainText(euro(0));
    await expect(fact('Totale preparato')).toContainText(euro(preparedCents / 100)); // before saving already
    await card.getByRole('button', { name: 'Salva quantità preparate' }).click();
    await expect(page.getByText(`Ordine ${order.number}: quantità preparate salvate`)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`staff-preparing-${info.project.name}.png`) });
    await expectNoAxeViolations(page);

    // Handed over, receipt issued, collected.
    await card.getByRole('button', { name: 'Pronto per il ritiro' }).click();
    await expect(card.getByText('Pronto per il ritiro', { exact: true })).toBeVisible();
    await expect(card.getByLabel('Preparato (kg)')).toHaveCount(0);
    await expect(weighedRow).toContainText('Preparato 2,35 kg');
    await expect(missingRow).toContainText('Non disponibile');
    await card.getByRole('button', { name: 'Emetti scontrino' }).click();
    await expect(card.getByText('Emissione scontrino', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Non ritirato dal cliente' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Chiudi come ritirato' }).click();
    // A closed order leaves the open orders the screen lists; the status filter finds it.
    await expect(page.getByText(`Ordine ${order.number}: Ritirato`)).toBeVisible();
    await page.getByLabel('Stato').selectOption({ label: 'Ritirato' });
    await expect(card.getByText('Ritirato', { exact: true })).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0); // a closed order offers nothing more
    await expect(fact('Totale preparato')).toContainText(euro(preparedCents / 100));
    await expect(fact('Addebitato')).toContainText(euro(preparedCents / 100));

    // The shopper's orders show the prepared rows and the lower total.
    await logIn(page, shopper);
    await page.goto('/app/profile/orders');
    const mine = page.getByRole('article', { name: `Ordine ${order.number}` });
    await expect(mine.getByText('Ritirato', { exact: true })).toBeVisible();
    await mine.getByRole('button', { name: 'Dettagli' }).click();
    await expect(mine.getByRole('heading', { name: 'Prodotti preparati' })).toBeVisible();
    const table = mine.getByRole('table', { name: `Prodotti dell'ordine ${order.number}` });
    await expect(table.getByRole('row').filter({ hasText: weighed.description })).toContainText('2,35 kg');
    await expect(table.getByRole('row').filter({ hasText: weighed.description })).toContainText(
      euro(weighedCents / 100),
    );
    await expect(table.getByRole('row').filter({ hasText: piece.description })).toContainText(euro(pieceCents / 100));
    await expect(table.getByRole('row').filter({ hasText: missing.description })).toContainText(`Non disponibile`);
    await expect(table.getByRole('row').filter({ hasText: missing.description })).toContainText(euro(0));
    await expect(table.getByRole('row', { name: /Totale prodotti preparati/ })).toContainText(
      euro((weighedCents + pieceCents) / 100),
    );
    await expect(table.getByRole('row', { name: /^Pagato/ })).toContainText(euro(preparedCents / 100));
    await expect(mine.getByText(`Importo addebitato: ${euro(preparedCents / 100)}`)).toBeVisible();
  });

  test('a shopper opening the staff page is told it is for store staff, and sees no order', async ({ page }, info) => {
    const shopper = await signedUpShopper(page.request, uniqueEmail(info, 'curioso'));
    const storeCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/cli/ops/')) storeCalls.push(r.url());
    });
    await logIn(page, shopper);
    await page.goto('/app/staff');
    await expect(page.getByRole('alert')).toContainText('Questa pagina è riservata al personale dei punti vendita.');
    await expect(page.getByRole('link', { name: 'Vai ai tuoi ordini' })).toHaveAttribute('href', '/app/profile/orders');
    await expect(page.getByRole('article')).toHaveCount(0);
    await expect(page.getByLabel('Stato')).toHaveCount(0);
    expect(storeCalls).toEqual([]);
    // And the store's API refuses the shopper's session anyway.
    expect(
      (await page.request.get('/cli/ops/orders', { headers: { Authorization: `Bearer ${shopper.jwt}` } })).status(),
    ).toBe(403);
  });
});
