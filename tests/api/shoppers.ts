// Registered, confirmed, logged-in shoppers for API tests, made through the
// real signup, mailed confirmation link and login.
import type { createTestShop } from './harness.ts';

type Shop = Awaited<ReturnType<typeof createTestShop>>;

export const post = (body: unknown, token?: string): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});
export const bearer = (token: string): RequestInit => ({ headers: { Authorization: `Bearer ${token}` } });

export async function shopper(shop: Shop, username: string, password = 'Orecchiette1!'): Promise<string> {
  const signup = await shop.request(
    '/cli/profiles/signup',
    post({
      username,
      password,
      profile: {
        firstName: 'Anna',
        lastName: 'Rossi',
        birthDate: '1985-04-12',
        mobilePhone: '3331234567',
        ssnCode: 'RSSNNA85D52A662X',
        cards: [],
      },
      accept1: true,
      accept2: true,
    }),
  );
  if (signup.body.responseCode !== 0) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const mail = (await shop.request(`/dev/outbox?to=${encodeURIComponent(username)}`)).body.messages[0];
  const link = new URL(/(http\S+)/.exec(mail.text)![1]!);
  await shop.app.request(`${link.pathname}${link.search}`);
  const login = await shop.request('/cli/profiles/login', post({ username, password }));
  if (login.body.responseCode !== 0) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return login.body.data.jwt as string;
}

/** Many confirmed shoppers at once, written straight to the database (for races). */
export async function quickShoppers(shop: Shop, count: number, prefix: string): Promise<string[]> {
  const { hash } = await import('@node-rs/argon2');
  const { sessionKey, signSession } = await import('#src/server/auth/session-token.ts');
  const passwordHash = await hash('Orecchiette1!');
  const key = await sessionKey(shop.handle.db, undefined);
  const tokens: string[] = [];
  for (let n = 0; n < count; n++) {
    const email = `${prefix}${n}@example.it`;
    const user = await shop.handle.db
      .insertInto('users')
      .values({
        username: email,
        password_hash: passwordHash,
        operator_store_id: null,
        confirmed_at: new Date(),
        deletion_requested_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await shop.handle.db
      .insertInto('profiles')
      .values({
        user_id: user.id,
        first_name: 'Cliente',
        last_name: String(n),
        birth_date: null,
        mobile_phone: '3331234567',
        email,
        ssn_code: null,
      })
      .execute();
    await shop.handle.db.insertInto('consents').values({ user_id: user.id, accept1: true, accept2: true }).execute();
    tokens.push(await signSession(key, user.id, 'CUSTOMER'));
  }
  return tokens;
}

/**
 * A product of store 1109 sold by the piece, available, not a water pack, at a
 * plain 2,50 € (its promotions removed): order totals in tests stay simple.
 */
export async function plainPiece(shop: Shop): Promise<{ barcode: string; id: number }> {
  const piece = await shop.handle.db
    .selectFrom('products as p')
    .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
    .select(['p.barcode', 'p.id'])
    .where('sp.store_id', '=', 1109)
    .where('sp.available', '=', true)
    .where('p.um', '=', 'PZ')
    .where('p.water_pack', '=', false)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  await shop.handle.db
    .updateTable('store_products')
    .set({ price_cents: 250 })
    .where('product_id', '=', piece.id)
    .execute();
  await shop.handle.db.deleteFrom('promotions').where('product_id', '=', piece.id).execute();
  return piece;
}
