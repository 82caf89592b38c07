// Registered, confirmed, logged-in shoppers for API tests, made through the
// real signup, mailed confirmation link and login.
import { cart } from '#src/shared/contract/cart.ts';
import { slot, slotDay } from '#src/shared/contract/checkout.ts';
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

export interface BookingOptions {
  /** The order's contact address. */
  email: string;
  /** The cart's rows (store 1109, store pickup). */
  rows: { barcode: string; amount?: number; weight?: number }[];
  paymentMode?: 'CASH' | 'XPAY';
  /** The shopper's consent to substitutes (enableProductsReplacement). */
  replacements?: boolean;
  /**
   * What the store's confirmation may do without asking the shopper (decision 018); the shop's
   * defaults (changes up to 10,00 €) when not given.
   */
  acceptChanges?: boolean;
  acceptChangesLimit?: number;
  /** The slot to book; by default the first free slot of the first day with one. */
  slotId?: number;
  /** Runs once the rows are in the cart, before the slot is chosen (a quote, a substitute choice). */
  beforeBooking?: (cartId: number) => Promise<void>;
}

/** A shopper's booked order, made as the checkout makes it: open a cart, add the rows, pick a slot, book. */
export async function bookOrder(shop: Shop, token: string, options: BookingOptions) {
  const opened = cart.parse(
    (await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token))).body
      .data,
  );
  for (const row of options.rows) {
    const stored = await shop.request('/cli/ecommerce/cart/store', post({ cartId: opened.id, ...row }, token));
    if (stored.body.responseCode !== 0) throw new Error(`cart/store failed: ${JSON.stringify(stored.body)}`);
  }
  await options.beforeBooking?.(opened.id);
  let slotId = options.slotId;
  if (slotId === undefined) {
    const days = slotDay
      .array()
      .parse((await shop.request(`/cli/ecommerce/slots/${opened.id}/days`, bearer(token))).body.data);
    const day = days.find((d) => d.available)!.day;
    const slots = slot
      .array()
      .parse((await shop.request(`/cli/ecommerce/slots/${opened.id}?day=${day}`, bearer(token))).body.data);
    slotId = slots.find((s) => s.available)!.id;
  }
  const frozen = await shop.request(
    '/cli/ecommerce/cart/freeze',
    post(
      {
        cartId: opened.id,
        timeSlotId: slotId,
        profileEmail: options.email,
        profileMobilePhone: '3331234567',
        firstName: 'Anna',
        lastName: 'Rossi',
        paymentMode: options.paymentMode ?? 'CASH',
        invoice: false,
        enableProductsReplacement: options.replacements ?? false,
        ...(options.acceptChanges === undefined ? {} : { acceptChanges: options.acceptChanges }),
        ...(options.acceptChangesLimit === undefined ? {} : { acceptChangesLimit: options.acceptChangesLimit }),
      },
      token,
    ),
  );
  if (frozen.body.responseCode !== 0) throw new Error(`cart/freeze failed: ${JSON.stringify(frozen.body)}`);
  const order = (await shop.request('/cli/ecommerce/orders?s=5&p=0', bearer(token))).body.data.data[0];
  return {
    cartId: opened.id,
    slotId,
    orderId: order.id as number,
    number: order.number as string,
    code: cart.parse(frozen.body.data).code!,
  };
}
