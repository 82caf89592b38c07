// The shop on a bad connection (docs/decisions/015-offline-with-serwist.md): a page seen
// before opens offline with the banner, a page never seen gets the offline page, a
// write is refused at once and changes nothing, nothing of the API is ever cached
// (and nothing of it stays after logout), the cart, the lists and the orders seen
// last show offline, a new version takes over cleanly, and the shop is installable.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiCall,
  loggedInWithCart,
  logInThroughPanel,
  storeProducts,
  PASSWORD,
  signedUpShopper,
  uniqueEmail,
} from './cart.helpers.ts';
import { products } from './catalogue.helpers.ts';
import { bookedOrder } from './checkout.helpers.ts';
import { controlledByWorker } from './shop.fixtures.ts';

const BANNER = "Sei offline: stai vedendo l'ultima versione salvata";
const REFUSED = 'Sei offline: riprova quando torna la connessione.';

/** Until the pages' cache of the worker holds this page (saved in the background as it is served). */
async function saved(page: Page, path: string): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .evaluate(
            async (url) => !!(await (await caches.open('spesa-pages')).match(new URL(url, location.href).href)),
            path,
          )
          .catch(() => false), // the page was being replaced: asked again
    )
    .toBe(true);
}

/** Every URL held by any of the page's caches. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });

/**
 * The connection drops. Chromium's emulated offline state reaches the documents
 * open at that moment (navigator.onLine, the offline event), not one loaded
 * afterwards, which still reads navigator.onLine as true: a page opened while
 * offline is told again, as a real phone's browser knows it from the start.
 */
