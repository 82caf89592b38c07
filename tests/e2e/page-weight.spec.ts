// A shopper on a slow phone opens the catalogue: home, a category and a
// product arrive with at most 60 kB (gzip) of JavaScript and no React until
// they touch something, and the header shows their name, cart total, store
// and first slot from what the browser kept, without React and without
// asking the server.
import { expect, test, type Page } from '@playwright/test';
import { categories, products } from './catalogue.helpers.ts';

const BUDGET_BYTES = 60 * 1024;

interface Loaded {
  scripts: { url: string; bytes: number }[];
}

/** Opens a page and records every script it loads until the network is quiet, with no interaction. */
async function openUntouched(page: Page, path: string): Promise<Loaded> {
  const pending: Promise<{ url: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    // The body as it crossed the wire (gzip from the shop's server).
    pending.push(request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize })));
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  // Islands waiting for an idle moment would load now.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))));
  await page.waitForLoadState('networkidle');
  return { scripts: await Promise.all(pending) };
}

/** The script that hydrates React islands (Astro's renderer), as the page names it. */
const reactRenderer = (page: Page) => page.locator('astro-island[renderer-url]').first().getAttribute('renderer-url');

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

test.describe('page weight before any interaction', () => {
  test('home, a category and a product load at most 60 kB of JavaScript and no React', async ({ page, request }) => {
    const [category] = await categories(request);
    const [product] = (await products(request, 's=1')).data;
    for (const path of ['/app/', `/app/category/${category!.slug}`, `/app/product/${product!.barcode}`]) {
      const { scripts } = await openUntouched(page, path);
      const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
      const list = scripts.map((s) => `${new URL(s.url).pathname} ${kB(s.bytes)}`).join(', ');
      expect(total, `${path}: ${kB(total)} of JavaScript (${list})`).toBeLessThanOrEqual(BUDGET_BYTES);
      const renderer = await reactRenderer(page);
      expect(renderer, `${path} has islands`).toBeTruthy();
      expect(
        scripts.map((s) => new URL(s.url).pathname),
        `${path} loads no React before interaction`,
      ).not.toContain(renderer);
    }
  });

  test("the header shows a shopper's name, cart total, store and first slot from storage, without React", async ({
    page,
  }) => {
    const slotStart = new Date(Date.now() + 2 * 24 * 3600_000);
    slotStart.setUTCHours(8, 0, 0, 0);
    const slotEnd = new Date(slotStart.getTime() + 2 * 3600_000);
    await page.addInitScript(
      ({ from, to }) => {
        localStorage.setItem(
          'spesa.user',
          JSON.stringify({ role: 'CUSTOMER', profile: { firstName: 'Maria', lastName: 'Rossi' } }),
        );
        localStorage.setItem(
          'spesa.cartSummary',
          JSON.stringify({
            summary: {
              netTotal: 12.34,
              itemsCount: 3,
              storeDescription: 'Ritiro in negozio · Superstore Bari Japigia',
            },
            slot: { weekDay: 1, validFrom: from, validTo: to },
          }),
        );
        localStorage.setItem('spesa.cookieAcceptedAt', new Date().toISOString());
      },
      { from: slotStart.toISOString(), to: slotEnd.toISOString() },
    );
    // The server is out of reach and React cannot load (a shopper's cards would hydrate in view):
    // whatever the header shows comes from the browser's storage, drawn without React.
    await page.route('**/cli/**', (route) => route.abort());
    const html = await (await page.request.get('/app/')).text();
    const renderer = /renderer-url="([^"]+)"/.exec(html)?.[1];
    expect(renderer, 'the page names its React renderer').toBeTruthy();
    await page.route(`**${renderer}`, (route) => route.abort());
    await openUntouched(page, '/app/');

    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Il tuo profilo: Maria' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Carrello, totale 12,34 €, 3 prodotti' })).toBeVisible();
    await expect(header.getByText('Ritiro in negozio · Superstore Bari Japigia')).toBeVisible();
    await expect(header.getByText(/Prima disponibilità:/)).toBeVisible();
    await expect(header.locator('[data-header="slot"] strong')).toHaveText(/\d{2}:\d{2}–\d{2}:\d{2}$/);
  });

  test('the first click on a card that has not loaded yet opens the login panel', async ({ page, request }) => {
    const [category] = await categories(request);
    await page.addInitScript(() => localStorage.setItem('spesa.cookieAcceptedAt', new Date().toISOString()));
    await page.goto(`/app/category/${category!.slug}`, { waitUntil: 'networkidle' });
    // Nothing hydrated yet: the click itself brings the island and is replayed.
    await page
      .locator('.product-card')
      .first()
      .getByRole('button', { name: /^Aggiungi/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Accedi' })).toBeVisible();
  });
});
