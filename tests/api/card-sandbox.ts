// The provider sandbox's pages as the shopper's browser goes through them (card association in
// the lightbox, the 3-D Secure step of an order's hold), for the API tests of card payments.
import { expect } from 'vitest';
import { boardingStart, SANDBOX_OTP } from '#src/shared/contract/payments.ts';
import type { TestShop } from './harness.ts';
import { bearer } from './shoppers.ts';

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
export function hiddenFields(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [
      unescapeHtml(m[1]!),
      unescapeHtml(m[2]!),
    ]),
  );
}
export const formAction = (html: string) => unescapeHtml(/<form method="post" action="([^"]*)"/.exec(html)![1]!);
export const formPost = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
export const pathOf = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return `${u.pathname}${u.search}`;
};
export const card = (pan: string) => ({ pan, expiry: '12/30', cvv: '123' });

/** Associates a card as the shopper does in the lightbox; answers the lightbox's last page. */
export async function associate(shop: TestShop, token: string, pan: string, otp = SANDBOX_OTP) {
  const start = boardingStart.parse((await shop.request('/cli/pay/v2/xpay/start/boarding', bearer(token))).body.data);
  const page = await shop.request(pathOf(start.lightboxUrl));
  expect(page.status).toBe(200);
  expect(page.body).toContain('XPay Sandbox');
  const params = Object.fromEntries(new URL(start.lightboxUrl, 'http://localhost').searchParams);
  let result = await shop.request('/sandbox/xpay/lightbox/pay', formPost({ ...params, ...card(pan) }));
  if (String(result.body).includes('Autenticazione 3-D Secure')) {
    result = await shop.request('/sandbox/xpay/lightbox/otp', formPost({ ...hiddenFields(result.body), otp }));
  }
  return { start, html: String(result.body) };
}

/** Runs the 3-D Secure step of the nonce's html as the browser's iframe does; answers where it lands. */
export async function threeDs(shop: TestShop, html: string, otp = SANDBOX_OTP) {
  let page = await shop.request(pathOf(formAction(html)), formPost(hiddenFields(html)));
  if (String(page.body).includes('Codice OTP'))
    page = await shop.request(pathOf(formAction(page.body)), formPost({ ...hiddenFields(page.body), otp }));
  const back = { action: formAction(page.body), fields: hiddenFields(page.body) };
  const landing = await shop.app.request(pathOf(back.action), formPost(back.fields));
  expect(landing.status).toBe(303);
  return { location: landing.headers.get('Location')!, back };
}
