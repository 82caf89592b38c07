// The browser's session out of page scripts' reach (decision 027, issue 65): the login puts it in
// an HttpOnly, SameSite=Lax cookie and never in the answer, every write carrying the cookie must
// come from the shop's own pages, a logout ends it on the server and takes the cookie back, and
// the apps keep their bearer token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './harness.ts';
import { bearer, post, shopper } from './shoppers.ts';

const PASSWORD = 'Orecchiette1!';
/** app.request's requests are made to this origin: the shop's own. */
const SHOP = 'http://localhost';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ products: 20 });
});
afterAll(() => shop.close());

/** Logs in as the shop's pages do; answers the body and the Set-Cookie header. */
async function cookieLogin(app: TestShop['app'], username: string, cookie?: string) {
  const response = await app.request('/cli/profiles/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SHOP, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({ username, password: PASSWORD, session: 'cookie' }),
  });
  const setCookie = response.headers.getSetCookie().find((c) => c.includes('spesa_session='));
  return { body: (await response.json()) as any, setCookie: setCookie ?? '' };
}

/** The Cookie header a browser sends back for a Set-Cookie. */
const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;

const sessionWith = (cookie: string) => shop.request('/cli/profiles/login', { headers: { Cookie: cookie } });

const profileUpdate = {
  firstName: 'Anna',
  lastName: 'Bianchi',
  mobilePhone: '3331234567',
  ssnCode: 'RSSNNA85D52A662X',
  cards: [],
};

describe('the session cookie', () => {
  it('is HttpOnly and SameSite=Lax, lasts as long as the session, and the answer holds no token', async () => {
    await shopper(shop, 'cookie.anna@example.it');
    const { body, setCookie } = await cookieLogin(shop.app, 'cookie.anna@example.it');
    expect(body.responseCode).toBe(0);
    expect(body.data).not.toHaveProperty('jwt');
    expect(body.data.role).toBe('CUSTOMER');
    expect(body.data.profile.email).toBe('cookie.anna@example.it');
    expect(setCookie).toMatch(/^spesa_session=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain('Max-Age=43200');
    // Served over plain http (development, the browser tests): a Secure cookie would not come back.
    expect(setCookie).not.toContain('Secure');

    // The cookie is the session: the refresh answers the profile, never the token.
    const refreshed = await sessionWith(cookieOf(setCookie));
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.profile.firstName).toBe('Anna');
    expect(refreshed.body.data).not.toHaveProperty('jwt');
    expect(
      (await shop.request('/cli/ecommerce/cart/current', { headers: { Cookie: cookieOf(setCookie) } })).status,
    ).toBe(200);
  });

  it('is Secure, under the __Host- prefix, where the shop is served over https; a plain-named one counts for nothing there', async () => {
    const secureShop = await createTestShop({ products: 20, env: { PUBLIC_URL: 'https://spesa.example.it' } });
    try {
      await shopper(secureShop, 'cookie.https@example.it');
      const response = await secureShop.app.request('/cli/profiles/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://spesa.example.it' },
        body: JSON.stringify({ username: 'cookie.https@example.it', password: PASSWORD, session: 'cookie' }),
      });
      const setCookie = response.headers.getSetCookie().find((c) => c.includes('spesa_session='))!;
      expect(setCookie).toMatch(/^__Host-spesa_session=/);
      expect(setCookie).toContain('Secure');
      expect(setCookie).toContain('Path=/');
      expect(setCookie).not.toContain('Domain');
      const token = cookieOf(setCookie).split('=')[1]!;
      const asHost = await secureShop.request('/cli/profiles/login', { headers: { Cookie: cookieOf(setCookie) } });
      expect(asHost.status).toBe(200);
      // A sibling subdomain could set a cookie of the plain name: it is not the session.
      const plain = await secureShop.request('/cli/profiles/login', { headers: { Cookie: `spesa_session=${token}` } });
      expect(plain.status).toBe(401);
    } finally {
      await secureShop.close();
    }
  });

  it('a login that replaces the cookie ends the session it held (a logout made offline not yet sent)', async () => {
    await shopper(shop, 'cookie.replaced@example.it');
    const first = cookieOf((await cookieLogin(shop.app, 'cookie.replaced@example.it')).setCookie);
    const second = cookieOf((await cookieLogin(shop.app, 'cookie.replaced@example.it', first)).setCookie);
    expect((await sessionWith(first)).status).toBe(401);
    expect((await sessionWith(second)).status).toBe(200);
  });
});

