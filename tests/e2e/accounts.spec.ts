// A shopper signs up, confirms the account from the mailed link, logs in,
// edits the profile, manages addresses, changes and resets the password and
// logs out (docs/product.md §2, §5, §8). Both projects run against the same
// shop, so every test uses e-mail addresses of its own.
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from './shop.fixtures.ts';
import { logInThroughPanel as panelLogIn, sessionCookieHeader, shopOrigin } from './cart.helpers.ts';
import { signupRequest } from '../signup-request.ts';

const PASSWORD = 'Orecchiette1!';

// Each test looks like a different client to the per-IP limits of login and signup.
const fakeIp = () =>
  `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const uniqueEmail = (info: TestInfo, tag: string) =>
  `${tag}.${info.project.name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.it`;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': fakeIp() });
  // The cookie notice (tested with the home page) would cover the forms' buttons on a phone.
  await page.addInitScript(() => localStorage.setItem('spesa.cookieAcceptedAt', new Date().toISOString()));
  // Toasts close after 2 s (docs/product.md §9): note each one shown in the live region,
  // so a slow machine does not miss one between two looks.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { seenToasts: seen });
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[role="status"] .toast p'))
        if (!seen.includes(toast.textContent ?? '')) seen.push(toast.textContent ?? '');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
});

async function expectToast(page: Page, message: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts), {
      message: `toast "${message}"`,
    })
    .toContain(message);
}

/** The newest link in the last mail sent to this address (docs/architecture.md §4 outbox). */
async function mailedLink(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  const response = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
  const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
  const mail = messages.find((m) => subject.test(m.subject));
  expect(mail, `a mail "${subject}" to ${to}`).toBeTruthy();
  const url = new URL(/(https?:\/\/\S+)/.exec(mail!.text)![1]!);
  return `${url.pathname}${url.search}`;
}

/** A confirmed customer, registered through the API. */
async function registeredShopper(request: APIRequestContext, email: string): Promise<void> {
  const headers = { 'X-Forwarded-For': fakeIp() };
  const body = signupRequest(email, PASSWORD);
  const signup = await request.post('/cli/profiles/signup', { data: body, headers });
  expect((await signup.json()).responseCode).toBe(0);
  const confirm = await request.get(await mailedLink(request, email, /Conferma/), { maxRedirects: 0 });
  expect(confirm.headers()['location']).toBe('/app/signup/confirmed');
}

const logInThroughPanel = (page: Page, email: string, password = PASSWORD) => panelLogIn(page, email, password);

async function loggedInShopper(page: Page, request: APIRequestContext, info: TestInfo, tag: string): Promise<string> {
  const email = uniqueEmail(info, tag);
  await registeredShopper(request, email);
  await page.goto('/app/');
  await logInThroughPanel(page, email);
  return email;
}

/** Types a value, leaves the field, and expects the field's own message. */
async function expectMessageOnBlur(page: Page, label: string, value: string, message: string | null): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.blur();
  const error = page.locator(`#${await field.getAttribute('id')}-error`);
  if (message === null) {
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    return;
  }
  await expect(error).toHaveText(message);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

test.describe('signup', () => {
  test('says what is wrong with each field when the shopper leaves it', async ({ page }) => {
    await page.goto('/app/signup');
    await expect(page.getByRole('button', { name: 'Registrati' })).toBeEnabled();
    await expect(page.getByRole('heading', { level: 1, name: 'Registrati' })).toBeVisible();
    await expectMessageOnBlur(page, 'Email', '', 'Campo obbligatorio');
    await expectMessageOnBlur(page, 'Email', 'anna.rossi', 'Indirizzo email non valido');
    await expectMessageOnBlur(page, 'Email', 'anna.rossi@example.it', null);
    await expectMessageOnBlur(page, 'Password', 'Corta1!', 'La password deve essere lunga almeno 8 caratteri');
    await expectMessageOnBlur(
      page,
      'Password',
      'orecchiette',
      'Almeno 8 caratteri, con almeno tre tra: lettere minuscole, lettere maiuscole, numeri e simboli.',
    );
    await expectMessageOnBlur(page, 'Password', PASSWORD, null);
    await expectMessageOnBlur(page, 'Conferma password', 'Orecchiette2!', 'Le password non coincidono');
    await expectMessageOnBlur(page, 'Nome', '', 'Campo obbligatorio');
    await expectMessageOnBlur(page, 'Codice fiscale', 'rssnna85', 'Codice fiscale non valido');
    await expectMessageOnBlur(page, 'Codice fiscale', 'rssnna85z52a662x', 'Formato errato');
    await expect(page.getByLabel('Codice fiscale', { exact: true })).toHaveValue('RSSNNA85Z52A662X');
    await expectMessageOnBlur(page, 'Cellulare', '33312', 'Numero di cellulare non valido');

    const card = page.getByLabel('Carta fedeltà (facoltativa)');
    await expect(card).toHaveValue('0248');
    await expectMessageOnBlur(
      page,
      'Carta fedeltà (facoltativa)',
      '0248-12 34',
      'La carta fedeltà deve avere 13 caratteri',
    );
    await expect(card).toHaveValue('02481234');
    await expectMessageOnBlur(page, 'Carta fedeltà (facoltativa)', '1111222233334', 'Carta non valida');
    await card.fill('02481234567890123');
    await expect(card).toHaveValue('0248123456789');

    // Submitting checks the rest and takes the shopper to the first wrong field.
    await page.getByRole('button', { name: 'Registrati' }).click();
    await expect(page.getByLabel('Conferma password', { exact: true })).toBeFocused();
    await expect(page.locator('#signup-accept1-error')).toHaveText('Campo obbligatorio');
    await expect(page.locator('#signup-accept3-error')).toHaveText('');
  });

  test('registers, confirms from the mail, logs in and is greeted by name', async ({ page, request }, info) => {
    const email = uniqueEmail(info, 'nuovo');
    await page.goto('/app/signup');
    await expect(page.getByRole('button', { name: 'Registrati' })).toBeEnabled();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Conferma password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Nome', { exact: true }).fill('Maria');
    await page.getByLabel('Cognome', { exact: true }).fill('Lorusso');
    await page.getByLabel('Codice fiscale', { exact: true }).fill('lrsmra80a41a662k');
    await page.getByLabel('Data di nascita').fill('1980-01-01');
    // 'tel-national' is not allowed on a type="tel" input; 'tel' is.
    await expect(page.getByLabel('Cellulare', { exact: true })).toHaveAttribute('autocomplete', 'tel');
    await page.getByLabel('Cellulare', { exact: true }).fill('3471234567');
    await page.getByLabel('Carta fedeltà (facoltativa)').fill('0248123456789');
    await page.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
    await page.getByRole('checkbox', { name: /termini e condizioni/ }).check();
    await page.getByRole('button', { name: 'Registrati' }).click();

    const done = page.getByRole('alertdialog', { name: 'Registrazione effettuata' });
    await expect(done).toBeVisible();
    await expect(done).toContainText("Ti abbiamo inviato un'e-mail");

    await page.goto(await mailedLink(request, email, /Conferma/));
    await expect(page).toHaveURL(/\/app\/signup\/confirmed$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account attivato' })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Accedi' }).click();
    await logInThroughPanel(page, email);
    // Logged in, the page leads the new customer on instead of offering the login again.
    await expect(page.getByRole('main').getByRole('button', { name: 'Accedi' })).toBeHidden();
    await expect(page.getByRole('main').getByRole('link', { name: 'Crea il carrello' })).toHaveAttribute(
      'href',
      '/app/cart/create',
    );
    await expect(page.getByRole('main').getByRole('link', { name: 'Sfoglia il catalogo' })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Il tuo profilo: Maria' }).click();
    await expect(page.getByRole('dialog', { name: 'Il tuo profilo' })).toContainText('Benvenuto, Maria Lorusso');
  });

  test('the confirmation link works once; the page of a used link offers a new password', async ({
    page,
    request,
  }, info) => {
    const email = uniqueEmail(info, 'doppio');
    await registeredShopper(request, email);
    await page.goto(await mailedLink(request, email, /Conferma/));
    await expect(page.getByRole('heading', { level: 1, name: 'Link non valido o scaduto' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Recupera la password' })).toHaveAttribute('href', '/app/reset');
  });
});

test.describe('profile area', () => {
  test('asks a visitor to log in', async ({ page }) => {
    await page.goto('/app/profile');
    await page.getByRole('main').getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('dialog', { name: 'Accedi' })).toBeVisible();
  });

  test("offers a visitor no 'Esci' in the profile menu", async ({ page }, info) => {
    await page.goto('/app/profile/orders');
    await expect(page.getByRole('main').getByRole('button', { name: 'Accedi' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Sezioni del profilo' }).filter({ visible: true });
    if (info.project.name === 'phone') await menu.locator('summary').click();
    await expect(menu.getByRole('link', { name: 'Ordini' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Esci' })).toHaveCount(0);
  });

  test('edits the personal data: a bad fiscal code is refused, a good one saved', async ({ page, request }, info) => {
    await loggedInShopper(page, request, info, 'profilo');
    await page.goto('/app/profile');
    await expect(page.getByRole('navigation', { name: 'Percorso' })).toContainText('Profilo');
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Anna');
    await expect(page.getByLabel('Cellulare', { exact: true })).toHaveAttribute('autocomplete', 'tel');
    await expect(page.getByRole('checkbox', { name: /privacy/ })).toBeDisabled();
    await expectMessageOnBlur(page, 'Codice fiscale', 'RSSNNA85Z52A662X', 'Formato errato');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByLabel('Codice fiscale', { exact: true })).toBeFocused();

    await page.getByLabel('Codice fiscale', { exact: true }).fill('vrdsra90a41a662b');
    await page.getByLabel('Nome', { exact: true }).fill('Sara');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expectToast(page, 'Profilo aggiornato con successo');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Il tuo profilo: Sara' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Codice fiscale', { exact: true })).toHaveValue('VRDSRA90A41A662B');
    await expectNoAxeViolations(page);
  });

  test('adds, edits and deletes a shipping address', async ({ page, request }, info) => {
    await loggedInShopper(page, request, info, 'spedizione');
    await page.goto('/app/profile/addresses');
    await page.getByRole('button', { name: 'Aggiungi indirizzo' }).click();
    const popup = page.getByRole('dialog', { name: 'Nuovo indirizzo di spedizione' });
    await expect(popup.getByLabel('Regione')).toHaveValue('Puglia');
    await expect(popup.getByLabel('Regione')).toBeDisabled();
    await popup.getByLabel('Indirizzo', { exact: true }).fill('Via Sparano');
    await popup.getByLabel('Civico').fill('10');
    await popup.getByLabel('Città').fill('Bari');
    await expectMessageOnBlur(page, 'Provincia (sigla)', 'b', 'La provincia deve avere 2 lettere');
    await popup.getByLabel('Provincia (sigla)').fill('ba');
    await expectMessageOnBlur(page, 'CAP', '701', 'Il CAP deve avere 5 cifre');
    await popup.getByLabel('CAP').fill('70121');
    await expectNoAxeViolations(page);
    await popup.getByRole('button', { name: 'Salva' }).click();
    await expectToast(page, 'Indirizzo aggiunto con successo!');
    const card = page.getByRole('listitem').filter({ hasText: 'Via Sparano 10' });
    await expect(card).toContainText('70121 Bari (BA)');
    await expect(card).toContainText('Consegna a domicilio disponibile');

    await card.getByRole('button', { name: 'Modifica Via Sparano 10, Bari' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifica indirizzo di spedizione' });
    await edit.getByLabel('Città').fill('Altamura');
    await edit.getByRole('button', { name: 'Salva' }).click();
    await expectToast(page, 'Indirizzo aggiornato con successo!');
    await expect(card).toContainText('Consegna a domicilio non attiva');

    await card.getByRole('button', { name: /^Modifica/ }).click();
    await edit.getByRole('button', { name: 'Elimina' }).click();
    await edit.getByRole('button', { name: 'Sì, elimina' }).click();
    await expectToast(page, 'Indirizzo eliminato con successo!');
    await expect(page.getByText('Non hai ancora salvato indirizzi di spedizione.')).toBeVisible();
  });

  test('adds, edits and deletes a billing address shown on a read-only card', async ({ page, request }, info) => {
    await loggedInShopper(page, request, info, 'fattura');
    await page.goto('/app/profile/billing');
    await page.getByRole('button', { name: 'Aggiungi indirizzo di fatturazione' }).click();
    const popup = page.getByRole('dialog', { name: 'Nuovo indirizzo di fatturazione' });
    await popup.getByRole('button', { name: 'Salva' }).click();
    await expect(popup.getByLabel('Ragione sociale')).toBeFocused();
    await popup.getByLabel('Ragione sociale').fill('Forno Rossi srl');
    await popup.getByLabel('Partita IVA').fill('01234567890');
    await popup.getByLabel('Indirizzo', { exact: true }).fill('Via Roma');
    await popup.getByLabel('Civico').fill('1');
    await popup.getByLabel('Città').fill('Bari');
    await popup.getByLabel('Provincia (sigla)').fill('BA');
    await popup.getByLabel('CAP').fill('70121');
    await popup.getByLabel('Telefono').fill('0801234567');
    await popup.getByLabel('Codice destinatario SDI').fill('abc1234');
    await popup.getByRole('button', { name: 'Salva' }).click();
    await expectToast(page, 'Indirizzo di fatturazione aggiunto con successo!');
    const card = page.getByRole('listitem').filter({ hasText: 'Forno Rossi srl' });
    await expect(card.getByRole('definition').nth(11)).toHaveText('ABC1234');
    await expect(card).toContainText('Partita IVA');

    await card.getByRole('button', { name: /^Modifica/ }).click();
    const edit = page.getByRole('dialog', { name: 'Modifica indirizzo di fatturazione' });
    await edit.getByLabel('PEC').fill('forno@pec.it');
    await edit.getByRole('button', { name: 'Salva' }).click();
    await expectToast(page, 'Indirizzo di fatturazione aggiornato con successo!');
    await expect(card).toContainText('forno@pec.it');

    await card.getByRole('button', { name: /^Modifica/ }).click();
    await edit.getByRole('button', { name: 'Elimina' }).click();
    await edit.getByRole('button', { name: 'Sì, elimina' }).click();
    await expectToast(page, 'Indirizzo di fatturazione eliminato con successo!');
  });
});

test.describe('passwords and session', () => {
  test('changes the password, then logs in with the new one', async ({ page, request }, info) => {
    const email = await loggedInShopper(page, request, info, 'cambio');
    await page.goto('/app/profile/password');
    await page.getByLabel('Password attuale').fill('Sbagliata1!');
    await expectMessageOnBlur(page, 'Nuova password', 'Corta1!', 'La password deve essere lunga almeno 8 caratteri');
    await page.getByLabel('Nuova password', { exact: true }).fill('Taralli2024!');
    await page.getByLabel('Conferma nuova password').fill('Taralli2024!');
    await page.getByRole('button', { name: 'Cambia password' }).click();
    // docs/product.md §8: a failed change says the server's message, not the catalogue's text for code 13.
    await expectToast(page, 'La password attuale non è corretta.');

    await page.getByLabel('Password attuale').fill(PASSWORD);
    await page.getByRole('button', { name: 'Cambia password' }).click();
    await expect(page).toHaveURL(/\/app\/$/);
    await expectToast(page, 'Password aggiornata correttamente');

    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Il tuo profilo/ })
      .click();
    await page.getByRole('dialog', { name: 'Il tuo profilo' }).getByRole('button', { name: 'Esci' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi' })).toBeVisible();
    await logInThroughPanel(page, email, 'Taralli2024!');
  });

  test('a logout in one tab is seen by the other tabs of the shop', async ({ page, request, context }, info) => {
    await loggedInShopper(page, request, info, 'schede');
    const other = await context.newPage();
    await other.goto('/app/profile');
    const profileButton = (p: Page) => p.getByRole('banner').getByRole('button', { name: /^Il tuo profilo/ });
    await expect(profileButton(other)).toBeVisible();

    await profileButton(page).click();
    await page.getByRole('dialog', { name: 'Il tuo profilo' }).getByRole('button', { name: 'Esci' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi' })).toBeVisible();
    // The other tab was not reloaded: it hears of the logout from the shared storage.
    await expect(other.getByRole('banner').getByRole('button', { name: 'Accedi' })).toBeVisible();
    await expect(profileButton(other)).toHaveCount(0);
    await other.close();
  });

  test('resets a forgotten password through the mailed link', async ({ page, request }, info) => {
    const email = uniqueEmail(info, 'reset');
    await registeredShopper(request, email);
    await page.goto('/app/reset');
    await expect(page.getByRole('button', { name: 'Invia' })).toBeEnabled();
    await expectMessageOnBlur(page, 'Email', 'franco@', 'Indirizzo email non valido');
    // An address that is not a customer's gets the same answer: the form does not tell who is a customer.
    await page.getByLabel('Email', { exact: true }).fill(`nessuno.${email}`);
    await page.getByRole('button', { name: 'Invia' }).click();
    await expect(page.getByText('Richiesta effettuata con successo.')).toBeVisible();
    await page.goto('/app/reset');
    await expect(page.getByRole('button', { name: 'Invia' })).toBeEnabled();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Invia' }).click();
    await expect(page.getByText('Richiesta effettuata con successo.')).toBeVisible();

    await page.goto(await mailedLink(request, email, /Reimposta/));
    await expect(page.getByRole('button', { name: 'Salva la nuova password' })).toBeEnabled();
    await expectMessageOnBlur(
      page,
      'Nuova password',
      'friselle',
      'Almeno 8 caratteri, con almeno tre tra: lettere minuscole, lettere maiuscole, numeri e simboli.',
    );
    await page.getByLabel('Nuova password', { exact: true }).fill('Friselle9!');
    await page.getByLabel('Conferma nuova password').fill('Friselle9!');
    await page.getByRole('button', { name: 'Salva la nuova password' }).click();
    await expect(page.getByRole('main').getByText('Password aggiornata correttamente')).toBeVisible();
    await logInThroughPanel(page, email, 'Friselle9!');
  });

  test('logging out makes the old session cookie useless', async ({ page, request }, info) => {
    await loggedInShopper(page, request, info, 'esci');
    // The cookie as someone who copied it out of the browser would replay it (curl).
    const auth = { headers: { Cookie: await sessionCookieHeader(page) } };
    expect((await request.get('/cli/profiles/login', auth)).status()).toBe(200);
    await page.goto('/app/profile/addresses');
    const menu = page.getByRole('navigation', { name: 'Sezioni del profilo' }).filter({ visible: true });
    // On a phone the sections fold under a disclosure named after the current one.
    if (info.project.name === 'phone') await menu.locator('summary').click();
    await menu.getByRole('button', { name: 'Esci' }).click();
    await expect(page).toHaveURL(/\/app\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi' })).toBeVisible();
    expect((await request.get('/cli/profiles/login', auth)).status()).toBe(401);
  });
});

test.describe('an ended session', () => {
  test("the shopper's next action lands on the home page, which says 'Sessione scaduta'", async ({
    page,
    request,
  }, info) => {
    await loggedInShopper(page, request, info, 'scaduta');
    // The page's own start-up calls end first: one of them answered 401 after the logout below would
    // send this page home too, interrupting the navigation the test makes.
    await page.waitForLoadState('networkidle');
    const cookie = await sessionCookieHeader(page);
    // The shop's page is left before the session ends. Left open, a call of its own answered 401 would find the
    // session ended first: it clears the stored session and sends that page home, and the page opened below
    // would then show a logged-out profile without the message (seen once in a full run), or the redirect would
    // abort the navigation below (net::ERR_ABORTED, seen once). The stored session stays: it belongs to the shop's
    // origin, not to the page.
    await page.goto('about:blank');
    // The session ends elsewhere (a logout in another browser).
    expect(
      (await request.post('/cli/profiles/logout', { headers: { Cookie: cookie, Origin: shopOrigin(info) } })).status(),
    ).toBe(200);
    // Waited for until the page arrives, not until it has loaded: its first call's 401 may send it home before
    // its load event, which would end page.goto with "interrupted by another navigation" (seen once in a full run).
    await page.goto('/app/profile/addresses', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/app\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi' })).toBeVisible();
    await expectToast(page, 'Sessione scaduta, effettua di nuovo il login.');
  });
});

test.describe('accessibility', () => {
  test('signup with its messages shown has no violations', async ({ page }) => {
    await page.goto('/app/signup');
    await expect(page.getByRole('button', { name: 'Registrati' })).toBeEnabled();
    await page.getByRole('button', { name: 'Registrati' }).click();
    await expect(page.locator('#signup-username-error')).toHaveText('Campo obbligatorio');
    await expectNoAxeViolations(page);
  });
});
