// The smoke journey of the production recipe (npm run test:deploy, docs/deploy.md
// "The recipe in CI"), in Chromium through nginx's port only: the site's pages
// come from nginx with the headers the build wrote (the CSP with the pages'
// sha256 hashes), not from Node; the API calls go through nginx to the two
// start:prod processes. A shopper browses home, a category and a product, logs
// in, creates a cart and adds the product; the API processes are restarted
// (SIGHUP to the primary) while the shopper's calls go on, none failing, and the cart is still there; the shopper books a slot
// and reads the confirmation. No page error and no console error on the way.
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Response } from '@playwright/test';
import { driveStore, logInThroughPanel, storeProducts, type ShopProduct } from '../e2e/cart.helpers.ts';
import { categories } from '../e2e/catalogue.helpers.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: this journey runs inside npm run test:deploy`);
  return value;
};

/** The page came from nginx's disk with the build's headers, not through the API processes. */
function expectFromNginx(response: Response | null, what: string): void {
  expect(response, `${what}: a response`).not.toBeNull();
  const headers = response!.headers();
  expect(response!.status(), `${what}: status`).toBe(200);
  expect(headers['server'], `${what}: Server header`).toMatch(/^nginx/);
  // Every answer of the Node server carries its request id (request-log.ts).
  expect(headers['x-request-id'], `${what}: X-Request-Id (set by Node only)`).toBeUndefined();
  expect(headers['content-security-policy'], `${what}: CSP`).toMatch(/script-src [^;]*'sha256-[A-Za-z0-9+/]+=*'/);
  expect(headers['content-security-policy'], `${what}: CSP`).toMatch(/style-src [^;]*'sha256-[A-Za-z0-9+/]+=*'/);
  expect(headers['cache-control'], `${what}: Cache-Control`).toBe('public, max-age=0, must-revalidate');
  const policy = headers['content-security-policy']!;
  const hashes = policy.match(/'sha256-/g)?.length ?? 0;
  say(
    `${what} ${new URL(response!.url()).pathname}: ${response!.status()}, Server: ${headers['server']}, no X-Request-Id`,
  );
  // The whole policy once (the home page), then its length: the lane's output shows the header nginx sent.
  say(`  Content-Security-Policy (${hashes} sha256 hashes): ${what === 'home' ? policy : `${policy.slice(0, 80)}…`}`);
}

/** A line of the lane's output (the list reporter prints a test's output as it comes). */
const say = (line: string) => console.log(`[journey] ${line}`);

/** A product of the category's first page the shopper can buy enough of to pass the 25 € minimum. */
function chosenProduct(inCategory: string[], sold: ShopProduct[]): { product: ShopProduct; amount: number } {
  for (const product of sold.filter((p) => inCategory.includes(p.barcode))) {
    if (product.um !== 'PZ' || /acqua/i.test(product.description) || product.netPrice < 2) continue;
    const amount = Math.ceil(30 / product.netPrice);
    if (amount <= (product.maxAmount ?? 30)) return { product, amount };
  }
  throw new Error('The category has no product sold by the piece to fill a cart above the minimum with');
}

async function untilLogged(file: string, text: string, timeoutMs: number): Promise<void> {
  await expect
    .poll(() => readFileSync(file, 'utf8').includes(text), { message: `"${text}" in ${file}`, timeout: timeoutMs })
    .toBe(true);
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

test('browse, log in, add to cart, the API processes restarted, the cart still there, book', async ({
  page,
  request,
}) => {
  const shopLog = env('DEPLOY_SHOP_LOG');
  const primary = Number(env('DEPLOY_PRIMARY_PID'));
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url})`);
  });

  // Home: from nginx, with the build's CSP.
  const home = await page.goto('/app/');
  expectFromNginx(home, 'home');
  await page.getByRole('region', { name: 'Informativa sui cookie' }).getByRole('button', { name: 'Ho capito' }).click();

  // A category, through the category tree.
  const [category] = await categories(request);
  const categoryPage = page.waitForResponse((r) => r.request().isNavigationRequest() && r.url().includes('/category/'));
  await page.locator('.category-tree-nav').getByRole('link', { name: category!.description, exact: true }).click();
  expectFromNginx(await categoryPage, 'category');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(category!.description);

  // A product of that category, from its card.
  const listed = (await (
    await request.get(`/cli/ecommerce/products/1109/?category=${category!.id}&s=24&p=0`)
  ).json()) as { data: { data: { barcode: string }[] } };
  const { product, amount } = chosenProduct(
    listed.data.data.map((p) => p.barcode),
    await storeProducts(request, 1109),
  );
  const productPage = page.waitForResponse(
    (r) => r.request().isNavigationRequest() && r.url().includes(`/product/${product.barcode}`),
  );
  await page
    .locator('.listing .product-card')
    .filter({ hasText: product.description })
    .getByRole('link', { name: product.description })
    .first()
    .click();
  expectFromNginx(await productPage, 'product');
  await expect(page.getByRole('heading', { level: 1, name: product.description })).toBeVisible();

  // Log in as the demo shopper, through the header's panel.
  await logInThroughPanel(page, env('DEPLOY_EMAIL'), env('DEPLOY_PASSWORD'));
  say(`logged in as ${env('DEPLOY_EMAIL')} through the header's panel`);

  // A drive cart at the store, then the product in it.
  const store = await driveStore(request);
  await page.goto('/app/cart');
  await expect(page).toHaveURL(/\/app\/cart\/create\/?$/);
  await page.getByRole('radio', { name: /Ritiro drive/ }).check();
  await page.getByRole('radio', { name: new RegExp(store.name) }).check();
  await page.getByRole('button', { name: 'Crea il carrello' }).click();
  await expect(page).toHaveURL(/\/app\/?$/);
  await page.goto(`/app/product/${product.barcode}`);
  const buy = page.getByRole('group', { name: `Quantità di ${product.description}` });
  await expect(buy.locator('output')).toHaveText('1 pz');
  for (let n = 1; n < amount; n++) await buy.getByRole('button', { name: 'Aumenta quantità' }).click();
  await expect(buy.locator('output')).toHaveText(`${amount} pz`);
  await page.getByRole('button', { name: /^Aggiungi/ }).click();
  await expect(toast(page, `Hai ${amount} pz ${product.description} nel carrello`)).toBeVisible();
  say(`drive cart at ${store.name}: ${amount} pz ${product.description}`);

  // The rolling restart (docs/deploy.md §2): a new process, then the old one stopped, one at a time.
  expect(readFileSync(shopLog, 'utf8')).not.toContain('All API processes restarted');
  // While the processes are replaced the shopper's calls go on through nginx, reads and writes:
  // not one may fail (a 502 from nginx, a refused connection, an error answer).
  // The browser's session cookie (HttpOnly: read through the browser's own cookie store, decision 027).
  const session = (await page.context().cookies()).find((c) => c.name.endsWith('spesa_session'))!;
  const headers = { Cookie: `${session.name}=${session.value}`, Origin: new URL(page.url()).origin };
  const cartId = (
    (await (await request.get('/cli/ecommerce/cart/current', { headers })).json()) as { data: { id: number } }
  ).data.id;
  let restarting = true;
  const failures: string[] = [];
  let calls = 0;
  const keepCalling = (async () => {
    while (restarting) {
      for (const call of [
        () => request.get('/cli/ecommerce/cart/current', { headers }),
        () =>
          request.post('/cli/ecommerce/cart/store', { headers, data: { cartId, barcode: product.barcode, amount } }),
      ]) {
        calls++;
        try {
          const answer = await call();
          const body = (await answer.json().catch(() => ({}))) as { responseCode?: number };
          if (answer.status() !== 200 || body.responseCode !== 0)
            failures.push(`${answer.url()}: ${answer.status()} ${JSON.stringify(body).slice(0, 120)}`);
        } catch (error) {
          failures.push(`${(error as Error).message.split('\n')[0]}`);
        }
      }
    }
  })();
  say(`SIGHUP to the start:prod primary (pid ${primary})`);
  process.kill(primary, 'SIGHUP');
  await untilLogged(shopLog, 'All API processes restarted', 60_000);
  restarting = false;
  await keepCalling;
  say(
    `"All API processes restarted"; ${calls} calls of the shopper through nginx meanwhile, ${failures.length} failed`,
  );
  expect(failures, 'calls during the rolling restart').toEqual([]);
  expect(readFileSync(shopLog, 'utf8').split('stopped cleanly').length - 1, 'old processes stopped').toBe(2);

  // The cart is still there, served by the new processes.
  await page.goto('/app/cart');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: product.description }) });
  await expect(row.locator('output')).toHaveText(`${amount} pz`);
  say(`the cart after the restart: ${amount} pz ${product.description}`);
  await page.getByRole('button', { name: 'Prenota', exact: true }).click();

  // Day and slot, data, summary, booking.
  await expect(page).toHaveURL(/\/app\/checkout\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Scegli giorno e fascia oraria' })).toBeVisible();
  await page.getByRole('group', { name: 'Scegli il giorno' }).locator('input:not([disabled])').first().check();
  const slots = page.getByRole('group', { name: /^Scegli la fascia oraria/ }).locator('input:not([disabled])');
  await expect(slots.first()).toBeVisible();
  await slots.first().check();
  await expect(page.getByText(/Hai scelto:/)).toBeVisible();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page).toHaveURL(/\/app\/checkout\/data\/?$/);
  await page.getByRole('radio', { name: 'No, nessuna sostituzione' }).check();
  // A drive order is paid at the pick-up by card reader; card payments online are off here (ENABLED_PAYMENTS).
  await expect(page.getByRole('group', { name: 'Modalità di pagamento' }).getByRole('radio')).toHaveCount(1);
  await page.getByRole('radio', { name: 'Bancomat' }).check();
  await page.getByRole('button', { name: 'Conferma i dati' }).click();
  await expect(page).toHaveURL(/\/app\/checkout\/summary\/?$/);
  await page.getByRole('button', { name: 'Ordine con obbligo di pagamento' }).click();
  await expect(page).toHaveURL(/\/app\/checkout\/confirm\/?$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Grazie, il tuo pre-ordine è inviato al punto vendita!' }),
  ).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(/^W\d{8}$/);
  say(
    `booked: "Grazie, il tuo pre-ordine è inviato al punto vendita!", order ${await page.getByTestId('order-number').textContent()}`,
  );

  expect(problems, 'page and console errors').toEqual([]);
});
