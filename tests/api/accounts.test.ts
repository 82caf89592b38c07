// Accounts as a customer and an attacker see them (docs/product.md §5, §7, §8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop } from './harness.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
beforeAll(async () => {
  shop = await createTestShop({ products: 50 });
});
afterAll(() => shop.close());

const json = (body: unknown, token?: string, method = 'POST'): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});
const bearer = (token: string): RequestInit => ({ headers: { Authorization: `Bearer ${token}` } });

const signupBody = (username: string, overrides: Record<string, unknown> = {}) => ({
  username,
  password: 'Orecchiette1!',
  passwordConfirm: 'Orecchiette1!',
  profile: {
    firstName: 'Anna',
    lastName: 'Rossi',
    birthDate: '1985-04-12',
    mobilePhone: '3331234567',
    email: username,
    ssnCode: 'rssnna85d52a662x',
    cards: [{ code: '0248123456789', principal: true, enabled: true }],
  },
  accept1: true,
  accept2: true,
  accept3: false,
  accept4: true,
  ...overrides,
});

async function lastMailLink(to: string): Promise<string> {
  const { body } = await shop.request(`/dev/outbox?to=${encodeURIComponent(to)}`);
  const text: string = body.messages[0].text;
  return /(http\S+)/.exec(text)![1]!;
}

async function registeredShopper(username: string, password = 'Orecchiette1!'): Promise<string> {
  expect((await shop.request('/cli/profiles/signup', json(signupBody(username)))).body.responseCode).toBe(0);
  const link = new URL(await lastMailLink(username));
  await shop.request(`${link.pathname}${link.search}`);
  const { body } = await shop.request('/cli/profiles/login', json({ username, password }));
  expect(body.responseCode).toBe(0);
  return body.data.jwt as string;
}

describe('signup', () => {
  it.each([
    ['a username that is not an e-mail', { username: 'anna' }, 4, 'Username non valido.'],
    [
      'a password without enough kinds of characters',
      { password: 'orecchiette', passwordConfirm: 'orecchiette' },
      13,
      'Password non valida',
    ],
  ])('answers the code of docs/product.md §8 for %s', async (_what, overrides, code, message) => {
    const { body } = await shop.request('/cli/profiles/signup', json(signupBody('x@example.it', overrides)));
    expect(body).toEqual({ responseCode: code, errorMessage: message });
  });

  it('answers 30 for a phone that is not 10 digits', async () => {
    const base = signupBody('y@example.it');
    const { body } = await shop.request(
      '/cli/profiles/signup',
      json({ ...base, profile: { ...base.profile, mobilePhone: '33312' } }),
    );
    expect(body).toEqual({ responseCode: 30, errorMessage: 'Numero di telefono non valido.' });
  });

  it('refuses a fiscal code of the wrong shape and missing consents with 400 and the form messages', async () => {
    const base = signupBody('z@example.it', { accept2: false });
    const { status, body } = await shop.request(
      '/cli/profiles/signup',
      json({ ...base, profile: { ...base.profile, ssnCode: 'RSSNNA85Z52A662X' } }),
    );
    expect(status).toBe(400);
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'profile.ssnCode', message: 'Formato errato' },
        { path: 'accept2', message: 'Campo obbligatorio' },
      ]),
    );
  });

  it('mails a confirmation link; login waits for it; the link works once', async () => {
    const username = 'mario.bianchi@example.it';
    expect((await shop.request('/cli/profiles/signup', json(signupBody(username)))).body).toEqual({
      responseCode: 0,
      data: null,
    });
    const early = await shop.request('/cli/profiles/login', json({ username, password: 'Orecchiette1!' }));
    expect(early.body.responseCode).toBe(3);
    expect(early.body.errorMessage).toContain('non ancora attivato');

    const link = new URL(await lastMailLink(username));
    expect(link.pathname).toBe('/cli/profiles/confirm');
    const follow = await shop.app.request(`${link.pathname}${link.search}`);
    expect(follow.status).toBe(302);
    expect(follow.headers.get('Location')).toBe('/app/signup/confirmed');
    const again = await shop.app.request(`${link.pathname}${link.search}`);
    expect(again.headers.get('Location')).toBe('/app/signup/link-expired');

    const { body } = await shop.request(
      '/cli/profiles/login',
      json({ username: 'Mario.Bianchi@example.it', password: 'Orecchiette1!' }),
    );
    expect(body.responseCode).toBe(0);
    expect(body.data.profile).toMatchObject({
      firstName: 'Anna',
      lastName: 'Rossi',
      ssnCode: 'RSSNNA85D52A662X',
      email: username,
      accept4: true,
    });
    expect(body.data.profile.cards).toEqual([{ code: '0248123456789', principal: true, enabled: true }]);
  });

  it('answers 43 when the username is taken', async () => {
    await registeredShopper('taken@example.it');
    const { body } = await shop.request('/cli/profiles/signup', json(signupBody('TAKEN@example.it')));
    expect(body.responseCode).toBe(43);
  });
});