async function dropConnection(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
}
async function tellPageOffline(context: BrowserContext, page: Page): Promise<void> {
  if (await page.evaluate(() => navigator.onLine)) {
    await context.setOffline(false);
    await context.setOffline(true);
  }
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test.describe('offline', () => {
  test('a product page seen before opens offline, with the banner; back online the banner goes', async ({
    page,
    context,
    request,
  }) => {
    const [product] = (await products(request, 's=3')).data;
    const path = `/app/product/${product!.barcode}`;
    await page.goto('/app/');
    await controlledByWorker(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: product!.description })).toBeVisible();
    await saved(page, path);
    await expect(page.getByText(BANNER)).toHaveCount(0);

    await dropConnection(context);
    const response = await page.goto(path);
    expect(response?.fromServiceWorker(), 'answered by the service worker').toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: product!.description })).toBeVisible();
    await tellPageOffline(context, page);
    await expect(page.getByRole('status').filter({ hasText: BANNER })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText(BANNER)).toHaveCount(0);
  });

  test('on the first visit the worker installs at once, fetches no script, and the first page survives a reload offline', async ({
    page,
    context,
    request,
  }) => {
    const [product] = (await products(request, 's=3')).data;
    const path = `/app/product/${product!.barcode}`;
    // The page's clock stands still a second and a half after load: the worker must be
    // registered by then, not seconds later (a shopper can lose the connection at once).
    await page.clock.install();
    await page.goto(path);
    await page.clock.runFor(1_500);
    await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()))).toBe(true);
    // The clock stays still to the end: what follows owes nothing to the page's timers
    // (the rest of the shell, asked for 5 s after load, is never asked for here).
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
    const precached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        if (name.includes('precache'))
          for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(precached, 'the offline page is precached').toContain('/app/offline/');
    expect(
      precached.filter((p) => p.endsWith('.js')),
      'no script in the first install: the page hands over the ones it loaded',
    ).toEqual([]);
    expect(precached.length, 'a small first install').toBeLessThanOrEqual(25);
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const cache = await caches.open('spesa-assets');
            // The page's clock is Playwright's (performance too): the page's own elements name its scripts.
            const loaded = [
              ...Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (l) => l.href),
              ...Array.from(
                document.querySelectorAll('astro-island'),
                (i) => new URL(i.getAttribute('component-url')!, location.href).href,
              ),
            ].filter((url) => url.includes('/_astro/'));
            const missing = [];
            for (const url of loaded) if (!(await cache.match(url))) missing.push(new URL(url).pathname);
            return loaded.length > 0 ? missing : ['no script loaded'];
          }),
        { message: 'the scripts the page loaded are handed over to the worker' },
      )
      .toEqual([]);
    await saved(page, path);

    await dropConnection(context);
    const response = await page.reload();
    expect(response?.fromServiceWorker(), 'answered by the service worker').toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: product!.description })).toBeVisible();
    // The banner is written by the page's script: the shell's scripts came from the worker's cache.
    await tellPageOffline(context, page);
    await expect(page.getByRole('status').filter({ hasText: BANNER })).toBeVisible();
  });

  test('a page never seen shows the offline page', async ({ page, context }) => {
    await page.goto('/app/');
    await controlledByWorker(page);
    await dropConnection(context);
    const response = await page.goto('/app/faq');
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Sei offline' })).toBeVisible();
    await expect(page.getByText('Questa pagina non è tra quelle salvate sul tuo dispositivo.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Torna alla home' })).toHaveAttribute('href', '/app/');
  });

  test('adding to the cart offline is refused at once and changes nothing', async ({
    page,
    context,
    request,
  }, info) => {
    const { shopper, chosen } = await loggedInWithCart(page, request, uniqueEmail(info, 'offline-add'));
    const other = (await storeProducts(request, 1109)).find((p) => !chosen.some((c) => c.barcode === p.barcode))!;
    const before = await apiCall<{ itemsCount: number; netTotal: number }>(
      request,
      shopper,
      '/cli/ecommerce/cart/current',
    );
    expect(before.data.itemsCount).toBe(2);
    await page.goto('/app/');
    await controlledByWorker(page);
    await page.goto(`/app/product/${other.barcode}`);
    const cartLink = page.getByRole('banner').getByRole('link', { name: /^Carrello, totale/ });
    const total = await cartLink.getAttribute('aria-label');
    expect(total).not.toBe('Carrello, totale 0,00 €');
    let written = 0;
    page.on('request', (r) => {
      if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/cli/')) written += 1;
    });

    await dropConnection(context);
    await tellPageOffline(context, page);
    await page
      .getByRole('main')
      .getByRole('button', { name: /^Aggiungi/ })
      .first()
      .click();
    await expect(page.getByText(REFUSED)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/app/product/${other.barcode}$`));
    expect(written, 'no write left the browser').toBe(0);

    await context.setOffline(false);
    const after = await apiCall<{ itemsCount: number; netTotal: number }>(
      request,
      shopper,
      '/cli/ecommerce/cart/current',
    );
    expect(after.data.itemsCount).toBe(2);
    expect(after.data.netTotal).toBe(before.data.netTotal);
    await page.reload();
    await expect(cartLink).toHaveAttribute('aria-label', total!);
  });

  test('the cart page shows the last cart offline', async ({ page, context, request }, info) => {
    const { chosen } = await loggedInWithCart(page, request, uniqueEmail(info, 'offline-cart'));
    await page.goto('/app/');
    await controlledByWorker(page);
    await page.goto('/app/cart');
    for (const product of chosen)
      await expect(page.getByRole('main').getByText(product.description).first()).toBeVisible();
    await saved(page, '/app/cart');

    await dropConnection(context);
    const response = await page.goto('/app/cart');
    expect(response?.fromServiceWorker()).toBe(true);
    for (const product of chosen)
      await expect(page.getByRole('main').getByText(product.description).first()).toBeVisible();
    await tellPageOffline(context, page);
    await expect(page.getByRole('status').filter({ hasText: BANNER })).toBeVisible();
  });

  test('the lists and the orders seen last show offline, and are forgotten at logout', async ({
    page,
    context,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(info, 'offline-lists');
    const shopper = await signedUpShopper(request, email);
    const order = await bookedOrder(request, shopper);
    const [listId] = (await apiCall<{ id: number }[]>(request, shopper, '/cli/slists')).data.map((l) => l.id);
    expect(
      (await apiCall(request, shopper, '/cli/slists/rename', { id: listId, title: 'Spesa del sabato' })).responseCode,
    ).toBe(0);
    const [product] = await storeProducts(request, 1109);
    await apiCall(request, shopper, '/cli/slists/items/create', { id: listId, barcode: product!.barcode, amount: 1 });
    await apiCall(request, shopper, '/cli/slists/items/create', {
      id: listId,
      type: 'CUSTOM',
      description: 'Fiori per la nonna',
      amount: 1,
    });
    // Logged in through the panel: a session put in place before every page would come back after logout.
    await page.addInitScript(() => localStorage.setItem('spesa.cookieAcceptedAt', new Date().toISOString()));
    await page.goto('/app/');
    await controlledByWorker(page);
    await logInThroughPanel(page, email, PASSWORD);

    const listShown = async () => {
      const panel = page.getByRole('region', { name: 'Spesa del sabato' });
      await expect(panel).toBeVisible();
      for (const item of [product!.description, 'Fiori per la nonna'])
        await expect(panel.getByRole('listitem').filter({ hasText: item })).toBeVisible();
    };
    const card = page.getByRole('article', { name: `Ordine ${order.number}` });
    const orderShown = async () => {
      await expect(card).toBeVisible();
      await expect(card.getByText('In attesa di conferma del punto vendita')).toBeVisible();
    };
    await page.goto('/app/smartlist');
    await listShown();
    await saved(page, '/app/smartlist');
    await page.goto('/app/orders');
    await orderShown();
    await card.getByRole('button', { name: 'Dettagli' }).click();
    await expect(card.getByRole('button', { name: 'Nascondi dettagli' })).toBeVisible();
    await saved(page, '/app/orders');
    const kept = () =>
      page.evaluate(() =>
        ['spesa.lastLists', 'spesa.lastOrders', 'spesa.lastOrder'].filter((k) => localStorage.getItem(k) !== null),
      );
    await expect.poll(kept).toEqual(['spesa.lastLists', 'spesa.lastOrders', 'spesa.lastOrder']);

    await dropConnection(context);
    for (const [path, shown] of [
      ['/app/smartlist', listShown],
      ['/app/orders', orderShown],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.fromServiceWorker(), `${path} answered by the service worker`).toBe(true);
      await shown();
      await tellPageOffline(context, page);
      await expect(page.getByRole('status').filter({ hasText: BANNER })).toBeVisible();
    }
    await card.getByRole('button', { name: 'Dettagli' }).click();
    await expect(card.getByRole('table', { name: `Prodotti dell'ordine ${order.number}` })).toBeVisible();

    await context.setOffline(false);
    await page.reload();
    await orderShown();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Il tuo profilo/ })
      .click();
    await page.getByRole('dialog', { name: 'Il tuo profilo' }).getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL((url) => url.pathname === '/app/');
    await page.waitForLoadState('load');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi' })).toBeVisible();
    expect(
      await page.evaluate(() =>
        ['spesa.lastLists', 'spesa.lastOrders', 'spesa.lastOrder', 'spesa.lastCart'].filter(
          (k) => localStorage.getItem(k) !== null,
        ),
      ),
      'nothing of the shopper is kept after logout',
    ).toEqual([]);
  });

  test('a new version takes over when the shopper says so, without errors', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    // The cookie notice is left open: the update prompt stays above it, within reach.
    await page.goto('/app/');
    await controlledByWorker(page);
    await expect(page.getByText('Nuova versione disponibile')).toHaveCount(0);
    const before = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

    // The next version of the worker. The browser fetches a worker's script itself, out of the
    // reach of page.route (and of the DevTools Fetch domain): the new version is the same script
    // at a new address, which the browser installs as a new worker of the same registration.
    const next = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register('/app/sw.js?version=2', {
        scope: '/app/',
        updateViaCache: 'none',
      });
      return (registration.installing ?? registration.waiting)?.scriptURL ?? null;
    });
    expect(next, 'a new worker is installing').toMatch(/\/app\/sw\.js\?version=2$/);
    const prompt = page.getByRole('status').filter({ hasText: 'Nuova versione disponibile' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    // The page keeps running under the old worker until then: no mixed versions.
    expect(await page.evaluate(() => navigator.serviceWorker.controller!.state)).toBe('activated');

    await page.evaluate(() => {
      const swapped = () => sessionStorage.setItem('spesa.test.swapped', '1');
      navigator.serviceWorker.addEventListener('controllerchange', swapped, { once: true });
    });
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Aggiorna' }).click();
    await reloaded;
    await controlledByWorker(page);
    expect(await page.evaluate(() => sessionStorage.getItem('spesa.test.swapped'))).toBe('1');
    expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(next);
    expect(before).not.toBe(next);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('signing in offline is refused with the same message', async ({ page, context }) => {
    await page.goto('/app/');
    await controlledByWorker(page);
    await dropConnection(context);
    await tellPageOffline(context, page);
    const panel = page.getByRole('dialog', { name: 'Accedi' });
    await expect(async () => {
      if (!(await panel.isVisible())) await page.getByRole('banner').getByRole('button', { name: 'Accedi' }).click();
      await expect(panel).toBeVisible({ timeout: 2000 });
    }).toPass();
    await panel.getByLabel('Username (e-mail)').fill('anna.rossi@example.it');
    await panel.getByLabel('Password').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Accedi' }).click();
    await expect(panel.getByRole('alert')).toHaveText(REFUSED);
  });

  test('no API answer is ever cached, and none is left after logout', async ({ page, request }, info) => {
    const email = uniqueEmail(info, 'offline-logout');
    const shopper = await signedUpShopper(request, email);
    // With a cart, its page stays the cart page (without one it leads to the new-cart form).
    expect(
      (await apiCall(request, shopper, '/cli/ecommerce/cart/open', { storeId: 1109, deliveryMode: 'IN_STORE' }))
        .responseCode,
    ).toBe(0);
    await page.addInitScript(() => localStorage.setItem('spesa.cookieAcceptedAt', new Date().toISOString()));
    await page.goto('/app/');
    await controlledByWorker(page);
    await logInThroughPanel(page, email, PASSWORD);
    // The session travels in its HttpOnly cookie (decision 027): allHeaders() shows it, headers() does not.
    const authorized: string[] = [];
    page.on('request', async (r) => {
      const cookie = (await r.allHeaders().catch(() => ({}) as Record<string, string>))['cookie'] ?? '';
      if (cookie.includes('spesa_session=')) authorized.push(new URL(r.url()).pathname);
    });
    for (const path of ['/app/cart', '/app/profile', '/app/favorites']) {
      await page.goto(path);
      await saved(page, path);
    }
    expect(
      authorized.some((p) => p.startsWith('/cli/')),
      'the pages asked the API as the shopper',
    ).toBe(true);
    const whileLoggedIn = await cachedUrls(page);
    expect(whileLoggedIn.length, 'the worker caches pages and the shell').toBeGreaterThan(0);
    expect(whileLoggedIn.filter((u) => new URL(u).pathname.startsWith('/cli/'))).toEqual([]);

    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Il tuo profilo/ })
      .click();
    await page.getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL((url) => url.pathname === '/app/');
    await page.waitForLoadState('load');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi' })).toBeVisible();
    expect((await cachedUrls(page)).filter((u) => new URL(u).pathname.startsWith('/cli/'))).toEqual([]);
  });

  test('the shop is installable: its manifest, icons and worker', async ({ playwright }, info) => {
    // Chromium never offers to install from an incognito profile, which a test's
    // context is: a profile on disk, as a shopper's browser has.
    const profile = await mkdtemp(join(tmpdir(), 'spesa-install-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...info.project.use.launchOptions,
      ...(info.project.use.baseURL ? { baseURL: info.project.use.baseURL } : {}),
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/app/');
      await controlledByWorker(page);
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(new URL(manifest.url).pathname).toBe('/app/manifest.webmanifest');
      expect(manifest.errors).toEqual([]);
      const data = JSON.parse(manifest.data!) as Record<string, unknown> & {
        icons: { sizes: string; purpose?: string }[];
      };
      expect(data).toMatchObject({
        name: 'Spesa online',
        short_name: 'Spesa',
        lang: 'it',
        start_url: '/app/',
        scope: '/app/',
        display: 'standalone',
        theme_color: '#a8420a',
      });
      expect(data.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#a8420a');
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });
});
