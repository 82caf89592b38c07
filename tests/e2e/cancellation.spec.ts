// When an order can be cancelled, as the shop does it and as its texts say
// (docs/product.md §4: TO_BE_PREPARED and PAYMENT_PENDING allow abort), and what an order
// the store cancelled before preparing it shows (docs/product.md §4 rows by status).
import { expect, test } from '@playwright/test';
import { bookedOrder, logIn, signedUpShopper, uniqueEmail } from './checkout.helpers.ts';

const OPERATOR = { username: 'operatore.1109@spesaonline.local', password: 'Operatore-2026' }; // README, Store staff

test('the FAQ and the terms say an order is cancelled from the orders page while it waits to be prepared or paid', async ({
  page,
}) => {
  await page.goto('/app/faq');
  await page.getByText('Posso annullare un ordine?').click();
  const answer = page.locator('details').filter({ hasText: 'Posso annullare un ordine?' });
  await expect(answer).toContainText("Sì, finché l'ordine è «Da preparare» o «In attesa di pagamento»");
  await expect(answer).toContainText(
    "Quando il punto vendita ha iniziato a preparare la spesa l'ordine non si può più annullare dal sito",
  );
  await expect(answer.getByRole('link', { name: 'tuoi ordini' })).toHaveAttribute('href', /\/app\/profile\/orders$/);
  await expect(page.getByText("fino all'emissione dello scontrino")).toHaveCount(0);

  await page.goto('/app/termsandcondition');
  await expect(page.getByRole('listitem').filter({ hasText: 'Il cliente può annullare' })).toHaveText(
    /Il cliente può annullare l'ordine dalla pagina dei propri ordini finché è «Da preparare» o «In attesa di pagamento»; iniziata la preparazione non può più\s+annullarlo dal sito\./,
  );
  await expect(page.getByText("fino all'emissione dello scontrino")).toHaveCount(0);
});

test('an order the store cancelled before preparing it shows the ordered products', async ({ page, request }, info) => {
  test.setTimeout(90_000);
  const shopper = await signedUpShopper(request, uniqueEmail(info, 'annullatonegozio'));
  const { orderId, number } = await bookedOrder(request, shopper);
  const ordered = (await (
    await request.get(`/cli/ecommerce/orders/${orderId}/fetch`, { headers: { Authorization: `Bearer ${shopper.jwt}` } })
  ).json()) as {
    data: { cart: { items: { description: string }[] } };
  };
  const staff = (await (await request.post('/cli/profiles/login', { data: OPERATOR })).json()) as {
    data: { jwt: string };
  };
  const cancelled = await request.post(`/cli/ops/orders/${orderId}/status`, {
    headers: { Authorization: `Bearer ${staff.data.jwt}` },
    data: { status: 'CANCELLED' },
  });
  expect(((await cancelled.json()) as { responseCode: number }).responseCode).toBe(0);
  await logIn(page, shopper);

  await page.goto('/app/profile/orders');
  const card = page.getByRole('article', { name: `Ordine ${number}` });
  await expect(card.getByText('Annullato dal punto vendita')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Annulla ordine' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Dettagli' }).click();
  await expect(card.getByRole('heading', { name: 'Prodotti ordinati' })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Prodotti preparati' })).toHaveCount(0);
  const rows = card.getByRole('table').getByRole('row');
  for (const item of ordered.data.cart.items)
    await expect(rows.filter({ hasText: item.description }).first()).toBeVisible();
  await page.screenshot({ path: `/tmp/shots-h1/cancelled-order-${info.project.name}.png`, fullPage: true });
});
