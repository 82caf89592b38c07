// The delivery modes cart creation offers are the ones the server can take
// payment for (docs/decisions/005): this shop runs with card payments on, so
// shipping is offered and paid by card; a shop with card payments off answers
// GET /cli/ecommerce/deliveries without shipping (tests/api/delivery-modes),
// and the form then leaves shipping out.
import { expect, test } from '@playwright/test';
import { apiCall, logIn, signedUpShopper, uniqueEmail } from './cart.helpers.ts';

const bari = { address: 'Via Sparano', streetNumber: '10', city: 'Bari', county: 'BA', zip: '70121' };

test('with card payments on, a shopper creates a shipping cart, paid by card only', async ({ page, request }, info) => {
  const shopper = await signedUpShopper(request, uniqueEmail(info, 'spedisci'));
  await apiCall(request, shopper, '/cli/profiles/addresses', bari);
  await logIn(page, shopper);
  await page.goto('/app/cart/create');
  const shipping = page.getByRole('radio', { name: /^Spedizione/ });
  await expect(shipping).toBeVisible();
  await expect(page.getByText('Spediamo la spesa al tuo indirizzo. Si paga con carta online.')).toBeVisible();
  await shipping.check();
  await page.getByRole('radio', { name: /Via Sparano 10/ }).check();
  await page.getByRole('button', { name: 'Crea il carrello' }).click();
  await expect(
    page
      .getByRole('banner')
      .getByText(/Spedizione · Superstore Bari Japigia/)
      .first(),
  ).toBeVisible();
  const payments = (await (
    await request.get('/cli/ecommerce/configuration/deliveryMode/SHIPPED?storeId=1109')
  ).json()) as { data: string[] };
  expect(payments.data).toEqual(['XPAY']);
});

test('when the server offers no shipping (card payments off), cart creation does not show it', async ({
  page,
  request,
}, info) => {
  const shopper = await signedUpShopper(request, uniqueEmail(info, 'nospedizione'));
  await logIn(page, shopper);
  // The answer of a shop with ENABLED_PAYMENTS unset, as tests/api/delivery-modes.test.ts checks it.
  await page.route('**/cli/ecommerce/deliveries', (route) =>
    route.fulfill({
      json: {
        responseCode: 0,
        data: [
          { id: 'IN_STORE', description: 'Ritiro in negozio' },
          { id: 'DRIVE', description: 'Ritiro drive' },
          { id: 'AT_HOME', description: 'Consegna a domicilio' },
        ],
      },
    }),
  );
  await page.goto('/app/cart/create');
  const modes = page.getByRole('group', { name: 'Come vuoi ricevere la spesa?' }).getByRole('radio');
  await expect(modes).toHaveCount(3);
  await expect(page.getByRole('radio', { name: /^Ritiro in negozio/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Consegna a domicilio/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Spedizione/ })).toHaveCount(0);
  await page.screenshot({ path: `/tmp/shots-h1/cart-create-no-shipping-${info.project.name}.png` });
});

test('the FAQ says shipping is paid by card online and offered only while card payments are active', async ({
  page,
}) => {
  await page.goto('/app/faq');
  await page.getByText('Posso ricevere la spesa con la spedizione?').click();
  await expect(page.locator('details').filter({ hasText: 'Posso ricevere la spesa con la spedizione?' })).toContainText(
    'La spedizione si paga solo con carta online: la trovi tra le modalità di consegna quando il pagamento con carta è attivo.',
  );
});

test("a store's page lists the modes the shop can take payment for, as the server answers them", async ({
  page,
  request,
}, info) => {
  // The static store pages are built under the server's flags: here card payments are on, so shipping is listed;
  // with them off the server leaves it out of the store's modes (tests/api/delivery-modes) and so does the page.
  const labels: Record<string, string> = {
    IN_STORE: 'Ritiro in negozio',
    DRIVE: 'Ritiro Drive',
    AT_HOME: 'Consegna a domicilio',
    SHIPPED: 'Spedizione',
  };
  const offered = (
    (await (await request.get('/cli/ecommerce/deliveries')).json()) as { data: { id: string }[] }
  ).data.map((m) => m.id);
  const store = (
    (await (await request.get('/cli/stores/ecommerce/1109')).json()) as { data: { deliveryModes: string[] } }
  ).data;
  expect(store.deliveryModes.every((m) => offered.includes(m))).toBe(true);
  expect(store.deliveryModes).toContain('SHIPPED');
  await page.goto('/app/stores/1109/');
  const modes = page.getByRole('region', { name: 'Come fare la spesa' });
  await expect(modes.getByRole('listitem')).toHaveText(store.deliveryModes.map((m) => labels[m]!));
  await modes.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots-h6/store-modes-${info.project.name}.png` });
});