describe('login and session', () => {
  it("says 'Credenziali errate' for a wrong password or an unknown user alike", async () => {
    await registeredShopper('luca@example.it');
    for (const creds of [
      { username: 'luca@example.it', password: 'Sbagliata1!' },
      { username: 'nessuno@example.it', password: 'Sbagliata1!' },
    ]) {
      expect((await shop.request('/cli/profiles/login', json(creds))).body).toEqual({
        responseCode: 1,
        errorMessage: 'Credenziali errate',
      });
    }
  });

  it('refreshes the user with the token and refuses the token after logout', async () => {
    const token = await registeredShopper('giulia@example.it');
    const me = await shop.request('/cli/profiles/login', bearer(token));
    expect(me.body.data.profile.email).toBe('giulia@example.it');
    expect((await shop.request('/cli/profiles/logout', json({}, token))).body.responseCode).toBe(0);
    expect((await shop.request('/cli/profiles/login', bearer(token))).status).toBe(401);
  });

  it('answers 401 without a token', async () => {
    expect((await shop.request('/cli/profiles/addresses')).status).toBe(401);
  });

  it('slows down password guessing with 429 and lets the customer in after the pause', async () => {
    await registeredShopper('paolo@example.it');
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++)
      statuses.push(
        (await shop.request('/cli/profiles/login', json({ username: 'paolo@example.it', password: `Wrong${i}!aa` })))
          .status,
      );
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(statuses[8]).toBe(429);
    expect(
      (await shop.request('/cli/profiles/login', json({ username: 'paolo@example.it', password: 'Orecchiette1!' })))
        .status,
    ).toBe(429);
    // The window is minutes, not forever: once it has passed the right password works.
    await shop.handle.db
      .updateTable('rate_limits')
      .set({ window_start: new Date(Date.now() - 16 * 60_000) })
      .execute();
    expect(
      (await shop.request('/cli/profiles/login', json({ username: 'paolo@example.it', password: 'Orecchiette1!' })))
        .body.responseCode,
    ).toBe(0);
  });
});

