// The cart write, the slot listings, the current cart and the header's first
// slot check the shopper's account in their own statement (auth/session-token.ts,
// accountStandsIn) instead of one of its own before them. After a logout, a password change on another device or a reset
// they answer 401 as every other call does, before any error of the cart's, and
// the cart stays as it was: also when the memo holds the cart and the product
// and the write is the call's only statement (services/cart-memo.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema } from '#src/shared/contract/cart.ts';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { createTestShop } from './harness.ts';
import { bearer, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
/** Pieces sold in store 1109, not water (the test shop's feed: seedIfEmpty, 200 products, seed 1). */
let pieces: string[];

beforeAll(async () => {
  shop = await createTestShop({ products: 200 });
  const feed = generateCatalogue({ products: 200 });
  const sold = new Set(feed.prices.filter((p) => p.storeId === 1109 && p.available !== false).map((p) => p.barcode));
  pieces = feed.products
    .filter((p) => p.um === 'PZ' && !p.waterPack && sold.has(p.barcode))
    .map((p) => p.barcode)
    .slice(0, 3);
  expect(pieces).toHaveLength(3);
});
afterAll(() => shop.close());

async function openCart(token: string) {
  const { body } = await shop.request(
    '/cli/ecommerce/cart/open',
    post({ storeId: 1109, deliveryMode: 'DRIVE' }, token),
  );
  expect(body.responseCode).toBe(0);
  return cartSchema.parse(body.data);
}

const store = (token: string, cartId: number, barcode: string, amount: number) =>
  shop.request('/cli/ecommerce/cart/store', post({ cartId, barcode, amount }, token));

const login = async (username: string) =>
  (await shop.request('/cli/profiles/login', post({ username, password: 'Orecchiette1!' }))).body.data.jwt as string;

/** The cart's rows in the database: barcode and amount. */
const rowsOf = async (cartId: number) =>
  (
    await sql<{ barcode: string; amount: number }>`SELECT p.barcode, ci.amount FROM cart_items ci
      JOIN products p ON p.id = ci.product_id WHERE ci.cart_id = ${cartId} ORDER BY ci.id`.execute(shop.handle.db)
  ).rows.map((r) => [r.barcode, Number(r.amount)]);

const slotCalls = (cartId: number) => [
  `/cli/ecommerce/slots/${cartId}/days`,
  `/cli/ecommerce/slots/${cartId}?weekDay=3`,
];

/** What every logged-in page asks for first (BaseLayout's early start): the current cart and the header's first slot. */
const pageCalls = ['/cli/ecommerce/cart/current', '/cli/ecommerce/slots/first/available'];

/** Each of `paths` answers `token` with `status`. */
async function expectStatus(paths: string[], token: string, status: number) {
  for (const path of paths) expect((await shop.request(path, bearer(token))).status, path).toBe(status);
}

describe('the calls that check the account in their own statement', () => {
  it('refuse a logged-out session with 401 and leave the cart as it was, memo or not', async () => {
    const token = await shopper(shop, 'stands.logout@example.it');
    const cart = await openCart(token);
    // Twice each: the memo now holds the cart and both products, and a write of them is one statement.
    for (const amount of [1, 2]) {
      expect((await store(token, cart.id, pieces[0]!, amount)).body.responseCode).toBe(0);
      expect((await store(token, cart.id, pieces[1]!, amount)).body.responseCode).toBe(0);
    }
    await expectStatus([...slotCalls(cart.id), ...pageCalls], token, 200);
    expect((await shop.request('/cli/profiles/logout', post({}, token))).body.responseCode).toBe(0);

    // A product of the memo, one it has not seen, a removal, and a quantity its checks refuse.
    for (const [barcode, amount] of [
      [pieces[0]!, 5],
      [pieces[2]!, 1],
      [pieces[1]!, 0],
      [pieces[0]!, 0.5],
    ] as const) {
      const answer = await store(token, cart.id, barcode, amount);
      expect(answer.status, `${barcode} × ${amount}`).toBe(401);
    }
    expect(await rowsOf(cart.id)).toEqual([
      [pieces[0], 2],
      [pieces[1], 2],
    ]);
    await expectStatus([...slotCalls(cart.id), ...pageCalls], token, 401);
    // 401 before the cart's own errors: a cart that does not exist is not told apart.
    expect((await store(token, 999_999, pieces[0]!, 1)).status).toBe(401);
    for (const path of slotCalls(999_999)) expect((await shop.request(path, bearer(token))).status, path).toBe(401);
  });

  it('refuse a logged-out session without a cart, where the current cart and the first slot have no cart to read', async () => {
    const token = await shopper(shop, 'stands.nocart@example.it');
    expect((await shop.request('/cli/ecommerce/cart/current', bearer(token))).body).toEqual({
      responseCode: 0,
      data: null,
    });
    await expectStatus(pageCalls, token, 200);
    expect((await shop.request('/cli/profiles/logout', post({}, token))).body.responseCode).toBe(0);
    await expectStatus(pageCalls, token, 401);
  });

  it('refuse the sessions a password change ended, and keep serving the one that changed it', async () => {
    const username = 'stands.password@example.it';
    await shopper(shop, username);
    const phone = await login(username);
    const stolen = await login(username);
    const cart = await openCart(phone);
    for (const token of [phone, stolen])
      expect((await store(token, cart.id, pieces[0]!, 1)).body.responseCode, 'both sessions write').toBe(0);
    const change = await shop.request(
      '/cli/profiles/password/change',
      post({ oldPassword: 'Orecchiette1!', newPassword: 'Taralli2024!' }, phone),
    );
    expect(change.body.responseCode).toBe(0);

    expect((await store(stolen, cart.id, pieces[0]!, 4)).status).toBe(401);
    expect((await store(stolen, cart.id, pieces[1]!, 1)).status).toBe(401);
    await expectStatus([...slotCalls(cart.id), ...pageCalls], stolen, 401);
    expect(await rowsOf(cart.id)).toEqual([[pieces[0], 1]]);

    const written = await store(phone, cart.id, pieces[0]!, 3);
    expect(written.body.responseCode).toBe(0);
    expect(cartSchema.parse(written.body.data.cart).items.map((i) => [i.barcode, i.amount])).toEqual([[pieces[0], 3]]);
    await expectStatus([...slotCalls(cart.id), ...pageCalls], phone, 200);
    expect((await shop.request('/cli/ecommerce/cart/current', bearer(phone))).body.data.id).toBe(cart.id);
  });

  it('refuse every session of an account whose password was reset', async () => {
    const username = 'stands.reset@example.it';
    const token = await shopper(shop, username);
    const cart = await openCart(token);
    expect((await store(token, cart.id, pieces[0]!, 1)).body.responseCode).toBe(0);
    expect((await store(token, cart.id, pieces[0]!, 2)).body.responseCode).toBe(0);
    // As the mailed reset does (services/accounts.ts endSessions): every session issued until now ends.
    await sql`UPDATE users SET sessions_valid_from = now(), session_kept_jti = NULL
      WHERE username = ${username}`.execute(shop.handle.db);
    expect((await store(token, cart.id, pieces[0]!, 3)).status).toBe(401);
    await expectStatus([...slotCalls(cart.id), ...pageCalls], token, 401);
    expect(await rowsOf(cart.id)).toEqual([[pieces[0], 2]]);
  });
});
