// Card payments in the browser journeys: orders waiting for a card
// payment made through the API, the sandbox provider's pages filled like a
// shopper would, and the checkout steps up to the summary.
import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { SANDBOX_OTP } from '../../src/shared/contract/payments.ts';
import { apiCall, confirmedByStore, readyCart, type CartAnswer, type Shopper } from './checkout.helpers.ts';

export { SANDBOX_CARDS } from '../../src/shared/contract/payments.ts';

export interface Quote {
  totalToPay: number;
  variableWeightTotal: number;
  surchargePercent: number;
  surcharge: number;
  amount: number;
}

async function anySlot(request: APIRequestContext, shopper: Shopper, cartId: number): Promise<number> {
  const days = (
    await apiCall<{ day: string; available: boolean }[]>(request, shopper, `/cli/ecommerce/slots/${cartId}/days`)
  ).data.filter((d) => d.available);
  const day = days[Math.floor(Math.random() * days.length)]!;
  const slots = (
    await apiCall<{ id: number; available: boolean }[]>(
      request,
      shopper,
      `/cli/ecommerce/slots/${cartId}?day=${day.day}`,
    )
  ).data.filter((s) => s.available);
  return slots[Math.floor(Math.random() * slots.length)]!.id;
}

/**
 * A cart booked through the API with the card (XPAY) and confirmed by the store, every row available
 * (decision 014), by a shopper with no card linked yet: within their choices, but with no card to
 * hold it on, the order waits for its payment in PAYMENT_PENDING (decision 018).
 */
export async function pendingCardOrder(
  request: APIRequestContext,
  shopper: Shopper,
): Promise<{ cart: CartAnswer; code: string; number: string; quote: Quote }> {
  const cart = await readyCart(request, shopper);
  const frozen = await apiCall<{ code: string }>(request, shopper, '/cli/ecommerce/cart/freeze', {
    cartId: cart.id,
    timeSlotId: await anySlot(request, shopper, cart.id),
    profileEmail: shopper.email,
    profileMobilePhone: '3331234567',
    firstName: 'Anna',
    lastName: 'Rossi',
    paymentMode: 'XPAY',
    invoice: false,
    enableProductsReplacement: true,
    clientWeb: true,
  });
  expect(frozen.responseCode, `freeze: ${frozen.errorMessage ?? ''}`).toBe(0);
  const orders = await apiCall<{
    data: { id: number; number: string; code: string; status: string; cart: { id: number } }[];
  }>(request, shopper, '/cli/ecommerce/orders?s=5&p=0');
  const order = orders.data.data.find((o) => o.cart.id === cart.id)!;
  // A card order is a pre-order like any other: nothing is held before the store confirms it.
  expect(order.status).toBe('TO_BE_PREPARED');
  expect(order.code).toBe(frozen.data.code);
  await confirmedByStore(request, order.id, 'PAYMENT_PENDING');
  return {
    cart,
    code: order.code,
    number: order.number,
    quote: await quoteOf(request, shopper, { orderCode: order.code }),
  };
}

export async function quoteOf(
  request: APIRequestContext,
  shopper: Shopper,
  of: { cartId: number } | { orderCode: string },
): Promise<Quote> {
  const query = 'cartId' in of ? `cartId=${of.cartId}` : `orderCode=${encodeURIComponent(of.orderCode)}`;
  const answer = await apiCall<Quote>(request, shopper, `/cli/pay/preauth/quote?${query}`);
  expect(answer.responseCode, `quote: ${answer.errorMessage ?? ''}`).toBe(0);
  return answer.data;
}

/** The provider's card form (lightbox or hosted page): number, a future expiry, a CVV, Conferma. */
export async function fillCard(frame: FrameLocator | Page, pan: string): Promise<void> {
  await frame.getByLabel('Numero carta').fill(pan);
  await frame.getByLabel('Scadenza (MM/AA)').fill('12/30');
  await frame.getByLabel('CVV').fill('123');
  await frame.getByRole('button', { name: 'Conferma' }).click();
}

/** The 3-D Secure challenge: the one-time code and Conferma. */
export async function passChallenge(frame: FrameLocator | Page): Promise<void> {
  await expect(frame.getByRole('heading', { name: 'Autenticazione 3-D Secure' })).toBeVisible();
  await frame.getByLabel('Codice OTP').fill(SANDBOX_OTP);
  await frame.getByRole('button', { name: 'Conferma' }).click();
}

const lightbox = (page: Page) => page.frameLocator('iframe[title="Associazione carta, pagina sicura del circuito"]');
export const threeDsFrame = (page: Page) => page.frameLocator('iframe[title="Pagamento sicuro 3-D Secure"]');

/** On /app/profile/payments: Associa carta, confirm, the lightbox with the card (and its challenge), until the outcome popup. */
export async function associateCard(page: Page, pan: string, options: { challenge?: boolean } = {}): Promise<void> {
  await page.getByRole('button', { name: 'Associa carta' }).click();
  await page
    .getByRole('alertdialog', { name: 'Associare una carta?' })
    .getByRole('button', { name: 'Sì, associa una carta' })
    .click();
  const frame = lightbox(page);
  await expect(frame.getByRole('heading', { name: 'XPay Sandbox' })).toBeVisible();
  await expect(frame.getByText(/Importo: 0[,.]00\s€/)).toBeVisible();
  await fillCard(frame, pan);
  if (options.challenge) await passChallenge(frame);
}

/** Day and slot, chosen at random, on /app/checkout, then «Avanti»: the data step. */
export async function checkoutToData(page: Page): Promise<void> {
  await page.goto('/app/checkout');
  const open = page.getByRole('group', { name: 'Scegli il giorno' }).locator('input:not([disabled])');
  await expect(open.first()).toBeVisible();
  await open.nth(Math.floor(Math.random() * (await open.count()))).check();
  const slots = page.getByRole('group', { name: /^Scegli la fascia oraria/ }).locator('input:not([disabled])');
  await expect(slots.first()).toBeVisible();
  await slots.nth(Math.floor(Math.random() * (await slots.count()))).check();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page).toHaveURL(/\/app\/checkout\/data\/?$/);
}

/** The data step's «Quando il punto vendita conferma l'ordine» (decision 018). */
export const orderChoices = (page: Page) =>
  page.getByRole('group', { name: "Quando il punto vendita conferma l'ordine" });
/** Its checkbox «… confermalo senza chiedermelo se il totale cambia al massimo di …». */
export const acceptChangesBox = (page: Page) =>
  orderChoices(page).getByRole('checkbox', { name: /confermalo senza chiedermelo/ });

/**
 * Day and slot on /app/checkout, then the data step with the given payment, up to the summary.
 * `acceptChanges: false` unticks «confermalo senza chiedermelo» (decision 018): then any change the
 * store makes waits for the shopper.
 */
export async function checkoutToSummary(
  page: Page,
  payment: 'Carta di credito' | 'Contanti',
  choices: { acceptChanges?: boolean } = {},
): Promise<void> {
  await checkoutToData(page);
  await page.getByRole('radio', { name: 'Sì, accetto la sostituzione' }).check();
  await page.getByRole('radio', { name: new RegExp(`^${payment}`) }).check();
  if (choices.acceptChanges === false) await acceptChangesBox(page).uncheck();
  await page.getByRole('button', { name: 'Conferma i dati' }).click();
  await expect(page).toHaveURL(/\/app\/checkout\/summary\/?$/);
}
