// The Content-Security-Policy the shop sends (no eval, only its own scripts,
// inline ones only by hash) holds on every page type shoppers and staff use:
// nothing the pages (or their payment frames) run is refused by it.
import { expect, test, type Page } from '@playwright/test';
import {
  apiCall,
  confirmedByStore,
  dearestRowUnavailable,
  logIn,
  readyCart,
  signedUpShopper,
  uniqueEmail,
} from './checkout.helpers.ts';
import { logInThroughPanel } from './cart.helpers.ts';
import { SANDBOX_CARDS, associateCard, checkoutToSummary, passChallenge, threeDsFrame } from './payments.helpers.ts';

// Chromium reports a refusal in the frame where it happened (the 3-D Secure
// frame is a document of its own): its console message reaches the page from
// any frame, the event is kept for the details.
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

async function violationsOn(page: Page, refused: string[], path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const events = await page.evaluate(() => (window as unknown as { cspEvents: string[] }).cspEvents);
  return [...events, ...refused.splice(0)];
}

async function firstLink(page: Page, prefix: string): Promise<string> {
  const href = await page.locator(`a[href^="${prefix}"]`).first().getAttribute('href');
  expect(href, `a link to ${prefix}`).toBeTruthy();
  return href!;
}

async function expectNoRefusals(page: Page, refused: string[], paths: string[]): Promise<void> {
  for (const path of paths) expect(await violationsOn(page, refused, path), path).toEqual([]);
}

// A store's seeded operator (README, Store staff).
const OPERATOR = { email: 'operatore.1109@spesaonline.local', password: 'Operatore-2026' };

test.describe('content security policy', () => {
  test.beforeEach(async ({ page }) => {
    // The orders' live stream never lets the network fall idle, which these checks wait for.
    await page.route(/\/cli\/(ecommerce|ops)\/orders\/events/, (route) => route.abort());
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspEvents: string[] }).cspEvents = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
  });

  test("the header names the inline scripts by hash and allows no 'unsafe-inline' or eval for them", async ({
    request,
  }) => {
    for (const path of ['/app/', '/app/checkout/summary', '/app/no-such-page', '/cli/stores']) {
      const csp = (await request.get(path)).headers()['content-security-policy'] ?? '';
      const scripts = csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('script-src '));
      expect(scripts, path).toBeTruthy();
      expect(scripts, path).not.toContain("'unsafe-inline'");
      expect(scripts, path).not.toContain("'unsafe-eval'");
      // A document names its inline scripts; an API answer (JSON) runs none, so it names none.
      if (path.startsWith('/cli/')) expect(scripts, path).not.toContain("'sha256-");
      else expect(scripts, path).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
      expect(csp, path).toContain("frame-ancestors 'self'");
    }
  });

  test('the catalogue, stores, information, sign-up and 404 pages run without a refused script, style or eval', async ({
    page,
  }) => {
    // Fourteen pages one after another, each to network quiet: more than one page's time.
    test.slow();
    const refused = watchRefusals(page);
    expect(await violationsOn(page, refused, '/app/'), 'home').toEqual([]);
    const category = await firstLink(page, '/app/category/');
    const product = await firstLink(page, '/app/product/');
    const banner = await firstLink(page, '/app/banners/').catch(() => '/app/banners/1/products');
    await expectNoRefusals(page, refused, [category, product, banner, '/app/search?q=latte']);
    // The store locator draws its map (at once from desktop width; tiles from the configured server) and the store's own page.
    expect(await violationsOn(page, refused, '/app/stores'), 'stores').toEqual([]);
    const store = await firstLink(page, '/app/stores/1');
    await expectNoRefusals(page, refused, [
      store,
      '/app/faq',
      '/app/termsandcondition',
      '/app/privacy',
      '/app/accessibilita',
      '/app/signup',
      '/app/reset',
      '/app/reset/password?token=x',
      '/app/no-such-page',
    ]);
  });

  test("a signed-in shopper's cart, checkout, profile and card pages run without a refused script, style or eval", async ({
    page,
    request,
  }, info) => {
    // Sixteen pages one after another, each to network quiet: more than one page's time.
    test.slow();
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'csp'));
    await readyCart(request, shopper);
    const refused = watchRefusals(page);
    await logIn(page, shopper);
    await expectNoRefusals(page, refused, [
      '/app/cart',
      '/app/checkout',
      '/app/checkout/data',
      '/app/checkout/summary',
      '/app/checkout/confirm',
      '/app/profile',
      '/app/profile/addresses',
      '/app/profile/billing',
      '/app/profile/orders',
      '/app/profile/password',
      '/app/profile/smartlists',
      '/app/profile/payments',
      '/app/payments',
      '/app/payments/boarding',
      '/app/orders',
      '/app/favorites',
    ]);
  });

  test('the card lightbox and the 3-D Secure frame of a card payment run without a refused script', async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'cspcarta'));
    await readyCart(request, shopper);
    const refused = watchRefusals(page);
    await logIn(page, shopper);
    await page.goto('/app/profile/payments');
    await associateCard(page, SANDBOX_CARDS.challenge, { challenge: true });
    await expect(page.getByRole('alertdialog', { name: 'Associazione avvenuta correttamente!' })).toBeVisible();
    // Booked asking to be asked about any change (decision 018), so that the store's confirmation with
    // a row missing waits for «Paga ora» and its 3-D Secure frame instead of holding the card by itself.
    await checkoutToSummary(page, 'Carta di credito', { acceptChanges: false });
    await page.getByRole('button', { name: 'Ordine con obbligo di pagamento' }).click();
    // A pre-order: the card is held once the store confirms it (decision 014), from the orders page.
    await expect(page).toHaveURL(/\/app\/checkout\/confirm\/?$/);
    const number = (await page.getByTestId('order-number').textContent())!;
    const booked = (
      await apiCall<{ data: { id: number; number: string }[] }>(request, shopper, '/cli/ecommerce/orders?s=5&p=0')
    ).data.data.find((o) => o.number === number)!;
    const missing = await dearestRowUnavailable(request, shopper, booked.id, { pieces: true });
    await confirmedByStore(request, booked.id, 'PAYMENT_PENDING', missing.rows);
    await page.goto('/app/profile/orders');
    await page
      .getByRole('article', { name: `Ordine ${number}` })
      .getByRole('button', { name: 'Paga ora' })
      .click();
    // The frame's page posts the payment form on by an inline script: refused, it would stay blank.
    await passChallenge(threeDsFrame(page));
    await expect(page).toHaveURL(/\/app\/checkout\/confirm\?orderCode=/);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspEvents: string[] }).cspEvents)).toEqual([]);
    expect(refused).toEqual([]);
  });

  test('the staff page runs without a refused script, for the store operator too', async ({ page }) => {
    const refused = watchRefusals(page);
    expect(await violationsOn(page, refused, '/app/staff'), 'staff, signed out').toEqual([]);
    await logInThroughPanel(page, OPERATOR.email, OPERATOR.password);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspEvents: string[] }).cspEvents)).toEqual([]);
    expect(refused).toEqual([]);
  });
});
