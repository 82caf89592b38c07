// A logged-in shopper's cart, checkout and profile are on screen before React
// has arrived (a slow phone network: the page's data comes before the islands'
// code): drawn from the early answers and the stored profile, greyed where
// they cannot act yet, and the same once the island takes over — nothing
// moves, and the buttons and fields then work.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { loggedInWithCart, logIn, signedUpShopper, uniqueEmail } from './cart.helpers.ts';
import { readyCart } from './checkout.helpers.ts';

/** Holds React's file until release() is called, as a slow network would. */
async function holdReact(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_astro\/react\.[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

// Enough to be above the minimum order, so the checkout shows its first step.
const shopperWithCart = (page: Page, request: APIRequestContext, email: string) =>
  loggedInWithCart(page, request, email, (p) => p.netPrice >= 2 && (p.maxAmount ?? 30) >= 10);

const boxOf = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox()) ?? null;

test('the cart shows its rows before React arrives, greyed, and the same rows working once it has', async ({
  page,
  request,
}, info) => {
  const { chosen } = await shopperWithCart(page, request, uniqueEmail(info, 'first-cart'));
  const react = await holdReact(page);
  await page.goto('/app/cart');

  const rows = page.locator('.cart-rows > li');
  await expect(rows).toHaveCount(chosen.length);
  for (const product of chosen) await expect(rows.getByRole('link', { name: product.description })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prenota', exact: true })).toBeDisabled();
  await expect(rows.first().getByRole('button', { name: 'Aumenta quantità' })).toBeDisabled();
  const before = await boxOf(page, '.cart-rows > li');

  react.release();
  await expect(page.locator('[data-first-view]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Prenota', exact: true })).toBeEnabled();
  await expect(rows).toHaveCount(chosen.length);
  await expect(rows.first().getByRole('button', { name: 'Aumenta quantità' })).toBeEnabled();
  expect(await boxOf(page, '.cart-rows > li')).toEqual(before);
});

test('the checkout shows its first step before React arrives, and the same step working once it has', async ({
  page,
  request,
}, info) => {
  const shopper = await signedUpShopper(request, uniqueEmail(info, 'first-checkout'));
  await readyCart(request, shopper);
  await logIn(page, shopper);
  const react = await holdReact(page);
  await page.goto('/app/checkout');

  await expect(page.getByRole('navigation', { name: 'Passaggi della prenotazione' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Punto vendita:')).toBeVisible();
  await expect(page.getByText('Scegli un giorno e una fascia oraria per continuare.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Avanti' })).toBeDisabled();
  const before = await boxOf(page, '.checkout-store');

  react.release();
  await expect(page.locator('[data-first-view]')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Scegli il giorno' }).getByRole('radio').first()).toBeVisible();
  expect(await boxOf(page, '.checkout-store')).toEqual(before);
});

test('the profile shows its form filled in before React arrives, greyed, and the same form working once it has', async ({
  page,
  request,
}, info) => {
  const shopper = await signedUpShopper(request, uniqueEmail(info, 'first-profile'));
  await logIn(page, shopper);
  const react = await holdReact(page);
  await page.goto('/app/profile');

  const firstName = page.getByRole('textbox', { name: 'Nome', exact: true });
  await expect(firstName).toHaveValue(String(shopper.profile['firstName']));
  await expect(firstName).toBeDisabled();
  await expect(page.getByText(`Email di accesso: ${shopper.email}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salva' })).toBeDisabled();
  const before = await boxOf(page, 'form.account-form');

  react.release();
  await expect(page.locator('[data-first-view]')).toHaveCount(0);
  await expect(firstName).toBeEnabled();
  await expect(firstName).toHaveValue(String(shopper.profile['firstName']));
  expect(await boxOf(page, 'form.account-form')).toEqual(before);
});