describe('profile', () => {
  it('updates the profile, upper-casing the fiscal code, and refuses a bad one', async () => {
    const token = await registeredShopper('sara@example.it');
    const update = {
      firstName: 'Sara',
      lastName: 'Verdi',
      mobilePhone: '3409876543',
      ssnCode: 'vrdsra90a41a662b',
      cards: [],
    };
    const bad = await shop.request('/cli/profiles', json({ ...update, ssnCode: 'VRDSRA90' }, token, 'PUT'));
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'ssnCode', message: 'Codice fiscale non valido' }]);
    const { body } = await shop.request('/cli/profiles', json(update, token, 'PUT'));
    expect(body.data).toMatchObject({
      firstName: 'Sara',
      lastName: 'Verdi',
      ssnCode: 'VRDSRA90A41A662B',
      mobilePhone: '3409876543',
      cards: [],
    });
  });

  it('changes the password: the old one stops working, the new one works', async () => {
    const token = await registeredShopper('elena@example.it');
    const wrongOld = await shop.request(
      '/cli/profiles/password/change',
      json({ oldPassword: 'Sbagliata1!', newPassword: 'Taralli2024!' }, token),
    );
    // A business error (HTTP 200) with the message the screen shows as it is (docs/product.md §8).
    expect(wrongOld.status).toBe(200);
    expect(wrongOld.body).toEqual({ responseCode: 13, errorMessage: 'La password attuale non è corretta.' });
    expect(
      (
        await shop.request(
          '/cli/profiles/password/change',
          json({ oldPassword: 'Orecchiette1!', newPassword: 'Taralli2024!' }, token),
        )
      ).body.responseCode,
    ).toBe(0);
    expect(
      (await shop.request('/cli/profiles/login', json({ username: 'elena@example.it', password: 'Orecchiette1!' })))
        .body.responseCode,
    ).toBe(1);
    expect(
      (await shop.request('/cli/profiles/login', json({ username: 'elena@example.it', password: 'Taralli2024!' }))).body
        .responseCode,
    ).toBe(0);
  });

  it('resets a forgotten password through a single-use mailed link', async () => {
    await registeredShopper('franco@example.it');
    // A stranger and a customer get the same answer: the form does not tell who is a customer. Only the customer is mailed.
    const stranger = await shop.request('/cli/profiles/password', json({ tid: '01', email: 'sconosciuto@example.it' }));
    const customer = await shop.request('/cli/profiles/password', json({ tid: '01', email: 'franco@example.it' }));
    expect(stranger.status).toBe(customer.status);
    expect(stranger.body).toEqual({ responseCode: 0, data: null });
    expect(customer.body).toEqual(stranger.body);
    expect(
      await shop.handle.db
        .selectFrom('mail_outbox')
        .select('recipient')
        .where('recipient', '=', 'sconosciuto@example.it')
        .execute(),
    ).toEqual([]);
    const token = new URL(await lastMailLink('franco@example.it')).searchParams.get('token')!;
    const reset = { token, newPassword: 'Friselle9!', passwordConfirm: 'Friselle9!' };
    expect((await shop.request('/cli/profiles/password/reset', json(reset))).body.responseCode).toBe(0);
    expect((await shop.request('/cli/profiles/password/reset', json(reset))).body.responseCode).toBe(4207);
    expect(
      (await shop.request('/cli/profiles/login', json({ username: 'franco@example.it', password: 'Friselle9!' }))).body
        .responseCode,
    ).toBe(0);
  });

  it('ends every other session when the password is changed, and keeps the one that changed it', async () => {
    await registeredShopper('gino@example.it');
    const login = async (password: string) =>
      (await shop.request('/cli/profiles/login', json({ username: 'gino@example.it', password }))).body.data
        .jwt as string;
    const phone = await login('Orecchiette1!');
    const stolen = await login('Orecchiette1!');
    const me = (token: string) =>
      shop.request('/cli/profiles/login', { headers: { Authorization: `Bearer ${token}` } });
    expect((await me(stolen)).status).toBe(200);
    expect(
      (
        await shop.request(
          '/cli/profiles/password/change',
          json({ oldPassword: 'Orecchiette1!', newPassword: 'Taralli2024!' }, phone),
        )
      ).body.responseCode,
    ).toBe(0);
    expect((await me(phone)).status).toBe(200);
    expect((await me(stolen)).status).toBe(401);
    expect(
      (await shop.request('/cli/ecommerce/cart/current', { headers: { Authorization: `Bearer ${stolen}` } })).status,
    ).toBe(401);
    // A new log-in with the new password works at once.
    expect((await me(await login('Taralli2024!'))).status).toBe(200);
  });

  it('ends every session of the account when the password is reset through the mailed link', async () => {
    const first = await registeredShopper('ines@example.it');
    const second = (
      await shop.request('/cli/profiles/login', json({ username: 'ines@example.it', password: 'Orecchiette1!' }))
    ).body.data.jwt as string;
    const me = (token: string) =>
      shop.request('/cli/profiles/login', { headers: { Authorization: `Bearer ${token}` } });
    expect((await me(first)).status).toBe(200);
    await shop.request('/cli/profiles/password', json({ tid: '01', email: 'ines@example.it' }));
    const token = new URL(await lastMailLink('ines@example.it')).searchParams.get('token')!;
    expect(
      (
        await shop.request(
          '/cli/profiles/password/reset',
          json({ token, newPassword: 'Friselle9!', passwordConfirm: 'Friselle9!' }),
        )
      ).body.responseCode,
    ).toBe(0);
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    const fresh = (
      await shop.request('/cli/profiles/login', json({ username: 'ines@example.it', password: 'Friselle9!' }))
    ).body.data.jwt as string;
    expect((await me(fresh)).status).toBe(200);
  });

  it('accepts a deletion request', async () => {
    const token = await registeredShopper('dario@example.it');
    expect((await shop.request('/cli/profiles/deleteRequest', json({}, token))).body).toEqual({
      responseCode: 0,
      data: null,
    });
  });
});

