// A shopper keeps shopping lists: create, rename, copy, delete (never the
// last one), custom items and catalogue products from the search overlay,
// and a whole list into the cart (docs/product.md §2, §4, §5, §8).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './shop.fixtures.ts';
import { apiCall, driveStore, logIn, signedUpShopper, storeProducts, uniqueEmail } from './cart.helpers.ts';

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).first();
const listButton = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^${title} \\d+$`) });

test.describe('shopping lists', () => {
  test.setTimeout(120_000);

  test('create, rename, copy and delete lists, never the last one', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'liste'));
    await logIn(page, shopper);
    await page.goto('/app/profile/smartlists');
    await expect(page.getByRole('heading', { name: 'La mia lista' })).toBeVisible();

    await page.getByLabel('Nuova lista').fill('Spesa della settimana');
    await page.getByRole('button', { name: 'Crea lista' }).click();
    await expect(page.getByRole('heading', { name: 'Spesa della settimana' })).toBeVisible();

    await page.getByRole('button', { name: 'Rinomina' }).click();
    const rename = page.getByRole('dialog', { name: 'Rinomina la lista' });
    await rename.getByLabel('Nome della lista').fill('Spesa del sabato');
    await rename.getByRole('button', { name: 'Rinomina' }).click();
    await expect(page.getByRole('heading', { name: 'Spesa del sabato' })).toBeVisible();

    await page.getByRole('button', { name: 'Copia', exact: true }).click();
    const copy = page.getByRole('dialog', { name: 'Copia la lista' });
    await expect(copy.getByLabel('Nome della lista')).toHaveValue('Copia di Spesa del sabato');
    await copy.getByRole('button', { name: 'Copia' }).click();
    await expect(page.getByRole('heading', { name: 'Copia di Spesa del sabato' })).toBeVisible();
    await expect(listButton(page, 'Spesa del sabato')).toBeVisible();

    // Delete all but one, then the last one is refused (2035).
    for (const title of ['Copia di Spesa del sabato', 'Spesa del sabato']) {
      await listButton(page, title).click();
      await page.getByRole('button', { name: 'Elimina', exact: true }).click();
      await page
        .getByRole('alertdialog', { name: 'Eliminare la lista?' })
        .getByRole('button', { name: 'Elimina' })
        .click();
      await expect(listButton(page, title)).toBeHidden();
    }
    await page.getByRole('button', { name: 'Elimina', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Eliminare la lista?' })
      .getByRole('button', { name: 'Elimina' })
      .click();
    await expect(toast(page, "Non puoi eliminare l'ultima lista della spesa.")).toBeVisible();
    await expect(page.getByRole('heading', { name: 'La mia lista' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('custom items and catalogue products from the search overlay; the list goes to the cart', async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'voci'));
    await logIn(page, shopper);
    const store = await driveStore(request);
    const product = (await storeProducts(request, store.id)).find(
      (p) => p.um === 'PZ' && !/acqua/i.test(p.description),
    )!;
    await page.goto('/app/smartlist');
    await expect(page.getByRole('heading', { name: 'La mia lista' })).toBeVisible();

    await page.getByRole('button', { name: 'Aggiungi prodotti' }).click();
    const overlay = page.getByRole('dialog', { name: 'Aggiungi a "La mia lista"' });
    const search = overlay.getByLabel('Cerca un prodotto o scrivi cosa ti serve');
    const custom = overlay.getByRole('button', { name: 'Aggiungi come prodotto personalizzato' });
    await search.fill('Pa');
    await expect(custom).toBeDisabled();
    await search.fill('Pane di Altamura');
    await expect(custom).toBeEnabled();
    await custom.click();
    await expect(toast(page, 'Pane di Altamura aggiunto alla lista')).toBeVisible();

    const words = product.description.split(' ').slice(0, 2).join(' ');
    await search.fill(words);
    await overlay
      .getByRole('button', { name: `Aggiungi ${product.description}`, exact: true })
      .first()
      .click();
    await expect(toast(page, `${product.description} aggiunto alla lista`)).toBeVisible();
    await overlay.getByRole('button', { name: 'Chiudi' }).click();

    const items = page.getByRole('region', { name: 'La mia lista' }).getByRole('list');
    await expect(items.getByRole('listitem').filter({ hasText: 'Pane di Altamura' })).toContainText(
      'Prodotto personalizzato',
    );
    const row = items.getByRole('listitem').filter({ hasText: product.description });
    await expect(row.locator('output')).toHaveText('1 pz');
    await expect(row.getByRole('button', { name: 'Diminuisci quantità' })).toBeDisabled();
    await row.getByRole('button', { name: 'Aumenta quantità' }).click();
    await expect(row.locator('output')).toHaveText('2 pz');
    await page.getByRole('button', { name: 'Rimuovi Pane di Altamura dalla lista' }).click();
    await expect(items.getByRole('listitem').filter({ hasText: 'Pane di Altamura' })).toBeHidden();

    // Without a cart, a modal asks to create one first.
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    const noCart = page.getByRole('alertdialog', { name: 'Nessun carrello' });
    await expect(noCart).toContainText('la lista sarà aggiunta appena lo avrai creato');
    await noCart.getByRole('button', { name: 'Annulla' }).click();

    await apiCall(request, shopper, '/cli/ecommerce/cart/open', {
      storeId: store.id,
      deliveryMode: 'DRIVE',
      terminalType: 'WEB',
    });
    await page.reload();
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await expect(toast(page, 'Lista della spesa aggiunta al carrello')).toBeVisible();
    const cart = await apiCall<{ items: { barcode: string; amount: number }[] }>(
      request,
      shopper,
      '/cli/ecommerce/cart/current',
    );
    expect(cart.data.items).toEqual([expect.objectContaining({ barcode: product.barcode, amount: 2 })]);
    await expectNoAxeViolations(page);
  });

  test('a weighed row keeps its kilograms in the cart; rows the cart cannot take are named with the reason', async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'pesati'));
    await logIn(page, shopper);
    const store = await driveStore(request);
    const products = await storeProducts(request, store.id);
    // A weighed product sold in steps that make 2 kg exactly (a row's kilograms round up to the step).
    const weighed = products.find(
      (p) =>
        p.um === 'KG' &&
        p.umStep < 1 &&
        Math.abs(2 / p.umStep - Math.round(2 / p.umStep)) < 1e-6 &&
        (p.minWeight ?? 0) <= 2 &&
        (p.maxAmount ?? 2) >= 2,
    )!;
    const pieces = products.find((p) => p.um === 'PZ' && !/acqua/i.test(p.description))!;
    // One more than the product's limit (its own, at most the 30 pieces of an article, docs/product.md §9).
    const limit = Math.min(pieces.maxAmount ?? 30, 30);
    const lists = await apiCall<{ id: number }[]>(request, shopper, '/cli/slists');
    const listId = lists.data[0]!.id;
    await apiCall(request, shopper, '/cli/slists/items/create', { id: listId, barcode: weighed.barcode, amount: 2 });
    await apiCall(request, shopper, '/cli/slists/items/create', {
      id: listId,
      barcode: pieces.barcode,
      amount: limit + 1,
    });
    await apiCall(request, shopper, '/cli/slists/items/create', {
      id: listId,
      type: 'CUSTOM',
      description: 'Fiori per la nonna',
    });
    await apiCall(request, shopper, '/cli/ecommerce/cart/open', {
      storeId: store.id,
      deliveryMode: 'DRIVE',
      terminalType: 'WEB',
    });

    await page.goto('/app/smartlist');
    const items = page.getByRole('region', { name: 'La mia lista' }).getByRole('list').first();
    await expect(items.getByRole('listitem').filter({ hasText: weighed.description }).locator('output')).toHaveText(
      '2 kg',
    );
    await expect(items.getByRole('listitem').filter({ hasText: pieces.description }).locator('output')).toHaveText(
      `${limit + 1} pz`,
    );
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    const missing = page.getByRole('alertdialog', { name: 'Attenzione!' });
    await expect(missing).toContainText(
      'Lista della spesa aggiunta al carrello: 1 prodotto su 3. Questi non sono stati aggiunti:',
    );
    await expect(missing.getByRole('listitem')).toHaveText([
      `${pieces.description}Supera la quantità massima acquistabile (${limit} pezzi)Non aggiunto al carrello`,
      'Fiori per la nonnaVoce personalizzata: cercala tra i prodottiNon aggiunto al carrello',
    ]);
    await expect(toast(page, 'Lista della spesa aggiunta al carrello')).toBeHidden();
    const cart = await apiCall<{ items: { barcode: string; weight: number | null }[] }>(
      request,
      shopper,
      '/cli/ecommerce/cart/current',
    );
    expect(cart.data.items).toEqual([expect.objectContaining({ barcode: weighed.barcode, weight: 2 })]);
  });

  test('a list chosen without a cart goes into the cart once it is made; the rows not added are named', async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'senzacarrello'));
    await logIn(page, shopper);
    const store = await driveStore(request);
    const [first, second] = (await storeProducts(request, store.id)).filter(
      (p) => p.um === 'PZ' && !/acqua/i.test(p.description),
    );
    const unavailable = await unavailableProduct(request, store.id);
    const listId = (await apiCall<{ id: number }[]>(request, shopper, '/cli/slists')).data[0]!.id;
    for (const product of [first!, second!, unavailable])
      await apiCall(request, shopper, '/cli/slists/items/create', { id: listId, barcode: product.barcode, amount: 1 });
    await apiCall(request, shopper, '/cli/slists/items/create', {
      id: listId,
      type: 'CUSTOM',
      description: 'Fiori per la nonna',
    });

    await page.goto('/app/smartlist');
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await page
      .getByRole('alertdialog', { name: 'Nessun carrello' })
      .getByRole('button', { name: 'Crea il carrello' })
      .click();
    await expect(page).toHaveURL(/\/app\/cart\/create\/?$/);
    await page.getByRole('radio', { name: /Ritiro drive/ }).check();
    await page.getByRole('radio', { name: new RegExp(store.name) }).check();
    await page.getByRole('button', { name: 'Crea il carrello' }).click();

    // Back on the list, which is now in the new cart; the two rows it could not take are named.
    await expect(page).toHaveURL(/\/app\/smartlist\/?$/);
    const missing = page.getByRole('alertdialog', { name: 'Attenzione!' });
    await expect(missing).toContainText(
      'Lista della spesa aggiunta al carrello: 2 prodotti su 4. Questi non sono stati aggiunti:',
    );
    await expect(missing.getByRole('listitem')).toHaveText([
      `${unavailable.description}Momentaneamente non disponibileNon aggiunto al carrello`,
      'Fiori per la nonnaVoce personalizzata: cercala tra i prodottiNon aggiunto al carrello',
    ]);
    const cart = await apiCall<{ storeId: number; deliveryMode: string; items: { barcode: string; amount: number }[] }>(
      request,
      shopper,
      '/cli/ecommerce/cart/current',
    );
    expect(cart.data).toMatchObject({ storeId: store.id, deliveryMode: 'DRIVE' });
    expect(cart.data.items.map((i) => [i.barcode, i.amount]).sort()).toEqual(
      [
        [first!.barcode, 1],
        [second!.barcode, 1],
      ].sort(),
    );
    await missing.getByRole('link', { name: 'Vai al carrello' }).click();
    await expect(page.getByRole('link', { name: first!.description })).toBeVisible();
    await expect(page.getByRole('link', { name: second!.description })).toBeVisible();
  });
});

/** A product of the store's listing that it cannot sell now (the listing shows it as unavailable). */
async function unavailableProduct(request: APIRequestContext, storeId: number) {
  for (let p = 0; p < 10; p++) {
    const page = (await (await request.get(`/cli/ecommerce/products/${storeId}/?p=${p}&s=100`)).json()) as {
      data: { data: { barcode: string; description: string; available: boolean }[]; last: boolean };
    };
    const found = page.data.data.find((x) => !x.available);
    if (found) return found;
    if (page.data.last) break;
  }
  throw new Error(`store ${storeId} sells every product of its listing`);
}
