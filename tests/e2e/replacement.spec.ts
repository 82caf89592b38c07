// The shopper's choice of substitute per cart row (decision 014): 'Non sostituire' on one
// row, a substitute named by searching on another (the picker shows each result's
// brand and price against the row's), both kept by the server across a reload; a row
// without a choice says it follows the order's. At checkout the yes/no is asked for the
// other rows only, the rows with a choice are listed, each changeable with the cart
// row's own control, and the summary lists every choice.
import { soldAlike } from '#src/shared/substitution-rules.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { storeProducts } from './cart.helpers.ts';
import { euro, logIn, readyCart, signedUpShopper, uniqueEmail } from './checkout.helpers.ts';
import { expectNoAxeViolations } from './shop.fixtures.ts';

const rowOf = (page: Page, description: string): Locator =>
  page.locator('.cart-rows > li').filter({ has: page.getByRole('heading', { name: description, exact: true }) });
const toggleOf = (row: Locator): Locator => row.getByRole('button', { name: /^Se non disponibile:/ });
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a shopper chooses no substitute for one row and names one for another; the cart keeps both and checkout lists them', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const shopper = await signedUpShopper(request, uniqueEmail(info, 'sostituto'));
  const cart = await readyCart(request, shopper);
  expect(cart.items.length, 'rows in the cart').toBeGreaterThanOrEqual(3);
  const [none, named, untouched] = cart.items as [
    (typeof cart.items)[number],
    (typeof cart.items)[number],
    (typeof cart.items)[number],
  ];
  const inCart = new Set(cart.items.map((i) => i.barcode));
  // A product of the store not in the cart, at its shelf price (no promotion), to stand in for `named`.
  const substitute = (await storeProducts(request, 1109)).find(
    (p) => !inCart.has(p.barcode) && p.um === 'PZ' && p.netPrice === (p as { price?: number }).price,
  );
  if (!substitute) throw new Error('no product to name as substitute');
  await logIn(page, shopper);
  await page.goto('/app/cart');

  // Nothing decided yet: every row says the order decides, at checkout.
  const undecided = "Se non disponibile: Scelta dell'ordine, da indicare prenotando";
  await expect(toggleOf(rowOf(page, untouched.description))).toHaveText(undecided);

  const noneToggle = toggleOf(rowOf(page, none.description));
  await noneToggle.click();
  await expect(noneToggle).toHaveAttribute('aria-expanded', 'true');
  await rowOf(page, none.description).getByRole('button', { name: 'Non sostituire' }).click();
  await expect(noneToggle).toHaveText('Se non disponibile: Non sostituire');
  await expect(noneToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(noneToggle).toBeFocused();

  const namedRow = rowOf(page, named.description);
  const namedToggle = toggleOf(namedRow);
  await namedToggle.click();
  await namedRow.getByRole('button', { name: 'Scegli un sostituto…' }).click();
  const search = namedRow.getByLabel('Cerca il prodotto sostitutivo');
  await expect(search).toBeFocused();
  await search.fill(substitute.description.slice(0, 2));
  await expect(namedRow.getByText('Almeno 3 caratteri.')).toBeVisible();
  await search.fill(substitute.description);
  const result = namedRow.getByRole('button', { name: new RegExp(`^Scegli ${escaped(substitute.description)} `) });
  await expect(result).toBeVisible();
  await expect(result).toContainText(euro(substitute.netPrice));
  // The price against the row's: the row's own price per piece, from the cart.
  const rowPrice = (cart.items as unknown as { barcode: string; netPrice: number }[]).find(
    (i) => i.barcode === named.barcode,
  )!.netPrice;
  const cents = Math.round(substitute.netPrice * 100) - Math.round(rowPrice * 100);
  await expect(result).toContainText(
    cents === 0 ? 'stesso prezzo' : `${cents > 0 ? '+' : '−'}${euro(Math.abs(cents) / 100)}`,
  );
  if (substitute.brand) await expect(result).toContainText(substitute.brand);
  if (info.project.name === 'phone') {
    // The row in full under the sticky header, its choice open with a result (docs/screenshots).
    await namedRow.evaluate((row) => window.scrollBy(0, row.getBoundingClientRect().top - 130));
    await page.screenshot({ path: info.outputPath('cart-row-substitution.png'), animations: 'disabled' });
  }
  await result.click();
  const chosen = `Se non disponibile: Sostituto: ${substitute.description} (${euro(substitute.netPrice)})`;
  await expect(namedToggle).toHaveText(chosen);
  await expect(namedToggle).toBeFocused();

  // The choices are the server's: a reload shows them again.
  await page.reload();
  await expect(toggleOf(rowOf(page, none.description))).toHaveText('Se non disponibile: Non sostituire');
  await expect(toggleOf(rowOf(page, named.description))).toHaveText(chosen);
  await expect(toggleOf(rowOf(page, untouched.description))).toHaveText(undecided);
  await expect(toggleOf(rowOf(page, named.description))).toBeEnabled();
  await expectNoAxeViolations(page);

  // Checkout: the yes/no is asked once, for the rows without a choice; the rows with one are listed.
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
  const others = cart.items.length - 2;
  await expect(
    page.getByRole('group', {
      name:
        others === 1
          ? "Per l'altro prodotto, se non è disponibile, accetti un prodotto sostitutivo simile?"
          : `Per gli altri ${others} prodotti, se uno non è disponibile, accetti un prodotto sostitutivo simile?`,
    }),
  ).toBeVisible();
  const chosenRows = page.getByRole('list', { name: 'Hai già scelto per questi prodotti:' });
  const namedText = `${named.description}: Sostituto: ${substitute.description} (${euro(substitute.netPrice)})`;
  await expect(chosenRows.getByRole('listitem')).toHaveText([`${none.description}: Non sostituire`, namedText]);
  await page.getByRole('radio', { name: 'No, nessuna sostituzione' }).check();
  await expect(chosenRows.getByRole('listitem')).toHaveText([`${none.description}: Non sostituire`, namedText]);
  if (info.project.name === 'phone') {
    // The question for the other rows, with the rows already chosen under it (docs/screenshots).
    await page
      .getByRole('group', { name: /accetti un prodotto sostitutivo simile\?$/ })
      .evaluate((group) => window.scrollBy(0, group.getBoundingClientRect().top - 130));
    await page.screenshot({ path: info.outputPath('checkout-data-substitution.png'), animations: 'disabled' });
  }

  // Each row with the cart's control: the untouched row now says the order's no, then gets its own yes
  // (with every row chosen, nothing is left to ask).
  await page.getByRole('button', { name: 'Scegli per ogni prodotto' }).click();
  const each = page.locator('.row-replacements__each > li');
  await expect(each).toHaveCount(cart.items.length);
  const untouchedHere = each.filter({ hasText: untouched.description });
  await expect(untouchedHere.getByRole('button', { name: /^Se non disponibile:/ })).toHaveText(
    "Se non disponibile: Non sostituire (scelta dell'ordine)",
  );
  await untouchedHere.getByRole('button', { name: /^Se non disponibile:/ }).click();
  await untouchedHere.getByRole('button', { name: 'Sostituisci con prodotto simile' }).click();
  await expect(untouchedHere.getByRole('button', { name: /^Se non disponibile:/ })).toHaveText(
    'Se non disponibile: Sostituisci con prodotto simile',
  );
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Scegli per ogni prodotto' }).click();
  await expect(chosenRows.getByRole('listitem')).toHaveCount(3);

  // The summary lists every choice: the rows' own, then the others with the order's no.
  await page.getByRole('radio', { name: 'Contanti' }).check();
  await page.getByRole('button', { name: 'Conferma i dati' }).click();
  await expect(page).toHaveURL(/\/app\/checkout\/summary\/?$/);
  const lines = page.locator('.checkout-replacements > li');
  const rest = cart.items.length - 3;
  await expect(lines).toHaveText([
    `${none.description}: Non sostituire`,
    namedText,
    `${untouched.description}: Sostituisci con prodotto simile`,
    ...(rest > 0 ? [`${rest === 1 ? "L'altro prodotto" : `Gli altri ${rest} prodotti`}: Non sostituire`] : []),
  ]);

  // Back in the cart, a row without a choice of its own says the order's no, as the order's.
  await page.goto('/app/cart');
  const plain = cart.items.filter((i) => i !== none && i !== named && i !== untouched);
  for (const other of plain)
    await expect(toggleOf(rowOf(page, other.description))).toHaveText(
      "Se non disponibile: Non sostituire (scelta dell'ordine)",
    );
  await expect(toggleOf(rowOf(page, untouched.description))).toHaveText(
    'Se non disponibile: Sostituisci con prodotto simile',
  );
});

