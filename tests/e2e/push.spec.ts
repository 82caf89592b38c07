// The order notifications in Chromium (docs/decisions/019-web-push-notifications.md): the
// orders page offers them and asks for the browser's permission only when the shopper
// presses the button; a browser where they are blocked says so; and a push reaching the
// shop's service worker (delivered through the DevTools protocol, as a push service would)
// shows the notification, a tap on which opens the order. Headless Chromium here reaches
// no push service, so where a subscription is needed the browser's PushManager answers
// with one made in the test (its endpoint on a push service's host, its keys real).
import { createECDH, randomBytes } from 'node:crypto';
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { orderPushMessage } from '../../src/server/push/order-pushes.ts';
import { bookedOrder, logIn, signedUpShopper, uniqueEmail } from './checkout.helpers.ts';
import { controlledByWorker, expectNoAxeViolations } from './shop.fixtures.ts';

const TURN_ON = "Ricevi le notifiche sull'ordine";
const TURN_OFF = 'Disattiva le notifiche';

/**
 * The browser's PushManager answers with this subscription, kept across the tab's page loads
 * as a browser keeps it, and counts what it is asked.
 */
async function pushManagerOfTheTest(page: Page): Promise<void> {
  const keys = {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(8).toString('hex')}`;
  await page.addInitScript(
    ({ endpoint, keys }) => {
      const asked = { subscribe: 0, unsubscribe: 0 };
      (window as unknown as { pushAsked: typeof asked }).pushAsked = asked;
      const bytes = (base64url: string) =>
        Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
      const subscription = (key: string) =>
        ({
          endpoint,
          options: { applicationServerKey: bytes(key), userVisibleOnly: true },
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => {
            asked.unsubscribe += 1;
            sessionStorage.removeItem('test.pushKey');
            return true;
          },
        }) as unknown as PushSubscription;
      PushManager.prototype.getSubscription = async () => {
        const key = sessionStorage.getItem('test.pushKey');
        return key ? subscription(key) : null;
      };
      PushManager.prototype.subscribe = async (options) => {
        asked.subscribe += 1;
        const key = options?.applicationServerKey as string;
        sessionStorage.setItem('test.pushKey', key);
        return subscription(key);
      };
    },
    { endpoint, keys },
  );
}

/** The id the DevTools protocol gives the shop's service worker registration. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const shop = registrations.find((r) => r.scopeURL.endsWith('/app/') && !r.isDeleted);
      if (shop) resolve(shop.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

test.describe('order notifications', () => {
  test.setTimeout(90_000);

  test('the orders page offers them, asks the browser only when the shopper presses the button; logout ends them', async ({
    page,
    context,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'notifiche'));
    await bookedOrder(request, shopper);
    await context.grantPermissions(['notifications']);
    await pushManagerOfTheTest(page);
    await logIn(page, shopper);
    await page.goto('/app/profile/orders');

    const offer = page.getByRole('region', { name: "Notifiche sull'ordine" });
    await expect(offer.getByText('quando il punto vendita conferma la disponibilità')).toBeVisible();
    const turnOn = offer.getByRole('button', { name: TURN_ON });
    await expect(turnOn).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { pushAsked: { subscribe: number } }).pushAsked)).toEqual({
      subscribe: 0,
      unsubscribe: 0,
    });
    await expectNoAxeViolations(page);

    const stored = page.waitForResponse((r) => r.url().endsWith('/cli/notifications/push/subscribe'));
    await turnOn.click();
    expect(await (await stored).json()).toEqual({ responseCode: 0, data: null });
    await expect(offer.getByRole('status')).toHaveText('Le notifiche sugli ordini sono attive su questo dispositivo.');

    // Another visit finds them on.
    await page.reload();
    await expect(offer.getByRole('button', { name: TURN_OFF })).toBeVisible();

    const removed = page.waitForResponse((r) => r.url().endsWith('/cli/notifications/push/unsubscribe'));
    await offer.getByRole('button', { name: TURN_OFF }).click();
    expect(await (await removed).json()).toEqual({ responseCode: 0, data: null });
    await expect(offer.getByRole('button', { name: TURN_ON })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { pushAsked: { unsubscribe: number } }).pushAsked.unsubscribe),
    ).toBe(1);

    // On again, then logout: the device's subscription ends in the browser too.
    await offer.getByRole('button', { name: TURN_ON }).click();
    await expect(offer.getByRole('button', { name: TURN_OFF })).toBeVisible();
    const exit = page.getByRole('button', { name: 'Esci' }).locator('visible=true');
    if ((await exit.count()) === 0) await page.getByRole('navigation', { name: 'Sezioni del profilo' }).first().click();
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/cli/profiles/logout'));
    await exit.first().click();
    expect((await loggedOut).status()).toBe(200);
    await expect(page).toHaveURL(/\/app\/$/);
    // Asked again while the home page may still be settling (a navigation destroys the page's context).
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('test.pushKey')).catch(() => 'the page is navigating'))
      .toBeNull();
  });

  test('a browser where they are blocked says so, and the mails go on', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'bloccate'));
    await logIn(page, shopper);
    await page.goto('/app/profile/orders');
    const offer = page.getByRole('region', { name: "Notifiche sull'ordine" });
    await offer.getByRole('button', { name: TURN_ON }).click();
    await expect(offer.getByRole('status')).toContainText('bloccate in questo browser');
    await expect(offer.getByRole('status')).toContainText('Ti avvisiamo comunque per e-mail.');
    await expect(offer.getByRole('button', { name: TURN_ON })).toHaveCount(0);
  });

  test('a push shows the notification, and a tap on it opens the order', async ({ page, context, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'spinta'));
    const { number } = await bookedOrder(request, shopper);
    await context.grantPermissions(['notifications']);
    await logIn(page, shopper);
    await page.goto('/app/');
    await controlledByWorker(page);

    // What the shop sends when the order is ready, as the push service hands it to the browser.
    const message = orderPushMessage('READY', { orderNumber: number, paymentMode: 'CASH' });
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId: await registrationId(cdp),
      data: JSON.stringify(message),
    });

    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          icon: n.icon,
          tag: n.tag,
          data: n.data as unknown,
        })),
      );
    await expect.poll(shown).toHaveLength(1);
    const [notification] = await shown();
    expect(notification).toEqual({
      title: 'Ordine pronto per il ritiro',
      body: `L'ordine ${number} è pronto: il codice di ritiro è nella pagina dell'ordine.`,
      icon: new URL('/app/icons/icon-192.png', page.url()).href,
      tag: `ordine-${number}`,
      data: { url: new URL('/app/profile/orders', page.url()).href },
    });

    // The tap: the worker's notificationclick handler runs on the notification shown (no
    // protocol command taps a notification). The shop's window goes to the order.
    const worker = context.serviceWorkers().find((w) => w.url().endsWith('/app/sw.js'))!;
    await worker.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [tapped] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: tapped! }));
    });
    await expect(page).toHaveURL(/\/app\/profile\/orders$/);
    await expect(page.getByRole('article', { name: `Ordine ${number}` })).toBeVisible();
    await expect.poll(shown).toHaveLength(0);
  });
});
