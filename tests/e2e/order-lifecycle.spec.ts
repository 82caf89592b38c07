// The order lifecycle of the cooperative's terms (decisions 014 and 018), with the shopper and
// the store each on their own page. A shopper books three products (cash, store pickup) asking
// to be asked about any change; the store's operator confirms the pre-order with one product
// missing and one substituted by a similar product found by name; the shopper's orders page,
// open all along, shows the confirmation by itself with the changed rows and the deadline; the
// shopper accepts; the store picks and hands it over, and the shopper sees it ready with the
// pickup code, again without a reload. The shopper's mails say the same. A shopper who kept the
// checkout's default (changes up to 10 € accepted) needs to do nothing when the store confirms
// with a cheap product missing: the order goes to preparation with its pickup code by itself.
import { expect, test, type Page } from '@playwright/test';
import { storeProducts } from './cart.helpers.ts';
import { apiCall, bookCart, euro, logIn, signedUpShopper, uniqueEmail, type Shopper } from './checkout.helpers.ts';
import { fact, mailTo, noSideScroll, operatorPage, romeDateTime, shot } from './lifecycle.helpers.ts';
import { expectNoAxeViolations } from './shop.fixtures.ts';

const STORE = 1109;
const EVENTS = '/cli/ecommerce/orders/events';

interface Product {
  barcode: string;
  description: string;
  netPrice: number;
  um: 'PZ' | 'KG';
  maxAmount: number | null;
}

/**
 * Three products sold by the piece at 5–12 €, 2 of each (of the first, the cheapest,
 * `missingAmount`) above the 25 € minimum, and a fourth to substitute the second.
 */
async function threeProductsCart(page: Page, shopper: Shopper, missingAmount = 2) {
  const all = (await storeProducts(page.request, STORE)) as unknown as Product[];
  const pieces = all
    .filter(
      (p, i) =>
        p.um === 'PZ' &&
        p.netPrice >= 5 &&
        p.netPrice <= 12 &&
        (p.maxAmount ?? 5) >= 2 &&
        !/acqua/i.test(p.description) &&
        all.findIndex((q) => q.description === p.description) === i,
    )
    .sort((a, b) => a.netPrice - b.netPrice);
  const [missing, replaced, kept, substitute] = pieces;
  expect(substitute, 'four products sold by the piece at 5–12 €').toBeTruthy();
  const cart = (
    await apiCall<{ id: number }>(page.request, shopper, '/cli/ecommerce/cart/open', {
      storeId: STORE,
      deliveryMode: 'IN_STORE',
      terminalType: 'WEB',
    })
  ).data;
  for (const p of [missing!, replaced!, kept!]) {
    const stored = await apiCall(page.request, shopper, '/cli/ecommerce/cart/store', {
      cartId: cart.id,
      barcode: p.barcode,
      amount: p === missing ? missingAmount : 2,
      preview: false,
    });
    expect(stored.responseCode, `cart/store ${p.description}`).toBe(0);
  }
  return { cartId: cart.id, missing: missing!, replaced: replaced!, kept: kept!, substitute: substitute! };
}