describe('addresses', () => {
  const address = {
    address: 'Via Sparano',
    streetNumber: '10',
    state: 'Lombardia',
    city: 'Bari',
    county: 'ba',
    zip: '70121',
    nation: 'IT',
  };

  it('adds, edits and deletes a shipping address, answering the list each time', async () => {
    const token = await registeredShopper('rosa@example.it');
    const added = await shop.request('/cli/profiles/addresses', json(address, token));
    expect(added.body.data).toEqual([
      expect.objectContaining({ address: 'Via Sparano', state: 'Puglia', county: 'BA', homeDelivery: true }),
    ]);
    const id = added.body.data[0].id as number;
    const edited = await shop.request('/cli/profiles/addresses', json({ ...address, id, city: 'Altamura' }, token));
    expect(edited.body.data).toEqual([expect.objectContaining({ id, city: 'Altamura', homeDelivery: false })]);
    expect((await shop.request('/cli/profiles/addresses/delete', json({ id }, token))).body.data).toEqual([]);
  });

  it('refuses a county or zip of the wrong length', async () => {
    const token = await registeredShopper('ugo@example.it');
    const { status, body } = await shop.request(
      '/cli/profiles/addresses',
      json({ ...address, county: 'BAR', zip: '701' }, token),
    );
    expect(status).toBe(400);
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'county', message: 'La provincia deve avere 2 lettere' },
        { path: 'zip', message: 'Il CAP deve avere 5 cifre' },
      ]),
    );
  });

  it("never shows or changes another customer's addresses", async () => {
    const owner = await registeredShopper('owner@example.it');
    const intruder = await registeredShopper('intruder@example.it');
    const id = (await shop.request('/cli/profiles/addresses', json(address, owner))).body.data[0].id as number;
    const billingId = (
      await shop.request(
        '/cli/profiles/billing/addresses',
        json(
          {
            vatCode: '01234567890',
            companyName: 'Forno Rossi srl',
            phone: '0801234567',
            address: 'Via Roma',
            streetNumber: '1',
            zip: '70121',
            city: 'Bari',
            county: 'BA',
          },
          owner,
        ),
      )
    ).body.data[0].id as number;

    expect((await shop.request('/cli/profiles/addresses', bearer(intruder))).body.data).toEqual([]);
    expect(
      (await shop.request('/cli/profiles/addresses', json({ ...address, id, city: 'Lecce' }, intruder))).status,
    ).toBe(403);
    expect((await shop.request('/cli/profiles/addresses/delete', json({ id }, intruder))).status).toBe(403);
    expect(
      (await shop.request('/cli/profiles/billing/addresses/delete', json({ id: billingId }, intruder))).status,
    ).toBe(403);

    const mine = await shop.request('/cli/profiles/addresses', bearer(owner));
    expect(mine.body.data).toEqual([expect.objectContaining({ id, city: 'Bari' })]);
    expect((await shop.request('/cli/profiles/billing/addresses', bearer(owner))).body.data).toHaveLength(1);
  });
});
