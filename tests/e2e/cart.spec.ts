// A shopper creates a DRIVE cart at a store, fills it with the quantity
// counter, changes and removes rows, and books below and above the minimum
// order (docs/product.md §2 /cart, §4, §5, §8). Both projects share one shop,
// so every test has a shopper of its own.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './shop.fixtures.ts';
import {
  apiCall,
  driveStore,
  euro,
  logIn,
  signedUpShopper,
  storeProducts,
  uniqueEmail,
  type ShopProduct,
  type Shopper,
} from './cart.helpers.ts';

interface CartAnswer {
  id: number;
  netTotal: number;
  total: number;
  minNetTotal: number;
  items: { barcode: string; amount: number | null; weight: number | null }[];
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).first();

async function createDriveCart(page: Page, storeName: string) {
  await page.goto('/app/cart');
  await expect(page).toHaveURL(/\/app\/cart\/create\/?$/);
  await page.getByRole('radio', { name: /Ritiro drive/ }).check();
  await page.getByRole('radio', { name: new RegExp(storeName) }).check();
  await page.getByRole('button', { name: 'Crea il carrello' }).click();
  await expect(page).toHaveURL(/\/app\/?$/);
}

async function currentCart(page: Page, shopper: Shopper): Promise<CartAnswer> {
  return (await apiCall<CartAnswer>(page.request, shopper, '/cli/ecommerce/cart/current')).data;
}

function pick(products: ShopProduct[]) {
  const cheap = products.find(
    (p) => p.um === 'PZ' && !/acqua/i.test(p.description) && p.netPrice < 5 && (p.maxAmount ?? 30) >= 5,
  );
  const dear = products.find((p) => p.um === 'PZ' && p.maxAmount === 10 && p.netPrice > 13);
  const weighed = products.find((p) => p.um === 'KG' && p.netPrice < 20 && p.umStep < 1);
  if (!cheap || !dear || !weighed)
    throw new Error('The demo catalogue lacks a cheap piece, a dear piece or a weighed product');
  return { cheap, dear, weighed };
}

