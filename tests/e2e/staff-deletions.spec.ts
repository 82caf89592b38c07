// A shopper's profile deletion request is listed for store staff on /app/staff
// with its 48-hour deadline (spec §2, §9; README, Store staff).
import { expect, test } from '@playwright/test';
import { apiCall, logIn, signedUpShopper, uniqueEmail } from './cart.helpers.ts';

test("store staff see a shopper's pending profile deletion request with its deadline", async ({ page, request }, info) => {
  const shopper = await signedUpShopper(request, uniqueEmail(info, 'eliminami'));
  expect((await apiCall(request, shopper, '/cli/profiles/deleteRequest', {})).responseCode).toBe(0);
  const staff = (await (await request.post('/cli/profiles/login', { data: { username: 'operatore.1110@spesaonline.local', password: 'Operatore-2026' } })).json()) as {
    data: { jwt: string; profile: Record<string, unknown> };
  };
  await logIn(page, { email: 'operatore.1110@spesaonline.local', ...staff.data });
  await page.goto('/app/staff');
  const section = page.getByRole('region', { name: 'Richieste di eliminazione del profilo' });
  await expect(section).toContainText('Vanno gestite entro 48 ore dalla richiesta, dopo le verifiche.');
  const entry = section.getByRole('listitem').filter({ hasText: shopper.email });
  await expect(entry).toContainText('Anna Rossi');
  await expect(entry.getByText('Da gestire entro')).toBeVisible();
  await entry.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots-h1/staff-deletions-${info.project.name}.png` });
});

test('a shopper on the staff page sees no deletion requests', async ({ page, request }, info) => {
  const shopper = await signedUpShopper(request, uniqueEmail(info, 'curioso'));
  await logIn(page, shopper);
  await page.goto('/app/staff');
  await expect(page.getByText('Questa pagina è riservata al personale dei punti vendita.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Richieste di eliminazione del profilo' })).toHaveCount(0);
});