test('a substitute the store refuses says the server’s message in a toast', async ({ page, request }, info) => {
  const shopper = await signedUpShopper(request, uniqueEmail(info, 'sostitutorifiutato'));
  const cart = await readyCart(request, shopper);
  const [row] = cart.items as [(typeof cart.items)[number]];
  // Sold as the row is (by the piece or by weight): the picker offers no other.
  const products = await storeProducts(request, 1109);
  const rowUm = products.find((p) => p.barcode === row.barcode)?.um ?? 'PZ';
  const other = products.find((p) => !cart.items.some((i) => i.barcode === p.barcode) && soldAlike(p.um, rowUm));
  if (!other) throw new Error('no other product');
  await logIn(page, shopper);
  await page.goto('/app/cart');
  const rowHere = rowOf(page, row.description);
  await toggleOf(rowHere).click();
  await rowHere.getByRole('button', { name: 'Scegli un sostituto…' }).click();
  await rowHere.getByLabel('Cerca il prodotto sostitutivo').fill(other.description);
  const result = rowHere.getByRole('button', { name: new RegExp(`^Scegli ${escaped(other.description)} `) });
  await expect(result).toBeVisible();
  // Between the search and the choice the store stops selling it.
  await page.route('**/cli/ecommerce/cart/item/replacement', (route) =>
    route.fulfill({
      json: {
        responseCode: 4030,
        errorMessage: 'Il prodotto sostitutivo non è disponibile in questo punto vendita.',
      },
    }),
  );
  await result.click();
  await expect(page.getByText('Il prodotto sostitutivo non è disponibile in questo punto vendita.')).toBeVisible();
  await expect(result).toBeVisible();
});
