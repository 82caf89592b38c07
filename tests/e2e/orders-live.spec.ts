// A shopper's orders page shows the store's change of an order by itself
// (docs/architecture.md §4, the live order streams): no reload, within a few
// seconds; and when the stream drops, it opens again by itself.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiCall, bookedOrder, logIn, type Shopper, signedUpShopper, uniqueEmail } from './checkout.helpers.ts';

const EVENTS = '/cli/ecommerce/orders/events';

/** The store cancels an order through its API, as its staff screen does, logged in as the seeded operator of 1109. */
async function cancelledByStore(request: APIRequestContext, orderId: number): Promise<void> {
  const login = await request.post('/cli/profiles/login', {
    data: { username: 'operatore.1109@spesaonline.local', password: 'Operatore-2026' }, // README, Store staff
  });
  const operator = ((await login.json()) as { data: Shopper }).data;
  const cancelled = await apiCall<{ status: string }>(request, operator, `/cli/ops/orders/${orderId}/status`, {
    status: 'CANCELLED',
  });
  expect(cancelled.data.status).toBe('CANCELLED');
}

test.describe('live order status', () => {
  test.setTimeout(120_000);

  test("shows the store's cancellation without a reload", async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'dalvivo'));
    const { orderId, number } = await bookedOrder(request, shopper);
    await logIn(page, shopper);
    // The stream's answer starts once the server listens: a change from then on reaches the page.
    const listening = page.waitForResponse((r) => r.url().endsWith(EVENTS) && r.status() === 200);
    await page.goto('/app/profile/orders');
    const card = page.getByRole('article', { name: `Ordine ${number}` });
    await expect(card.getByText('In attesa di conferma del punto vendita')).toBeVisible();
    await listening;
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });

    await cancelledByStore(request, orderId);
    await expect(card.getByText('Annullato dal punto vendita')).toBeVisible({ timeout: 5000 });
    await expect(card.getByRole('button', { name: 'Annulla ordine' })).toHaveCount(0);
    expect(reloaded).toBe(false);
  });

  test('opens the stream again by itself after it drops', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'riconnessione'));
    const { orderId, number } = await bookedOrder(request, shopper);
    await logIn(page, shopper);
    let attempts = 0;
    // The first stream is cut off as a dropped connection would be; the next ones go through.
    await page.route(`**${EVENTS}`, async (route) => {
      attempts++;
      if (attempts === 1) await route.abort('connectionreset');
      else await route.continue();
    });
    const reopened = page.waitForResponse((r) => r.url().endsWith(EVENTS) && r.status() === 200);
    await page.goto('/app/profile/orders');
    const card = page.getByRole('article', { name: `Ordine ${number}` });
    await expect(card.getByText('In attesa di conferma del punto vendita')).toBeVisible();
    await reopened;
    expect(attempts).toBe(2);

    await cancelledByStore(request, orderId);
    // Well within the 20 s of the fallback polling: the reopened stream brought it.
    await expect(card.getByText('Annullato dal punto vendita')).toBeVisible({ timeout: 5000 });
  });
});
