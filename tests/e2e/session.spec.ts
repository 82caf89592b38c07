// The browser's session out of page scripts' reach (decision 027, issue 65): after the login
// panel nothing a script can read holds a credential, a form posted by a page of another
// origin is refused, and a logout made offline ends the session on the shop once the
// connection is back (the old cookie, replayed as curl would, then gets 401).
import { expect, test, type Page } from '@playwright/test';
import {
  logIn,
  logInThroughPanel,
  PASSWORD,
  SESSION_COOKIE,
  sessionCookieHeader,
  shopOrigin,
  signedUpShopper,
  uniqueEmail,
} from './cart.helpers.ts';
import { controlledByWorker } from './shop.fixtures.ts';

/** A signed token as the session is made of (header.payload.signature, base64url). */
const TOKEN = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

/** Everything a script injected into the page could read: document.cookie and both storages. */
const readableByScripts = (page: Page) =>
  page.evaluate(() => {
    const all = (storage: Storage) =>
      Object.fromEntries(
        Array.from({ length: storage.length }, (_, i) => storage.key(i)!).map((k) => [k, storage.getItem(k)]),
      );
    return { cookie: document.cookie, local: all(localStorage), session: all(sessionStorage) };
  });

test.beforeEach(async ({ page }) => {
  // Each journey logs a shopper in and opens several pages: on a loaded machine that outlasts 30 s.
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('spesa.cookieAcceptedAt', new Date().toISOString()));
});

test('after the login panel, no script of the page can read the session; the header still shows the name', async ({
  page,
  request,
}, info) => {
  const email = uniqueEmail(info, 'nascosta');
  await signedUpShopper(request, email);
  await page.goto('/app/');
  await logInThroughPanel(page, email, PASSWORD);
  await expect(page.getByRole('banner').getByRole('button', { name: /^Il tuo profilo/ })).toContainText('Anna');

  const readable = await readableByScripts(page);
  expect(readable.cookie).not.toContain(SESSION_COOKIE);
  expect(JSON.stringify(readable)).not.toMatch(TOKEN);
  const stored = JSON.parse(readable.local['spesa.user']!) as Record<string, unknown>;
  expect(Object.keys(stored).sort()).toEqual(['profile', 'role']);

  // The browser holds the session where only it can send it: HttpOnly, SameSite=Lax.
  const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  // A page reloaded still knows the shopper, from the cookie alone.
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Il tuo profilo/ })).toContainText('Anna');
});

test.describe('a form posted to the shop by a page of another origin', () => {
  const attackerPage = (action: string) => `<!doctype html><html lang="it"><title>Premi</title>
    <form method="post" action="${action}"><input type="hidden" name="premio" value="1">
    <button>Ritira il tuo buono spesa</button></form></html>`;

  for (const [kind, attacker] of [
    // Another port of the same host is the same site: the SameSite=Lax cookie goes along, the CSRF check refuses it.
    ['the same site (another port)', (origin: URL) => `http://${origin.hostname}:${Number(origin.port) + 1}/premi`],
    // Another site: the browser does not even send the cookie.
    ['another site', () => 'http://premi.example/buono'],
  ] as const) {
    test(`from ${kind} is refused, and the session stands`, async ({ page, request }, info) => {
      const shopper = await signedUpShopper(request, uniqueEmail(info, 'csrf'));
      await logIn(page, shopper);
      await page.goto('/app/');
      await expect(page.getByRole('banner').getByRole('button', { name: /^Il tuo profilo/ })).toBeVisible();
      const replay = { headers: { Cookie: await sessionCookieHeader(page) } };
      const url = attacker(new URL(shopOrigin(info)));
      await page.route(url, (route) =>
        route.fulfill({ contentType: 'text/html', body: attackerPage(`${shopOrigin(info)}/cli/profiles/logout`) }),
      );
      await page.goto(url);
      const answered = page.waitForResponse((r) => r.url().endsWith('/cli/profiles/logout'));
      await page.getByRole('button', { name: 'Ritira il tuo buono spesa' }).click();
      const answer = await answered;
      const sentCookie = (await answer.request().allHeaders())['cookie'] ?? '';
      if (kind === 'another site') {
        expect(sentCookie).not.toContain(SESSION_COOKIE);
        expect(answer.status()).toBe(401);
      } else {
        expect(sentCookie).toContain(SESSION_COOKIE);
        expect(answer.status()).toBe(403);
        expect(await answer.json()).toMatchObject({
          errorMessage: 'Richiesta non consentita: non proviene dalle pagine del negozio.',
        });
      }
      // The forged logout ended nothing: the session still answers, and the shop's page still knows the shopper.
      expect((await request.get('/cli/profiles/login', replay)).status()).toBe(200);
      await page.goto('/app/');
      await expect(page.getByRole('banner').getByRole('button', { name: /^Il tuo profilo/ })).toBeVisible();
    });
  }
});

test('a logout made offline: the page forgets the shopper at once, the shop ends the session once back online', async ({
  page,
  context,
  request,
}, info) => {
  const email = uniqueEmail(info, 'esci-offline');
  await signedUpShopper(request, email);
  await page.goto('/app/');
  await controlledByWorker(page);
  await logInThroughPanel(page, email, PASSWORD);
  // The cookie as someone who copied it would replay it from elsewhere (curl); the tests' own requests stay online.
  const replay = { headers: { Cookie: await sessionCookieHeader(page) } };
  expect((await request.get('/cli/profiles/login', replay)).status()).toBe(200);

  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Il tuo profilo/ })
    .click();
  await page.getByRole('dialog', { name: 'Il tuo profilo' }).getByRole('button', { name: 'Esci' }).click();
  await page.waitForURL((url) => url.pathname === '/app/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('spesa.user'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('spesa.logoutPending'))).not.toBeNull();
  // Not reached the shop yet: the session is still valid there.
  expect((await request.get('/cli/profiles/login', replay)).status()).toBe(200);

  // Chromium tells a document loaded while offline that it is online: told again, as a phone would know it.
  if (await page.evaluate(() => navigator.onLine)) {
    await context.setOffline(false);
    await context.setOffline(true);
  }
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await context.setOffline(false);
  // The connection is back: the logout goes out, the shop ends the session and takes the cookie back.
  await expect.poll(async () => (await request.get('/cli/profiles/login', replay)).status()).toBe(401);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('spesa.logoutPending'))).toBeNull();
  expect((await context.cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false);
});
