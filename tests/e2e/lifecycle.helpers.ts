// The order lifecycle seen from both sides (decisions 014, 018): the store's operator on a page of
// their own, the facts of an order's card, its deadline as the pages write it, the shopper's mail,
// and screenshots of one element at the phone's width.
import { type Browser, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { logInThroughPanel } from './cart.helpers.ts';

/** The seeded operator of the default store 1109 (README, Store staff). */
const OPERATOR = { email: 'operatore.1109@spesaonline.local', password: 'Operatore-2026' };

/** A page of its own for the store's operator (its own session), the size of the test's project. */
export async function operatorPage(browser: Browser, info: TestInfo): Promise<Page> {
  const { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId } = info.project.use;
  const context = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    ...(viewport ? { viewport } : {}),
    ...(deviceScaleFactor ? { deviceScaleFactor } : {}),
    ...(isMobile ? { isMobile } : {}),
    ...(hasTouch ? { hasTouch } : {}),
    ...(locale ? { locale } : {}),
    ...(timezoneId ? { timezoneId } : {}),
  });
  const staff = await context.newPage();
  await staff.addInitScript(() => localStorage.setItem('spesa.cookieAcceptedAt', new Date().toISOString()));
  await staff.goto('/app/staff');
  await logInThroughPanel(staff, OPERATOR.email, OPERATOR.password);
  return staff;
}

/**
 * A screenshot of one element at the phone's width, among the test's results (the ones in
 * docs/screenshots are copies of them): the sticky header scrolls away and the floating button
 * is left out meanwhile (set from script: the shop's CSP refuses the style sheet Playwright would add).
 */
export async function shot(page: Page, element: Locator, path: string): Promise<void> {
  const toggle = (on: boolean) =>
    page.evaluate((hide) => {
      const header = document.querySelector<HTMLElement>('.site-header');
      const top = document.querySelector<HTMLElement>('.scroll-top');
      if (header) header.style.position = hide ? 'static' : '';
      if (top) top.style.visibility = hide ? 'hidden' : '';
    }, on);
  await toggle(true);
  await element.screenshot({ path, scale: 'css' });
  await toggle(false);
}

/** '12/05/2026 09:41' in Rome, as the orders and the store's screen write a deadline. */
export const romeDateTime = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(iso))
    .replace(',', '');

/** A fact («label» and its value) of an order's card, on the store's screen or the shopper's. */
export const fact = (card: Locator, label: string) =>
  card.locator('dl > div').filter({ has: card.page().locator('dt').getByText(label, { exact: true }) });

export const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

export async function mailTo(page: Page, email: string, subject: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const outbox = (await (await page.request.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
          messages: { subject: string; text: string }[];
        };
        text = outbox.messages.find((m) => m.subject === subject)?.text ?? '';
        return text !== '';
      },
      { message: `mail «${subject}»`, timeout: 15_000 },
    )
    .toBe(true);
  return text;
}