test.describe('the order lifecycle', () => {
  test.setTimeout(150_000);

  test('the store confirms a pre-order with a missing and a substituted product; the shopper, who asked to be asked, sees it live, accepts, and collects it with the pickup code', async ({
    page,
    browser,
  }, info) => {
    const shopper = await signedUpShopper(page.request, uniqueEmail(info, 'ciclo'));
    const { cartId, missing, replaced, kept, substitute } = await threeProductsCart(page, shopper);
    // «confermalo senza chiedermelo» unticked at checkout: any change waits for the shopper (decision 018).
    const { orderId, number } = await bookCart(page.request, shopper, cartId, 'CASH', { acceptChanges: false });

    // The shopper's orders page stays open from here to the end, never reloaded.
    await logIn(page, shopper);
    const listening = page.waitForResponse((r) => r.url().endsWith(EVENTS) && r.status() === 200);
    await page.goto('/app/profile/orders');
    const mine = page.getByRole('article', { name: `Ordine ${number}` });
    await expect(mine.getByText('In attesa di conferma del punto vendita', { exact: true })).toBeVisible();
    await expect(mine).toContainText(
      'Alla conferma del punto vendita: Ti chiediamo conferma se un prodotto manca o viene sostituito.',
    );
    await listening;
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });

    // The store's operator, on the store's own screen, confirms the pre-order row by row.
    const staff = await operatorPage(browser, info);
    const card = staff.getByRole('article', { name: `Ordine ${number}` });
    const panel = card.getByRole('form', { name: `Conferma disponibilità dell'ordine ${number}` });
    await expect(panel).toBeVisible();
    // What the shopper lets the confirmation do, before the store confirms.
    await expect(fact(card, 'Alla conferma')).toContainText('il cliente vuole confermare ogni variazione');
    await expect(panel.getByRole('button', { name: `Tutto disponibile nell'ordine ${number}` })).toBeVisible();
    const row = (p: Product) => panel.getByRole('group', { name: p.description });
    for (const p of [missing, replaced, kept]) await expect(row(p)).toContainText('Sostituisci con prodotto simile');

    // The missing product by keyboard: from «Disponibile» the arrow moves to «Non disponibile».
    await row(missing).getByRole('radio', { name: 'Disponibile', exact: true }).focus();
    await staff.keyboard.press('ArrowDown');
    await expect(row(missing).getByRole('radio', { name: 'Non disponibile' })).toBeChecked();

    // The replaced one: «Sostituito», then a similar product found by its name in the store's catalogue.
    await row(replaced).getByRole('radio', { name: 'Sostituito' }).check();
    await card.getByRole('button', { name: 'Conferma disponibilità' }).click();
    await expect(card.getByRole('alert')).toHaveText(
      `Indica il sostituto di «${replaced.description}»: cercalo per nome o scrivi il codice a barre (da 8 a 14 cifre).`,
    );
    await row(replaced).getByLabel('Cerca il sostituto per nome').fill(substitute.description);
    await staff.keyboard.press('Enter');
    const found = row(replaced).getByRole('list', { name: `Sostituti trovati per ${replaced.description}` });
    await expect(found.getByRole('listitem').filter({ hasText: substitute.description }).first()).toContainText(
      `${euro(substitute.netPrice)}/pz`,
    );
    await found
      .getByRole('button', { name: `Scegli ${substitute.description}` })
      .first()
      .click();
    await expect(row(replaced).getByLabel('Codice a barre del sostituto')).toHaveValue(substitute.barcode);
    await expect(row(replaced)).toContainText(`Sostituto: ${substitute.description} (${euro(substitute.netPrice)}/pz)`);
    await expect(row(kept).getByRole('radio', { name: 'Disponibile', exact: true })).toBeChecked();
    expect(await noSideScroll(staff), 'the store screen fits its width').toBe(true);
    await expectNoAxeViolations(staff);
    if (info.project.name === 'phone') await shot(staff, panel, info.outputPath('staff-confirm-availability.png'));

    await card.getByRole('button', { name: 'Conferma disponibilità' }).click();
    await expect(card.getByText("Confermato: in attesa dell'accettazione del cliente", { exact: true })).toBeVisible();
    // Beyond the shopper's choices: it waits for them until a deadline, the same on both sides.
    const waiting = await apiCall<{ status: string; withinChoices: boolean; expiresAt: string }>(
      page.request,
      shopper,
      `/cli/ecommerce/orders/${orderId}/fetch`,
    );
    expect(waiting.data.status).toBe('PAYMENT_PENDING');
    expect(waiting.data.withinChoices).toBe(false);
    const deadline = romeDateTime(waiting.data.expiresAt);
    await expect(fact(card, 'In attesa del cliente')).toContainText(`fino a ${deadline}`);
    const staffRows = card.getByRole('list', { name: `Prodotti dell'ordine ${number}` });
    await expect(staffRows.getByRole('listitem').filter({ hasText: missing.description })).toContainText(
      'Non disponibile',
    );
    await expect(staffRows.getByRole('listitem').filter({ hasText: substitute.description })).toContainText(
      `Al posto di ${replaced.description}`,
    );

    // The shopper's page shows the confirmation by itself, with what changed.
    await expect(mine.getByText('Confermato: in attesa della tua accettazione', { exact: true })).toBeVisible();
    const changes = mine.getByRole('status').filter({ hasText: 'Il punto vendita ha confermato la disponibilità' });
    await expect(changes.getByRole('listitem')).toHaveText([
      `${missing.description}: non disponibile`,
      `${replaced.description}: sostituito con ${substitute.description} (${euro(substitute.netPrice)})`,
    ]);
    await expect(changes).toContainText(
      `Accetta entro il ${deadline}, altrimenti l'ordine scade e la fascia oraria viene liberata.`,
    );
    await expect(mine.getByRole('button', { name: 'Accetta ordine' })).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Modifica ordine' })).toBeVisible();
    await expect(mine.getByText('Confermato dal punto vendita entro le tue scelte', { exact: false })).toHaveCount(0);
    expect(await noSideScroll(page), 'the orders page fits its width').toBe(true);
    if (info.project.name === 'phone') await shot(page, mine, info.outputPath('shopper-confirmed-order.png'));
    const confirmedMail = await mailTo(page, shopper.email, `Disponibilità confermata: il tuo ordine ${number}`);
    expect(confirmedMail).toContain(`${missing.description}: Non disponibile`);
    expect(confirmedMail).toContain(
      `${replaced.description}: Sostituito con ${substitute.description} — ${euro(substitute.netPrice)}`,
    );

    // The shopper accepts: the order is prepared, with a pickup code.
    await mine.getByRole('button', { name: 'Accetta ordine' }).click();
    await expect(mine.getByText('In preparazione', { exact: true })).toBeVisible();
    const accepted = await apiCall<{ pickupCode: string | null }>(
      page.request,
      shopper,
      `/cli/ecommerce/orders/${orderId}/fetch`,
    );
    const pickupCode = accepted.data.pickupCode;
    expect(pickupCode, 'a pickup code once accepted').toBeTruthy();

    // The store picks what it confirmed and hands it over.
    await staff.locator('.staff-toolbar').getByRole('button', { name: 'Aggiorna' }).click();
    await expect(card.getByText('In preparazione', { exact: true })).toBeVisible();
    await expect(fact(card, 'Conferma')).toContainText('accettata dal cliente');
    const picking = card.getByRole('list', { name: `Prodotti dell'ordine ${number}` });
    await expect(
      picking.getByRole('listitem').filter({ hasText: missing.description }).getByLabel('Preparato (pz)'),
    ).toHaveValue('0');
    await expect(
      picking.getByRole('listitem').filter({ hasText: substitute.description }).getByLabel('Preparato (pz)'),
    ).toHaveValue('2');
    await card.getByRole('button', { name: 'Pronto per il ritiro' }).click();
    await expect(card.getByText('Pronto per il ritiro', { exact: true })).toBeVisible();

    // Ready for pickup on the shopper's page, still without a reload, with the pickup code.
    await expect(mine.getByText('Pronto per il ritiro', { exact: true })).toBeVisible();
    await expect(mine.locator('dl > div').filter({ hasText: 'Codice di ritiro' })).toContainText(pickupCode!);
    expect(reloaded, 'the orders page was never reloaded').toBe(false);
    const readyMail = await mailTo(page, shopper.email, `Il tuo ordine è pronto per il ritiro (${number})`);
    expect(readyMail).toContain(pickupCode!);
    await staff.context().close();
  });

  test('a shopper who kept the default choices does nothing: the store confirms with a cheap product missing and the order is prepared, with its pickup code', async ({
    page,
    browser,
  }, info) => {
    const shopper = await signedUpShopper(page.request, uniqueEmail(info, 'dasolo'));
    // One piece of the cheapest product: missing, it takes at most 10 € off, within the checkout's default.
    const { cartId, missing, kept } = await threeProductsCart(page, shopper, 1);
    expect(missing.netPrice, 'the missing product within the default 10 €').toBeLessThanOrEqual(10);
    const { orderId, number } = await bookCart(page.request, shopper, cartId, 'CASH');

    await logIn(page, shopper);
    const listening = page.waitForResponse((r) => r.url().endsWith(EVENTS) && r.status() === 200);
    await page.goto('/app/profile/orders');
    const mine = page.getByRole('article', { name: `Ordine ${number}` });
    await expect(mine.getByText('In attesa di conferma del punto vendita', { exact: true })).toBeVisible();
    await expect(mine).toContainText(
      'Alla conferma del punto vendita: Confermato senza chiederti se il totale cambia al massimo di 10,00 €.',
    );
    await expect(mine.getByRole('button', { name: 'Cambia' })).toBeVisible();
    await listening;
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });

    const staff = await operatorPage(browser, info);
    const card = staff.getByRole('article', { name: `Ordine ${number}` });
    const panel = card.getByRole('form', { name: `Conferma disponibilità dell'ordine ${number}` });
    await expect(fact(card, 'Alla conferma')).toContainText('al massimo di 10,00 €');
    await panel
      .getByRole('group', { name: missing.description })
      .getByRole('radio', { name: 'Non disponibile' })
      .check();
    await card.getByRole('button', { name: 'Conferma disponibilità' }).click();
    // Within the shopper's choices: prepared at once, no step of theirs in between.
    await expect(card.getByText('In preparazione', { exact: true })).toBeVisible();
    await expect(fact(card, 'Conferma')).toContainText('andata avanti da sola, entro le scelte del cliente');
    const staffRows = card.getByRole('list', { name: `Prodotti dell'ordine ${number}` });
    await expect(staffRows.getByRole('listitem').filter({ hasText: missing.description })).toContainText(
      'Non disponibile',
    );
    await expect(
      staffRows.getByRole('listitem').filter({ hasText: kept.description }).getByLabel('Preparato (pz)'),
    ).toHaveValue('2');

    const prepared = await apiCall<{ status: string; withinChoices: boolean; pickupCode: string | null }>(
      page.request,
      shopper,
      `/cli/ecommerce/orders/${orderId}/fetch`,
    );
    expect(prepared.data.status).toBe('IN_PREPARATION');
    expect(prepared.data.withinChoices).toBe(true);
    const pickupCode = prepared.data.pickupCode;
    expect(pickupCode, 'a pickup code at the confirmation').toBeTruthy();

    // The shopper's page shows it by itself: in preparation, with the pickup code, nothing to press.
    await expect(mine.getByText('In preparazione', { exact: true })).toBeVisible();
    await expect(
      mine.getByText('Confermato dal punto vendita entro le tue scelte: non devi fare nulla.'),
    ).toBeVisible();
    await expect(fact(mine, 'Codice di ritiro')).toContainText(pickupCode!);
    await expect(mine.getByRole('button', { name: 'Accetta ordine' })).toHaveCount(0);
    await expect(mine.getByRole('button', { name: 'Cambia' })).toHaveCount(0);
    expect(reloaded, 'the orders page was never reloaded').toBe(false);
    const mail = await mailTo(page, shopper.email, `Ordine confermato: è in preparazione (${number})`);
    expect(mail).toContain(pickupCode!);
    expect(mail).toContain(`${missing.description}: Non disponibile`);
    await staff.context().close();
  });
});
