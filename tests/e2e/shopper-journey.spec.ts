// A shopper's journey on the small screen and the desktop: the product a
// visitor chose waits through signup and the mailed confirmation link (docs/product.md §4
// Product to add); the toasts of a cart row do not stack and do not cover the
// header's cart; on a 360×800 phone the sticky header, the cookie notice and
// the scroll-to-top button leave the page readable (docs/product.md §1, §2).
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiCall,
  driveStore,
  logIn,
  logInThroughPanel,
  signedUpShopper,
  storeProducts,
  uniqueEmail,
  type ShopProduct,
} from './cart.helpers.ts';

const PASSWORD = 'Orecchiette1!';
const fakeIp = () =>
  `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const acceptCookies = (page: Page) =>
  page.addInitScript(() => localStorage.setItem('spesa.cookieAcceptedAt', new Date().toISOString()));

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'an element on screen').not.toBeNull();
  return found!;
}

function cheapPiece(products: ShopProduct[]): ShopProduct {
  const found = products.find((p) => p.um === 'PZ' && p.netPrice < 5 && (p.maxAmount ?? 30) >= 5);
  if (!found) throw new Error('The demo catalogue lacks a cheap product sold by the piece');
  return found;
}

test.describe('the product chosen by a visitor', () => {
  test.setTimeout(120_000);

  test('waits through signup and the mailed link, and is in the cart created after logging in', async ({
    page,
    request,
    baseURL,
  }, info) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': fakeIp() });
    await acceptCookies(page);
    const store = await driveStore(request);
    const product = cheapPiece(await storeProducts(request, store.id));
    const email = uniqueEmail(info, 'dopo-registrazione');

    await page.goto(`/app/product/${product.barcode}`);
    await page
      .getByRole('main')
      .getByRole('button', { name: /^Aggiungi/ })
      .click();
    const panel = page.getByRole('dialog', { name: 'Accedi' });
    await panel.getByRole('link', { name: /Registrati/ }).click();

    await expect(page).toHaveURL(/\/app\/signup\/?$/);
    await expect(page.getByRole('button', { name: 'Registrati' })).toBeEnabled();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Conferma password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Nome', { exact: true }).fill('Nicola');
    await page.getByLabel('Cognome', { exact: true }).fill('Abbrescia');
    await page.getByLabel('Codice fiscale', { exact: true }).fill('BBRNCL80A01A662X');
    await page.getByLabel('Data di nascita').fill('1980-01-01');
    await page.getByLabel('Cellulare', { exact: true }).fill('3471234567');
    await page.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
    await page.getByRole('checkbox', { name: /termini e condizioni/ }).check();
    await page.getByRole('button', { name: 'Registrati' }).click();
    const done = page.getByRole('alertdialog', { name: 'Registrazione effettuata' });
    await expect(done).toContainText(email);
    // The address wraps inside the popup instead of running off a 360 px screen.
    const popup = await box(done);
    const address = await box(done.getByText(email));
    expect(address.x + address.width).toBeLessThanOrEqual(popup.x + popup.width + 0.5);

    // The mailed link leads to the address this browser uses (its origin keeps the product).
    const outbox = (await (await request.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
      messages: { text: string }[];
    };
    const link = /(https?:\/\/\S+)/.exec(outbox.messages[0]!.text)![1]!;
    expect(new URL(link).origin).toBe(new URL(baseURL!).origin);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Account attivato' })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Accedi' }).click();
    await logInThroughPanel(page, email, PASSWORD);

    // No cart yet: cart creation, then back to the product with it in the cart.
    await expect(page).toHaveURL(/\/app\/cart\/create\/?$/);
    await page.getByRole('radio', { name: /Ritiro drive/ }).check();
    await page.getByRole('radio', { name: new RegExp(store.name) }).check();
    await page.getByRole('button', { name: 'Crea il carrello' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/product/${product.barcode}/?$`));
    const toast = page.locator('#toaster .toast').filter({ hasText: `Hai 1 pz ${product.description} nel carrello` });
    await expect(toast).toBeVisible();
    // Shown by the page the shopper lands on, long enough to be read.
    await page.waitForTimeout(1200);
    await expect(toast).toBeVisible();

    const login = (await (
      await request.post('/cli/profiles/login', {
        headers: { 'X-Forwarded-For': fakeIp() },
        data: { username: email, password: PASSWORD },
      })
    ).json()) as { data: { jwt: string; profile: Record<string, unknown>; role: 'CUSTOMER' | 'OPERATOR' } };
    const cart = await apiCall<{ items: { barcode: string; amount: number }[] }>(
      request,
      { email, ...login.data },
      '/cli/ecommerce/cart/current',
    );
    expect(cart.data.items.map((i) => [i.barcode, i.amount])).toEqual([[product.barcode, 1]]);
  });
});

