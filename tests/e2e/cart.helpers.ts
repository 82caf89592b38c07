// Shoppers and products for the cart and list journeys: a confirmed customer
// made through the API (signup, mailed link, login), whose session is given to the
// browser as the shop's login gives it (the HttpOnly cookie, the profile in localStorage,
// decision 027) before pages load, and products read from the shop's own API.
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { signupRequest } from '../signup-request.ts';

export const PASSWORD = 'Orecchiette1!';
const fakeIp = () =>
  `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
export const uniqueEmail = (info: TestInfo, tag: string) =>
  `${tag}.${info.project.name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.it`;

export interface Shopper {
  email: string;
  /** The session as the apps hold it (a bearer token), for the tests' own API calls; the browser gets it as its cookie. */
  jwt: string;
  profile: Record<string, unknown>;
  role: 'CUSTOMER' | 'OPERATOR';
}

export async function signedUpShopper(request: APIRequestContext, email: string): Promise<Shopper> {
  const headers = { 'X-Forwarded-For': fakeIp() };
  const signup = await request.post('/cli/profiles/signup', {
    headers,
    data: signupRequest(email, PASSWORD),
  });
  expect((await signup.json()).responseCode, 'signup').toBe(0);
  const outbox = (await (await request.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    messages: { text: string }[];
  };
  const link = new URL(/(https?:\/\/\S+)/.exec(outbox.messages[0]!.text)![1]!);
  await request.get(`${link.pathname}${link.search}`, { maxRedirects: 0 });
  const login = (await (
    await request.post('/cli/profiles/login', { headers, data: { username: email, password: PASSWORD } })
  ).json()) as { responseCode: number; data: { jwt: string; profile: Record<string, unknown>; role: Shopper['role'] } };
  expect(login.responseCode, 'login').toBe(0);
  return { email, ...login.data };
}

/** The name of the session cookie on the tests' plain-http shop (src/server/auth/session-cookie.ts). */
export const SESSION_COOKIE = 'spesa_session';

/**
 * The shopper is logged in on every page this test opens, as after the login panel: the session in
 * its HttpOnly cookie, the profile (no token) in localStorage; the cookie notice is already accepted.
 */
export async function logIn(page: Page, shopper: Shopper): Promise<void> {
  const url = shopOrigin(test.info());
  await page.context().addCookies([{ name: SESSION_COOKIE, value: shopper.jwt, url, httpOnly: true, sameSite: 'Lax' }]);
  await page.addInitScript(
    (user) => {
      localStorage.setItem('spesa.user', JSON.stringify(user));
      localStorage.setItem('spesa.cookieAcceptedAt', new Date().toISOString());
    },
    { profile: shopper.profile, role: shopper.role },
  );
}

/** The shop's origin: a write carrying the session cookie must say it (decision 027). */
export const shopOrigin = (info: TestInfo): string => new URL(info.project.use.baseURL!).origin;

/** The Cookie header of the browser's session, as someone replaying it elsewhere (curl) would send it. */
export async function sessionCookieHeader(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(cookie, 'the session cookie').toBeDefined();
  return `${SESSION_COOKIE}=${cookie!.value}`;
}

export async function apiCall<T>(
  request: APIRequestContext,
  shopper: Shopper,
  path: string,
  body?: unknown,
): Promise<{ responseCode: number; data: T; errorMessage?: string }> {
  const headers = { Authorization: `Bearer ${shopper.jwt}` };
  const response =
    body === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data: body });
  return (await response.json()) as { responseCode: number; data: T; errorMessage?: string };
}

export interface ShopProduct {
  barcode: string;
  description: string;
  brand: string | null;
  um: 'PZ' | 'KG';
  umStep: number;
  minWeight: number | null;
  maxAmount: number | null;
  netPrice: number;
  available: boolean;
}

/** Products sold by the store, as its API answers them. */
export async function storeProducts(request: APIRequestContext, storeId: number): Promise<ShopProduct[]> {
  const all: ShopProduct[] = [];
  for (let p = 0; p < 10; p++) {
    const page = (await (await request.get(`/cli/ecommerce/products/${storeId}/?p=${p}&s=100`)).json()) as {
      data: { data: ShopProduct[]; last: boolean };
    };
    all.push(...page.data.data);
    if (page.data.last) break;
  }
  return all.filter((x) => x.available);
}

export async function driveStore(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const body = (await (await request.get('/cli/stores/ecommerce/delivery?delivery=DRIVE')).json()) as {
    data: { id: number; name: string }[];
  };
  const store = body.data.find((s) => s.id === 1109) ?? body.data[0];
  if (!store) throw new Error('No store offers DRIVE');
  return store;
}

export const euro = (amount: number): string =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(amount);

/** Logs in through the header's login panel, as a person does. */
export async function logInThroughPanel(page: Page, email: string, password: string): Promise<void> {
  const panel = page.getByRole('dialog', { name: 'Accedi' });
  // A click before the header has hydrated does nothing: click again until the panel opens.
  await expect(async () => {
    if (!(await panel.isVisible())) await page.getByRole('banner').getByRole('button', { name: 'Accedi' }).click();
    await expect(panel).toBeVisible({ timeout: 2000 });
  }).toPass();
  await panel.getByLabel('Username (e-mail)').fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Accedi' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Il tuo profilo/ })).toBeVisible();
}

/**
 * A signed-up shopper with an open in-store cart of `count` products of the
 * default store (sold by the piece, not water, and passing `keep`), logged in
 * on `page`.
 */
export async function loggedInWithCart(
  page: Page,
  request: APIRequestContext,
  email: string,
  keep: (product: ShopProduct) => boolean = () => true,
  count = 2,
): Promise<{ shopper: Shopper; chosen: ShopProduct[] }> {
  const shopper = await signedUpShopper(request, email);
  const cart = await apiCall<{ id: number }>(request, shopper, '/cli/ecommerce/cart/open', {
    storeId: 1109,
    deliveryMode: 'IN_STORE',
  });
  expect(cart.responseCode, 'cart/open').toBe(0);
  const chosen = (await storeProducts(request, 1109))
    .filter((p) => p.available && p.um === 'PZ' && !/acqua/i.test(p.description) && keep(p))
    .slice(0, count);
  for (const product of chosen) {
    const added = await apiCall(request, shopper, '/cli/ecommerce/cart/store', {
      cartId: cart.data.id,
      barcode: product.barcode,
      amount: 1,
    });
    expect(added.responseCode, 'cart/store').toBe(0);
  }
  await logIn(page, shopper);
  return { shopper, chosen };
}
