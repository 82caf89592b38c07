// A shopper's profile deletion request is listed for store staff on /app/staff
// with its 48-hour deadline (docs/product.md §2, §9; README, Store staff), and staff carry
// it out or close it with a reason (docs/decisions/006-profile-deletion.md).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCall, logIn, PASSWORD, signedUpShopper, uniqueEmail } from './cart.helpers.ts';

test("store staff see a shopper's pending profile deletion request with its deadline", async ({
  page,
  request,
}, info) => {
  const shopper = await signedUpShopper(request, uniqueEmail(info, 'eliminami'));
  expect((await apiCall(request, shopper, '/cli/profiles/deleteRequest', {})).responseCode).toBe(0);
  const staff = (await (
    await request.post('/cli/profiles/login', {
      data: { username: 'operatore.1110@spesaonline.local', password: 'Operatore-2026' },
    })
  ).json()) as {
    data: { jwt: string; profile: Record<string, unknown>; role: 'CUSTOMER' | 'OPERATOR' };
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

async function staffPage(page: Page, request: APIRequestContext) {
  const staff = (await (
    await request.post('/cli/profiles/login', {
      data: { username: 'operatore.1110@spesaonline.local', password: 'Operatore-2026' },
    })
  ).json()) as {
    data: { jwt: string; profile: Record<string, unknown>; role: 'CUSTOMER' | 'OPERATOR' };
  };
  await logIn(page, { email: 'operatore.1110@spesaonline.local', ...staff.data });
  await page.goto('/app/staff');
  return page.getByRole('region', { name: 'Richieste di eliminazione del profilo' });
}

test("store staff delete a requested profile after confirming; the shopper's credentials no longer log in", async ({
  page,
  browser,
  request,
}, info) => {
  const shopper = await signedUpShopper(request, uniqueEmail(info, 'cancellami'));
  expect((await apiCall(request, shopper, '/cli/profiles/deleteRequest', {})).responseCode).toBe(0);
  const section = await staffPage(page, request);
  const entry = section.getByRole('listitem').filter({ hasText: shopper.email });
  await entry.getByRole('button', { name: 'Elimina il profilo' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Eliminare il profilo di Anna Rossi?' });
  await expect(dialog).toContainText(shopper.email);
  await expect(dialog).toContainText("L'operazione non si può annullare.");
  await page.screenshot({ path: `/tmp/shots-h6/staff-delete-dialog-${info.project.name}.png` });
  // Annulla changes nothing.
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await expect(dialog).toBeHidden();
  await expect(entry).toBeVisible();
  await entry.getByRole('button', { name: 'Elimina il profilo' }).click();
  await dialog.getByRole('button', { name: 'Sì, elimina il profilo' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Profilo di Anna Rossi eliminato.')).toBeVisible();
  await expect(entry).toHaveCount(0);
  await page.screenshot({ path: `/tmp/shots-h6/staff-deleted-${info.project.name}.png` });

  // The shopper, in their own browser, can no longer log in with the old credentials.
  const { baseURL, viewport, isMobile, hasTouch } = info.project.use;
  const context = await browser.newContext(
    Object.fromEntries(Object.entries({ baseURL, viewport, isMobile, hasTouch }).filter(([, v]) => v !== undefined)),
  );
  const own = await context.newPage();
  await own.addInitScript(() => localStorage.setItem('spesa.cookieAcceptedAt', new Date().toISOString()));
  await own.goto('/app/');
  const panel = own.getByRole('dialog', { name: 'Accedi' });
  await expect(async () => {
    if (!(await panel.isVisible())) await own.getByRole('banner').getByRole('button', { name: 'Accedi' }).click();
    await expect(panel).toBeVisible({ timeout: 2000 });
  }).toPass();
  await panel.getByLabel('Username (e-mail)').fill(shopper.email);
  await panel.getByLabel('Password').fill(PASSWORD);
  await panel.getByRole('button', { name: 'Accedi' }).click();
  await expect(panel.getByText('Credenziali errate')).toBeVisible();
  await own.screenshot({ path: `/tmp/shots-h6/deleted-login-${info.project.name}.png` });
  await context.close();
});

test('store staff close a request that cannot be carried out, with the reason the shopper receives', async ({
  page,
  request,
}, info) => {
  const shopper = await signedUpShopper(request, uniqueEmail(info, 'nonancora'));
  expect((await apiCall(request, shopper, '/cli/profiles/deleteRequest', {})).responseCode).toBe(0);
  const section = await staffPage(page, request);
  const entry = section.getByRole('listitem').filter({ hasText: shopper.email });
  await entry.getByRole('button', { name: 'Chiudi la richiesta' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Chiudere la richiesta di Anna Rossi?' });
  const reason = dialog.getByLabel('Motivo per il cliente');
  await dialog.getByRole('button', { name: 'Chiudi la richiesta' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Indica il motivo (almeno 5 caratteri).');
  await reason.fill('Risulta un reso ancora da rimborsare: passa da un punto vendita.');
  await page.screenshot({ path: `/tmp/shots-h6/staff-close-dialog-${info.project.name}.png` });
  await dialog.getByRole('button', { name: 'Chiudi la richiesta' }).click();
  await expect(dialog).toBeHidden();
  await expect(entry).toHaveCount(0);
  const outbox = (await (await request.get(`/dev/outbox?to=${encodeURIComponent(shopper.email)}`)).json()) as {
    messages: { subject: string; text: string }[];
  };
  expect(
    outbox.messages.find((m) => m.subject === 'La tua richiesta di eliminazione del profilo non è stata eseguita')!
      .text,
  ).toContain('Motivo: Risulta un reso ancora da rimborsare: passa da un punto vendita.');
  // The profile still works.
  expect((await apiCall(request, shopper, '/cli/profiles/login')).responseCode).toBe(0);
});