describe('writes carrying the cookie come from the shop’s own pages (CSRF)', () => {
  let cookie: string;
  beforeAll(async () => {
    await shopper(shop, 'csrf.anna@example.it');
    cookie = cookieOf((await cookieLogin(shop.app, 'csrf.anna@example.it')).setCookie);
  });

  const update = (headers: Record<string, string>, body = JSON.stringify(profileUpdate)) =>
    shop.request('/cli/profiles', { method: 'PUT', headers: { Cookie: cookie, ...headers }, body });
  const lastName = async () => (await sessionWith(cookie)).body.data.profile.lastName as string;

  it('refuses a form posted by a page of another site, or of another port of the same host, with 403', async () => {
    const form = new URLSearchParams({ firstName: 'X', lastName: 'Rubato' }).toString();
    for (const origin of ['https://evil.example', 'http://localhost:4499', 'null']) {
      const refused = await shop.request('/cli/profiles/logout', {
        method: 'POST',
        headers: { Cookie: cookie, Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      expect(refused.status, origin).toBe(403);
      expect(refused.body).toMatchObject({
        responseCode: 4000,
        errorMessage: 'Richiesta non consentita: non proviene dalle pagine del negozio.',
      });
    }
    const plain = await update({ Origin: 'https://evil.example', 'Content-Type': 'text/plain' });
    expect(plain.status).toBe(403);
    // Nothing changed, and the session still stands: the refused logout did not end it.
    expect(await lastName()).toBe('Rossi');
  });

  it('refuses by Sec-Fetch-Site when the browser sends no Origin, and a cookie write with neither', async () => {
    for (const site of ['cross-site', 'same-site']) {
      expect((await update({ 'Sec-Fetch-Site': site, 'Content-Type': 'text/plain' })).status, site).toBe(403);
    }
    const bare = await shop.request('/cli/profiles/logout', { method: 'POST', headers: { Cookie: cookie } });
    expect(bare.status).toBe(403);
    expect(await lastName()).toBe('Rossi');
  });

  it('lets the shop’s own pages write: its Origin, or Sec-Fetch-Site same-origin', async () => {
    const byOrigin = await update({ Origin: SHOP, 'Content-Type': 'application/json' });
    expect(byOrigin.status).toBe(200);
    expect(byOrigin.body.data.lastName).toBe('Bianchi');
    const bySite = await update(
      { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
      JSON.stringify({ ...profileUpdate, lastName: 'Rossi' }),
    );
    expect(bySite.status).toBe(200);
    expect(await lastName()).toBe('Rossi');
  });

  it('grants no other origin a JSON call: the preflight a browser would need answers no CORS permission', async () => {
    const preflight = await shop.app.request('/cli/profiles', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'PUT' },
    });
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(preflight.headers.get('Access-Control-Allow-Credentials')).toBeNull();
  });
});

describe('logout', () => {
  it('ends the cookie’s session on the server and takes the cookie back; the old cookie then gets 401', async () => {
    await shopper(shop, 'logout.anna@example.it');
    const cookie = cookieOf((await cookieLogin(shop.app, 'logout.anna@example.it')).setCookie);
    const response = await shop.app.request('/cli/profiles/logout', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: SHOP, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith('spesa_session='))!;
    expect(cleared).toMatch(/^spesa_session=;/);
    expect(cleared).toContain('Max-Age=0');
    expect((await sessionWith(cookie)).status).toBe(401);
    expect((await shop.request('/cli/ecommerce/cart/current', { headers: { Cookie: cookie } })).body.errorMessage).toBe(
      'Accesso richiesto.',
    );
  });

  it('sent again for a session already ended (a queued logout arriving twice): 401, and the cookie taken back all the same', async () => {
    await shopper(shop, 'logout.twice@example.it');
    const cookie = cookieOf((await cookieLogin(shop.app, 'logout.twice@example.it')).setCookie);
    const send = () =>
      shop.app.request('/cli/profiles/logout', {
        method: 'POST',
        headers: { Cookie: cookie, Origin: SHOP, 'Content-Type': 'application/json' },
        body: '{}',
      });
    expect((await send()).status).toBe(200);
    const again = await send();
    expect(again.status).toBe(401);
    expect(again.headers.getSetCookie().some((c) => /^spesa_session=;.*Max-Age=0/.test(c))).toBe(true);
  });
});

describe('the apps’ bearer token', () => {
  it('is still answered by a login without session (or with session "token") and accepted without any Origin', async () => {
    const jwt = await shopper(shop, 'bearer.anna@example.it');
    const refreshed = await shop.request('/cli/profiles/login', bearer(jwt));
    expect(refreshed.body.data.jwt).toBe(jwt);
    expect(refreshed.body.data.role).toBe('CUSTOMER');
    const login = await shop.app.request(
      '/cli/profiles/login',
      post({ username: 'bearer.anna@example.it', password: PASSWORD, session: 'token' }),
    );
    expect(login.headers.getSetCookie().some((c) => c.includes('spesa_session'))).toBe(false);
    const second = ((await login.json()) as any).data.jwt as string;
    // A write of an app: no Origin, no Sec-Fetch-Site, no body.
    const logout = await shop.request('/cli/profiles/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${second}` },
    });
    expect(logout.status).toBe(200);
    expect((await shop.request('/cli/profiles/login', bearer(second))).status).toBe(401);
    expect((await shop.request('/cli/profiles/login', bearer(jwt))).status).toBe(200);
  });

  it('the OpenAPI document names both ways of presenting the session', async () => {
    const doc = (await shop.request('/cli/openapi.json')).body;
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.cookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'spesa_session',
    });
    expect(doc.security).toEqual([{ bearer: [] }, { cookie: [] }, {}]);
  });
});
