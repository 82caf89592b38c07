// The hand-off of an order (issue 63): ready for pickup, the shopper's order shows one large
// pickup code with its QR code, whose content is the code (decoded here with jsQR from the
// screen), and the amount that will be paid at the counter, labelled as such: the prepared
// total, not the booked one; the order's own code is a small reference. The mails of the
// order, rendered at a phone's width, fit it and read at 16 px. On the phone, 360 × 800
// screenshots of the order and of two mails land among the test's results (docs/screenshots
// holds copies of them).
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect, type Page, test } from '@playwright/test';
import { euro, logIn, readyForPickup, signedUpShopper, uniqueEmail } from './checkout.helpers.ts';
import { fact, mailTo, noSideScroll } from './lifecycle.helpers.ts';
import { expectNoAxeViolations } from './shop.fixtures.ts';

/** The text a QR code on the screen holds, read from a screenshot of it. */
async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

const fontSize = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));

test.describe('the hand-off', () => {
  test.setTimeout(120_000);

  test('an order ready for pickup shows one large pickup code with its QR, and the prepared total as what is paid at the counter', async ({
    page,
  }, info) => {
    const shopper = await signedUpShopper(page.request, uniqueEmail(info, 'ritiro'));
    const ready = await readyForPickup(page.request, shopper);
    expect(ready.preparedTotal, 'the weighed row picked heavier').toBeGreaterThan(ready.total);
    await logIn(page, shopper);
    await page.goto('/app/profile/orders');
    const mine = page.getByRole('article', { name: `Ordine ${ready.number}` });
    await expect(mine.getByText('Pronto per il ritiro', { exact: true })).toBeVisible();

    const handoff = mine.getByRole('region', { name: 'Al ritiro mostra questo codice' });
    const code = fact(handoff, 'Codice di ritiro').getByRole('definition');
    await expect(code).toHaveText(ready.pickupCode);
    // One code to show: the order's own code is a small reference, no longer a second 'Codice'.
    await expect(mine.getByText(ready.pickupCode, { exact: true })).toHaveCount(1);
    await expect(fact(mine, 'Riferimento ordine').getByRole('definition')).toHaveText(ready.code);
    await expect(mine.getByText('Codice ordine')).toHaveCount(0);
    const codePx = await code.evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
    const referencePx = await fact(mine, 'Riferimento ordine')
      .getByRole('definition')
      .evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
    expect(codePx, 'the pickup code written large').toBeGreaterThanOrEqual(36);
    expect(codePx).toBeGreaterThan(2.5 * referencePx);

    // Its QR code holds the pickup code, and is large enough for the store's scanner.
    const qr = handoff.getByRole('img', { name: `Codice QR del codice di ritiro ${ready.pickupCode}` });
    await expect(qr).toBeVisible();
    expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(160);
    expect(await decodeQr(await qr.screenshot())).toBe(ready.pickupCode);

    // The amount that will be paid, labelled: the prepared total; the booked one is what was ordered.
    await expect(fact(handoff, 'Da pagare al ritiro').getByRole('definition')).toHaveText(euro(ready.preparedTotal));
    await expect(handoff).toContainText('Paghi il totale dei prodotti preparati, non quello ordinato.');
    await expect(fact(mine, 'Totale ordinato').getByRole('definition')).toHaveText(euro(ready.total));
    await expect(mine.getByText('Totale preparato', { exact: true })).toHaveCount(0);
    await mine.getByRole('button', { name: 'Dettagli' }).click();
    const rows = mine.getByRole('table');
    await expect(rows.getByRole('row', { name: /^Da pagare al ritiro/ })).toContainText(euro(ready.preparedTotal));

    expect(await noSideScroll(page), 'the orders page fits its width').toBe(true);
    await expectNoAxeViolations(page);
    if (info.project.name === 'phone') {
      await mine.getByRole('button', { name: 'Dettagli' }).click(); // closed again, as the shopper finds it
      // The order's title just under the sticky header.
      await mine.evaluate((e) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 130));
      await page.screenshot({ path: info.outputPath('order-ready-after.png'), scale: 'css' });
    }

    // The mail said the same.
    const mail = await mailTo(page, shopper.email, `Il tuo ordine è pronto per il ritiro (${ready.number})`);
    expect(mail).toContain(`Codice di ritiro: ${ready.pickupCode}`);
    expect(mail).toContain(`Da pagare al ritiro: ${euro(ready.preparedTotal)}`);
    expect(mail).toContain(`Totale ordinato: ${euro(ready.total)}`);
  });

  test('the order’s mails fit a phone’s width, with the shop’s logo, a readable font and a button to the order @phone', async ({
    page,
  }, info) => {
    const shopper = await signedUpShopper(page.request, uniqueEmail(info, 'posta'));
    const ready = await readyForPickup(page.request, shopper);
    await mailTo(page, shopper.email, `Il tuo ordine è pronto per il ritiro (${ready.number})`);
    const outbox = (await (await page.request.get(`/dev/outbox?to=${encodeURIComponent(shopper.email)}`)).json()) as {
      messages: { subject: string; html: string }[];
    };
    const html = (subject: string) => outbox.messages.find((m) => m.subject === subject)!.html;
    for (const [subject, file] of [
      [`Pre-ordine inviato: il tuo ordine ${ready.number}`, 'mail-preorder-sent-360.png'],
      [`Il tuo ordine è pronto per il ritiro (${ready.number})`, 'mail-ready-for-pickup-360.png'],
    ] as const) {
      await page.setContent(html(subject), { waitUntil: 'load' });
      await expect(page.getByRole('img', { name: 'Spesa online' })).toBeVisible();
      expect(
        await page.getByRole('img', { name: 'Spesa online' }).evaluate((i: HTMLImageElement) => i.naturalWidth),
      ).toBeGreaterThan(0);
      await expect(page.getByRole('link', { name: "Vai all'ordine" })).toHaveAttribute('href', /\/app\/orders$/);
      expect(await noSideScroll(page), `${subject}: no sideways scrolling at 360 px`).toBe(true);
      expect(await fontSize(page, 'p'), 'paragraphs at 16 px').toBeGreaterThanOrEqual(16);
      await page.screenshot({ path: info.outputPath(file), fullPage: true, scale: 'css' });
    }
    await expect(page.getByText(ready.pickupCode, { exact: true })).toBeVisible();
    await expect(page.getByText(euro(ready.preparedTotal), { exact: true })).toBeVisible();
  });
});
