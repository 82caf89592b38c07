// The store's own day in the browser (docs/product.md §6, Store staff): the operator marks a
// product of the shopper's cart unavailable from «Disponibilità dei prodotti» and the shopper's
// booking shows the 'Attenzione!' popup (4105) naming it; the pick list of a booked slot shows
// its rows by department with the shopper's substitute choice, and Chromium prints it to an
// A4 PDF; the store's day and the pick list are photographed at the project's width.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiCall, logIn, readyCart, signedUpShopper, uniqueEmail } from './checkout.helpers.ts';
import { operatorPage } from './lifecycle.helpers.ts';

interface Row {
  id: number;
  barcode: string;
  description: string;
  um: 'PZ' | 'KG';
}

test('a product the store marks unavailable gives the shopper’s booking the Attenzione! popup', async ({
  page,
  request,
  browser,
}, info) => {
  // Two sessions, a cart and a booking check on a loaded machine: Playwright's slow budget.
  test.slow();
  const shopper = await signedUpShopper(request, uniqueEmail(info, 'finito'));
  const cart = await readyCart(request, shopper);
  const gone = (cart.items as unknown as Row[]).find((i) => i.um === 'PZ')!;
  const staff = await operatorPage(browser, info);
  const shelf = staff.getByRole('region', { name: 'Disponibilità dei prodotti' });
  await shelf.getByLabel('Nome o codice a barre').fill(gone.barcode);
  await shelf.getByRole('button', { name: 'Cerca' }).click();
  await expect(shelf.getByRole('status')).toHaveText('1 prodotto');
  await shelf.getByRole('button', { name: `Segna non disponibile: ${gone.description}` }).click();
  await expect(shelf.getByRole('button', { name: `Di nuovo disponibile: ${gone.description}` })).toBeVisible();
  await expect(shelf.getByText('Non disponibile', { exact: true })).toBeVisible();
  try {
    await logIn(page, shopper);
    await page.goto('/app/cart');
    await page.getByRole('button', { name: 'Prenota', exact: true }).click();
    const popup = page.getByRole('alertdialog', { name: 'Attenzione!' });
    await expect(popup).toBeVisible();
    const row = popup.locator('.changed-item', { hasText: gone.description });
    await expect(row.getByText('Momentaneamente non disponibile')).toBeVisible();
    await expect(row.getByText('Rimosso dal carrello')).toBeVisible();
  } finally {
    // Available again for the other journeys sharing the shop.
    await shelf.getByRole('button', { name: `Di nuovo disponibile: ${gone.description}` }).click();
    await expect(shelf.getByRole('button', { name: `Segna non disponibile: ${gone.description}` })).toBeVisible();
    await staff.context().close();
  }
});

test('the pick list of a slot: rows by department, the shopper’s choice if missing, printed on A4', async ({
  request,
  browser,
}, info) => {
  test.slow();
  const shopper = await signedUpShopper(request, uniqueEmail(info, 'prelievo'));
  const cart = await readyCart(request, shopper);
  const items = cart.items as unknown as Row[];
  const similar = items[0]!;
  await apiCall(request, shopper, '/cli/ecommerce/cart/item/replacement', {
    cartId: cart.id,
    itemId: similar.id,
    mode: 'SIMILAR',
  });
  const days = (
    await apiCall<{ day: string; available: boolean }[]>(request, shopper, `/cli/ecommerce/slots/${cart.id}/days`)
  ).data.filter((d) => d.available);
  const slots = (
    await apiCall<{ id: number; available: boolean }[]>(
      request,
      shopper,
      `/cli/ecommerce/slots/${cart.id}?day=${days[0]!.day}`,
    )
  ).data.filter((s) => s.available);
  const slotId = slots[0]!.id;
  const frozen = await apiCall(request, shopper, '/cli/ecommerce/cart/freeze', {
    cartId: cart.id,
    timeSlotId: slotId,
    profileEmail: shopper.email,
    profileMobilePhone: '3331234567',
    firstName: 'Anna',
    lastName: 'Prelievo',
    paymentMode: 'CASH',
    invoice: false,
    enableProductsReplacement: true,
    clientWeb: true,
  });
  expect(frozen.responseCode, `freeze: ${frozen.errorMessage ?? ''}`).toBe(0);
  const booked = (
    await apiCall<{ data: { number: string; cart: { id: number } }[] }>(
      request,
      shopper,
      '/cli/ecommerce/orders?s=5&p=0',
    )
  ).data.data.find((o) => o.cart.id === cart.id)!;

  const staff = await operatorPage(browser, info);
  // The store's day is the staff screen's first section.
  const day = staff.getByRole('region', { name: /^La giornata del punto vendita/ });
  await expect(day.getByRole('button', { name: 'Aggiorna' })).toBeVisible();
  await expect(day.getByText(/Nessuna fascia oraria oggi|prenotati su/).first()).toBeVisible();
  await staff.screenshot({ path: info.outputPath(`store-day-${info.project.name}.png`), fullPage: false });

  await staff.goto(`/app/staff/pick-list?slot=${slotId}`);
  const list = staff.getByRole('article', { name: 'Lista di prelievo' });
  // The other project's journey may have booked the same slot: this shopper's order by its number.
  const order = list.getByRole('region', { name: `Ordine ${booked.number} · Anna Prelievo` });
  await expect(order).toBeVisible();
  const rows = order.getByRole('row');
  for (const item of items) await expect(rows.filter({ hasText: item.description })).toHaveCount(1);
  await expect(rows.filter({ hasText: similar.description }).getByText('Simile se manca')).toBeVisible();
  // Rows sit under their department's heading (the catalogue's first level).
  await expect(order.getByRole('rowheader').first()).toBeVisible();
  await staff.screenshot({ path: info.outputPath(`pick-list-${info.project.name}.png`), fullPage: true });

  // Printed by Chromium: A4, the list alone (no header, no buttons).
  await staff.emulateMedia({ media: 'print' });
  await expect(staff.locator('.site-header')).toBeHidden();
  await expect(list.getByRole('button', { name: 'Stampa' })).toBeHidden();
  await staff.screenshot({ path: info.outputPath(`pick-list-print-${info.project.name}.png`), fullPage: true });
  const pdf = info.outputPath(`pick-list-${info.project.name}.pdf`);
  await staff.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
  const bytes = await readFile(pdf);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // A4 is 595 × 842 points (Chromium writes 594.96 × 841.92).
  expect(bytes.toString('latin1')).toMatch(/\/MediaBox \[0 0 59[45](\.\d+)? 84[12](\.\d+)?\]/);
  await staff.context().close();
});
