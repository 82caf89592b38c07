// A shopper keeps shopping lists: create, rename, copy, delete (never the
// last one), custom items and catalogue products from the search overlay,
// and a whole list into the cart (docs/product.md §2, §4, §5, §8).
import { expect, test, type Page } from '@playwright/test';
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
    await expect(noCart.getByRole('link', { name: 'Crea il carrello' })).toHaveAttribute('href', '/app/cart/create');
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
    await expect(toast(page, 'Lista della spesa aggiunta al carrello')).toBeVisible();
    const missing = page.getByRole('alert').filter({ hasText: 'Non aggiunti al carrello:' });
    await expect(missing.getByRole('listitem')).toHaveText([
      `${pieces.description}: supera la quantità massima acquistabile (${limit} pezzi).`,
      'Fiori per la nonna: è una voce personalizzata, da cercare tra i prodotti.',
    ]);
    const cart = await apiCall<{ items: { barcode: string; weight: number | null }[] }>(
      request,
      shopper,
      '/cli/ecommerce/cart/current',
    );
    expect(cart.data.items).toEqual([expect.objectContaining({ barcode: weighed.barcode, weight: 2 })]);
  });
});