test.describe('toasts of a cart row', () => {
  test.setTimeout(90_000);

  test('three counter clicks leave one toast with the latest quantity, clear of the header cart', async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'contatore'));
    const store = await driveStore(request);
    const product = cheapPiece(await storeProducts(request, store.id));
    const opened = await apiCall<{ id: number }>(request, shopper, '/cli/ecommerce/cart/open', {
      storeId: store.id,
      deliveryMode: 'DRIVE',
      terminalType: 'WEB',
    });
    await apiCall(request, shopper, '/cli/ecommerce/cart/store', {
      cartId: opened.data.id,
      barcode: product.barcode,
      amount: 1,
      preview: false,
    });
    await logIn(page, shopper);
    await page.goto('/app/cart');
    const row = page.getByRole('group', { name: `Quantità di ${product.description}` });
    const toasts = page.locator('#toaster .toast');
    for (const amount of [2, 3, 4]) {
      await row.getByRole('button', { name: 'Aumenta quantità' }).click();
      await expect(toasts.filter({ hasText: `Hai ${amount} pz ${product.description} nel carrello` })).toBeVisible();
    }
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toHaveText(`Hai 4 pz ${product.description} nel carrello×`);
    const toast = await box(toasts);
    const header = page.getByRole('banner');
    expect(overlaps(toast, await box(header.locator('[data-header="cart"]'))), 'toast over the header cart').toBe(
      false,
    );
    expect(overlaps(toast, await box(header.locator('[data-header="access"]'))), 'toast over the profile button').toBe(
      false,
    );
    await page.screenshot({ path: `/tmp/shots-h3/toasts-${info.project.name === 'phone' ? 360 : 1280}.png` });
  });
});

test.describe('a 360×800 phone screen', () => {
  test('only the header bar stays on screen when scrolling: the delivery strip scrolls away @phone', async ({
    page,
  }) => {
    await acceptCookies(page);
    await page.goto('/app/');
    const header = page.getByRole('banner');
    await expect(header.getByText('Punto vendita:')).toBeAttached();
    await page.mouse.wheel(0, 900);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    await expect
      .poll(
        async () => {
          const { y, height } = await box(header);
          return y + height;
        },
        { message: 'screen height the sticky header keeps' },
      )
      .toBeLessThanOrEqual(120);
    await expect(header.getByRole('searchbox', { name: 'Cerca prodotti' })).toBeInViewport();
    await expect(header.locator('[data-header="cart"]')).toBeInViewport();
  });

  test('the cookie notice is in the page from the first paint, small, and stays away once accepted @phone', async ({
    page,
  }) => {
    // Without the page's scripts (only the inline ones of its HTML run) the notice is there already.
    await page.route(/\.m?js(\?|$)/, (route) => route.abort());
    await page.goto('/app/');
    const notice = page.getByRole('region', { name: 'Informativa sui cookie' });
    await expect(notice).toBeVisible();
    const { height } = await box(notice);
    expect(height, 'notice height at 360×800').toBeLessThanOrEqual(100);

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.reload();
    await notice.getByRole('button', { name: 'Ho capito' }).click();
    await expect(notice).toBeHidden();
    await page.route(/\.m?js(\?|$)/, (route) => route.abort());
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(notice).toBeHidden();
  });

  test('at the end of the page the scroll-to-top button covers no footer text @phone', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/app/faq');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = page.getByRole('button', { name: 'Torna su' });
    await expect(button).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight),
      )
      .toBe(true);
    const target = await box(button);
    const texts = page.locator('.site-footer').locator('p, a, h2, li');
    for (const text of await texts.all()) {
      const found = await text.boundingBox();
      if (found && found.height > 0)
        expect(overlaps(target, found), `scroll-to-top over "${await text.textContent()}"`).toBe(false);
    }
  });
});