test.describe('the cart', () => {
  test.setTimeout(120_000);

  test('create a DRIVE cart, add pieces and weight with the counter, change, remove and book', async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'carrello'));
    await logIn(page, shopper);
    const store = await driveStore(request);
    const { cheap, dear, weighed } = pick(await storeProducts(request, store.id));

    await createDriveCart(page, store.name);
    await expect(page.getByRole('banner').getByRole('link', { name: /^Carrello, totale 0,00/ })).toBeVisible();

    // A piece item: starts at 1, goes up one at a time, the minus stops at 1.
    await page.goto(`/app/product/${cheap.barcode}`);
    const buy = page.getByRole('group', { name: `Quantità di ${cheap.description}` });
    await expect(buy.getByRole('status').or(buy.locator('output'))).toHaveText('1 pz');
    await expect(buy.getByRole('button', { name: 'Diminuisci quantità' })).toBeDisabled();
    await buy.getByRole('button', { name: 'Aumenta quantità' }).click();
    await expect(buy.locator('output')).toHaveText('2 pz');
    await page.getByRole('button', { name: /^Aggiungi/ }).click();
    await expect(toast(page, `Hai 2 pz ${cheap.description} nel carrello`)).toBeVisible();
    await expect(page.getByText('Nel carrello', { exact: true })).toBeVisible();

    // Changing the quantity of an item in the cart reminds to update it.
    await buy.getByRole('button', { name: 'Aumenta quantità' }).click();
    await expect(toast(page, 'Dopo aver modificato la quantità aggiornare il carrello.')).toBeVisible();
    await buy.getByRole('button', { name: 'Diminuisci quantità' }).click();
    await expect(buy.locator('output')).toHaveText('2 pz');

    // A weighed item: starts at one step (or minWeight), steps by umStep.
    await page.goto(`/app/product/${weighed.barcode}`);
    const scale = page.getByRole('group', { name: `Quantità di ${weighed.description}` });
    const first = Math.max(weighed.umStep, weighed.minWeight ?? 0);
    const grams = (kg: number) =>
      kg < 1 ? `${Math.round(kg * 1000)} g` : `${String(Math.round(kg * 100) / 100).replace('.', ',')} kg`;
    await expect(scale.locator('output')).toHaveText(grams(first));
    await scale.getByRole('button', { name: 'Aumenta quantità' }).click();
    const second = Math.round((first + weighed.umStep) * 100) / 100;
    await expect(scale.locator('output')).toHaveText(grams(second));
    await page.getByRole('button', { name: /^Aggiungi/ }).click();
    await expect(toast(page, new RegExp(`Hai ${String(second).replace('.', ',')} kg`))).toBeVisible();

    // The cart: both rows, totals as the server computes them, and the minimum order.
    await page.goto('/app/cart');
    let cart = await currentCart(page, shopper);
    expect(cart.items).toHaveLength(2);
    await expect(page.getByRole('heading', { name: cheap.description })).toBeVisible();
    await expect(page.getByRole('heading', { name: weighed.description })).toBeVisible();
    await expect(page.getByTestId('cart-net-total')).toHaveText(euro(cart.netTotal));
    await expect(page.getByTestId('cart-total')).toHaveText(euro(cart.total));
    await expect(page.getByText('Ordine minimo', { exact: true })).toBeVisible();
    expect(cart.netTotal).toBeLessThan(cart.minNetTotal);
    await expectNoAxeViolations(page);

    // Booking below the minimum is refused with the message of docs/product.md §5.
    await page.getByRole('button', { name: 'Prenota', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: "l'importo minimo per prenotare è: 25,00€" })).toBeVisible();

    // Change a quantity in the cart: the row and the totals follow the server.
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: cheap.description }) });
    await row.getByRole('button', { name: 'Aumenta quantità' }).click();
    await expect(row.locator('output')).toHaveText('3 pz');
    await expect
      .poll(async () => (await currentCart(page, shopper)).items.find((i) => i.barcode === cheap.barcode)?.amount)
      .toBe(3);
    cart = await currentCart(page, shopper);
    await expect(page.getByTestId('cart-net-total')).toHaveText(euro(cart.netTotal));
    await expect(
      page
        .getByRole('banner')
        .getByRole('link', { name: new RegExp(`^Carrello, totale ${euro(cart.netTotal).replace(/\s/g, '.')}`) }),
    ).toBeVisible();

    // Remove the weighed row.
    await page.getByRole('button', { name: `Rimuovi ${weighed.description}`, exact: true }).click();
    await expect(toast(page, `${weighed.description} rimosso dal carrello`)).toBeVisible();
    await expect(page.getByRole('heading', { name: weighed.description })).toBeHidden();

    // A dear product up to its maxAmount of 10: the plus stops there.
    await page.goto(`/app/product/${dear.barcode}`);
    const dearBuy = page.getByRole('group', { name: `Quantità di ${dear.description}` });
    const plus = dearBuy.getByRole('button', { name: 'Aumenta quantità' });
    for (let i = 1; i < 10; i++) await plus.click();
    await expect(dearBuy.locator('output')).toHaveText('10 pz');
    await expect(plus).toBeDisabled();
    await dearBuy.getByRole('button', { name: 'Diminuisci quantità' }).click();
    await page.getByRole('button', { name: /^Aggiungi/ }).click();
    await expect(toast(page, `Hai 9 pz ${dear.description} nel carrello`)).toBeVisible();

    // Above the minimum: booking goes on to the checkout.
    await page.goto('/app/cart');
    cart = await currentCart(page, shopper);
    expect(cart.netTotal).toBeGreaterThanOrEqual(cart.minNetTotal);
    await expect(page.getByTestId('cart-net-total')).toHaveText(euro(cart.netTotal));
    await page.getByRole('button', { name: 'Prenota', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/checkout\/?$/);
  });

  test('a price change between adding and booking shows the Attenzione! popup', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'variazione'));
    await logIn(page, shopper);
    const store = await driveStore(request);
    const { dear } = pick(await storeProducts(request, store.id));
    const opened = await apiCall<CartAnswer>(request, shopper, '/cli/ecommerce/cart/open', {
      storeId: store.id,
      deliveryMode: 'DRIVE',
      terminalType: 'WEB',
    });
    const stored = await apiCall<{ cart: CartAnswer & { items: unknown[] } }>(
      request,
      shopper,
      '/cli/ecommerce/cart/store',
      { cartId: opened.data.id, barcode: dear.barcode, amount: 3 },
    );
    const item = stored.data.cart.items[0] as Record<string, unknown>;
    // No price API: the freeze check's answer is replaced by a 4105 with the item at a new price.
    await page.route('**/cli/ecommerce/cart/freeze/check', (route) =>
      route.fulfill({
        json: { responseCode: 4105, data: { updated: [{ ...item, netPrice: dear.netPrice + 1 }], removed: [] } },
      }),
    );
    await page.goto('/app/cart');
    await page.getByRole('button', { name: 'Prenota', exact: true }).click();
    const popup = page.getByRole('alertdialog', { name: 'Attenzione!' });
    await expect(popup).toBeVisible();
    await expect(popup.getByText('Variazione prezzo')).toBeVisible();
    await expect(popup.getByText(dear.description)).toBeVisible();
    await expect(popup.getByText(`Nuovo prezzo: ${euro(dear.netPrice + 1)}`)).toBeVisible();
    await popup.getByRole('button', { name: 'Chiudi' }).click();
    await expect(page).toHaveURL(/\/app\/checkout\/?$/);
  });

  test('a visitor choosing a product logs in and finds it in the cart', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'visitatore'));
    const store = await driveStore(request);
    const { cheap } = pick(await storeProducts(request, store.id));
    await apiCall(request, shopper, '/cli/ecommerce/cart/open', {
      storeId: store.id,
      deliveryMode: 'DRIVE',
      terminalType: 'WEB',
    });
    await page.addInitScript(() => localStorage.setItem('spesa.cookieAcceptedAt', new Date().toISOString()));
    await page.goto(`/app/product/${cheap.barcode}`);
    await page.getByRole('button', { name: /^Aggiungi/ }).click();
    const panel = page.getByRole('dialog', { name: 'Accedi' });
    await panel.getByLabel('Username (e-mail)').fill(shopper.email);
    await panel.getByLabel('Password').fill('Orecchiette1!');
    await panel.getByRole('button', { name: 'Accedi' }).click();
    await expect(toast(page, `Hai 1 pz ${cheap.description} nel carrello`)).toBeVisible();
    expect((await currentCart(page, shopper)).items.map((i) => i.barcode)).toEqual([cheap.barcode]);
  });

  test('deleting the cart asks first and then leads to creating a new one', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'elimina'));
    await logIn(page, shopper);
    const store = await driveStore(request);
    await apiCall(request, shopper, '/cli/ecommerce/cart/open', {
      storeId: store.id,
      deliveryMode: 'DRIVE',
      terminalType: 'WEB',
    });
    await page.goto('/app/cart');
    await page.getByRole('button', { name: 'Elimina carrello' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Eliminare il carrello?' });
    await confirm.getByRole('button', { name: 'Elimina' }).click();
    await expect(page).toHaveURL(/\/app\/cart\/create\/?$/);
  });

  test('the cart moves to another delivery mode and store', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'sposta'));
    await logIn(page, shopper);
    const store = await driveStore(request);
    await apiCall(request, shopper, '/cli/ecommerce/cart/open', {
      storeId: store.id,
      deliveryMode: 'DRIVE',
      terminalType: 'WEB',
    });
    const instore = (await (await request.get('/cli/stores/ecommerce/delivery?delivery=IN_STORE')).json()) as {
      data: { id: number; name: string }[];
    };
    const target = instore.data.find((s) => s.id !== store.id)!;
    await page.goto('/app/cart/update');
    // The current mode once, then the store.
    await expect(page.getByText(/^Ora:/)).toHaveText(`Ora: Ritiro drive · ${store.name}`);
    await page.getByRole('radio', { name: /Ritiro in negozio/ }).check();
    await page.getByRole('radio', { name: new RegExp(target.name) }).check();
    await page.getByRole('button', { name: 'Aggiorna il carrello' }).click();
    await expect(page).toHaveURL(/\/app\/cart\/?$/);
    const summary = page.getByRole('complementary', { name: 'Riepilogo' });
    await expect(summary.getByText('Ritiro in negozio', { exact: true })).toBeVisible();
    await expect(summary.getByText(target.name, { exact: true })).toBeVisible();
  });

  test('a cart the server closed into a shopping list shows the Attenzione popup (4008)', async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'chiuso'));
    await logIn(page, shopper);
    // Closing needs a store to stop serving the mode: the answer is stood in for.
    await page.route('**/cli/ecommerce/cart/current', (route) =>
      route.fulfill({
        json: {
          responseCode: 4008,
          errorMessage: 'Il carrello è stato chiuso e i prodotti sono stati spostati nella lista della spesa.',
        },
      }),
    );
    await page.goto('/app/');
    const popup = page.getByRole('alertdialog', { name: 'Attenzione' });
    await expect(popup).toContainText('i prodotti sono stati spostati nella lista della spesa');
    await expect(popup.getByRole('link', { name: 'Vai alle liste della spesa' })).toHaveAttribute(
      'href',
      '/app/profile/smartlists',
    );
    await popup.getByRole('button', { name: 'Chiudi' }).click();
    await expect(popup).toBeHidden();
  });

  test('cart creation has no accessibility violations', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'accessibile'));
    await logIn(page, shopper);
    await page.goto('/app/cart/create');
    await page.getByRole('radio', { name: /Ritiro in negozio/ }).check();
    await expect(page.getByRole('radio', { name: /Superstore Bari Japigia/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
