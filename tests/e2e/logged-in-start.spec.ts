// A logged-in shopper opens the cart page with only their session kept (no
// cart summary from an earlier page): the header's first slot and the cart's
// rows appear, and the page asks the server for the cart and the first slot
// once each, as it starts (docs/product.md §2 Header, /cart), not again when its islands
// and the session refresh arrive.
import { expect, test } from '@playwright/test';
import { loggedInWithCart, uniqueEmail } from './cart.helpers.ts';

test('the cart page shows the first slot and the rows, asking for each once', async ({ page, request }, info) => {
  const { chosen } = await loggedInWithCart(page, request, uniqueEmail(info, 'start'));
  const asked = { cart: 0, slot: 0 };
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/cli/ecommerce/cart/current') asked.cart += 1;
    if (path === '/cli/ecommerce/slots/first/available') asked.slot += 1;
  });

  await page.goto('/app/cart');
  await expect(page.getByRole('banner').getByText(/Prima disponibilità:/)).toBeVisible();
  const rows = page.locator('.cart-rows > li');
  await expect(rows).toHaveCount(chosen.length);
  for (const product of chosen) await expect(rows.getByRole('link', { name: product.description })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual({ cart: 1, slot: 1 });
});
