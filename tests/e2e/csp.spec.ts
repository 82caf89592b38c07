// The Content-Security-Policy the shop sends (no eval, only its own scripts)
// holds on the pages shoppers use: nothing the pages run is refused by it.
import { expect, test, type Page } from '@playwright/test';
import { logIn, readyCart, signedUpShopper, uniqueEmail } from './checkout.helpers.ts';

async function violationsOn(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

test.describe('content security policy', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    });
  });

  test('home, a category, a product and search run without a refused script or eval', async ({ page }) => {
    expect(await violationsOn(page, '/app/'), 'home').toEqual([]);
    const category = (await page.locator('a[href*="/app/category/"]').first().getAttribute('href'))!;
    const product = (await page.locator('a[href*="/app/product/"]').first().getAttribute('href'))!;
    for (const path of [category, product, '/app/search?q=latte']) expect(await violationsOn(page, path), path).toEqual([]);
  });

  test("a signed-in shopper's cart, checkout and card pages run without a refused script or eval", async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'csp'));
    await readyCart(request, shopper);
    await logIn(page, shopper);
    for (const path of ['/app/cart', '/app/checkout', '/app/profile/payments']) expect(await violationsOn(page, path), path).toEqual([]);
  });
});
