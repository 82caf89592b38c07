// A profile deletion request reaches the cooperative (docs/product.md §2: the request goes
// to the cooperative and is handled within 48 hours after checks; a profile with
// a shopping in progress cannot be deleted automatically): the privacy mailbox
// gets it with the customer's identity and store staff see it listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deletionRequest,
  REFUSAL_SHOPPING_IN_PROGRESS,
  STAFF_SHOPPING_IN_PROGRESS,
} from '#src/shared/contract/deletion-requests.ts';
import { loadConfig } from '#src/server/config.ts';
import { createOperator } from '#src/server/services/operators.ts';
import { carryOutDeletion } from '#src/server/services/deletion-requests.ts';
import { createPayments } from '#src/server/services/payments.ts';
import { createMailer } from '#src/server/mail/mailer.ts';
import { deliverDue } from '#src/server/mail/queue.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { createTestShop } from './harness.ts';
import { bearer, bookOrder, plainPiece, post, shopper } from './shoppers.ts';

const PRIVACY = 'dpo@coop.example.it';
let shop: Awaited<ReturnType<typeof createTestShop>>;
let operator: string;

beforeAll(async () => {
  shop = await createTestShop({ products: 100, env: { PRIVACY_EMAIL: PRIVACY } });
  // An operator of another store than the customers': the requests are the cooperative's, not one store's.
  await createOperator(shop.handle.db, {
    email: 'privacy.cassa@coop.example.it',
    password: 'Cassa2026!',
    storeId: 1110,
    firstName: 'Gino',
    lastName: 'Cassa',
  });
  operator = (
    await shop.request(
      '/cli/profiles/login',
      post({ username: 'privacy.cassa@coop.example.it', password: 'Cassa2026!' }),
    )
  ).body.data.jwt;
});
afterAll(() => shop.close());

const mailTo = async (address: string) =>
  (await shop.request(`/dev/outbox?to=${encodeURIComponent(address)}`)).body.messages as {
    subject: string;
    text: string;
  }[];
const pending = async (token: string) => shop.request('/cli/ops/deletion-requests', bearer(token));

async function bookedOrder(token: string) {
  const piece = await plainPiece(shop);
  return bookOrder(shop, token, { email: 'x@example.it', rows: [{ barcode: piece.barcode, amount: 12 }] });
}

const userOf = async (email: string) =>
  (await shop.handle.db.selectFrom('users').select('id').where('username', '=', email).executeTakeFirstOrThrow()).id;
const act = (userId: number, action: 'delete' | 'refuse', token?: string, body: unknown = {}) =>
  shop.request(`/cli/ops/deletion-requests/${userId}/${action}`, post(body, token));

describe('a profile deletion request', () => {
  it('is mailed to the privacy address with who asked and by when it is due, and confirmed to the customer', async () => {
    const token = await shopper(shop, 'elimina.me@example.it');
    expect((await shop.request('/cli/profiles/deleteRequest', post({}, token))).body).toEqual({
      responseCode: 0,
      data: null,
    });
    const [mail, ...more] = await mailTo(PRIVACY);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Richiesta di eliminazione del profilo: Anna Rossi');
    const { id } = await shop.handle.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'elimina.me@example.it')
      .executeTakeFirstOrThrow();
    for (const line of [
      'Cliente: Anna Rossi',
      'E-mail: elimina.me@example.it',
      'Codice fiscale: RSSNNA85D52A662X',
      'Cellulare: 3331234567',
      `Numero cliente: ${id}`,
    ]) {
      expect(mail!.text).toContain(line);
    }
    expect(mail!.text).toMatch(/Da gestire entro: .+ \(48 ore, dopo le verifiche\)/);
    const own = await mailTo('elimina.me@example.it');
    expect(own.find((m) => m.subject === 'Richiesta di eliminazione del profilo ricevuta')!.text).toContain(
      "l'abbiamo inviata alla cooperativa. Dopo le verifiche necessarie verrà eseguita entro 48 ore.",
    );

    // Asking again is the same request: the cooperative is not mailed twice.
    expect((await shop.request('/cli/profiles/deleteRequest', post({}, token))).body.responseCode).toBe(0);
    expect(await mailTo(PRIVACY)).toHaveLength(1);
  });

  it('is listed for store staff with its 48-hour deadline, and flagged once a shopping is in progress', async () => {
    const token = await shopper(shop, 'elimina.lista@example.it');
    await shop.request('/cli/profiles/deleteRequest', post({}, token));
    const { body } = await pending(operator);
    expect(body.responseCode).toBe(0);
    const listed = deletionRequest
      .array()
      .parse(body.data)
      .find((r) => r.email === 'elimina.lista@example.it');
    expect(listed).toMatchObject({ firstName: 'Anna', lastName: 'Rossi', shoppingInProgress: false });
    expect(new Date(listed!.dueBy).getTime() - new Date(listed!.requestedAt).getTime()).toBe(48 * 3_600_000);

    await bookedOrder(token);
    const again = deletionRequest
      .array()
      .parse((await pending(operator)).body.data)
      .find((r) => r.email === 'elimina.lista@example.it');
    expect(again).toMatchObject({ shoppingInProgress: true });
  });

  it('with a shopping in progress is refused (4206: go to a store), reaches nobody and is not listed', async () => {
    const token = await shopper(shop, 'elimina.spesa@example.it');
    await bookedOrder(token);
    const before = (await mailTo(PRIVACY)).length;
    expect((await shop.request('/cli/profiles/deleteRequest', post({}, token))).body).toEqual({
      responseCode: 4206,
      errorMessage:
        'Hai una spesa in corso: il profilo non può essere eliminato automaticamente. Rivolgiti a un punto vendita.',
    });
    expect(await mailTo(PRIVACY)).toHaveLength(before);
    const list = deletionRequest.array().parse((await pending(operator)).body.data);
    expect(list.map((r) => r.email)).not.toContain('elimina.spesa@example.it');
  });

  it('cannot be listed by a customer or a visitor', async () => {
    const token = await shopper(shop, 'curioso@example.it');
    expect((await pending(token)).status).toBe(403);
    expect((await shop.request('/cli/ops/deletion-requests')).status).toBe(401);
  });

  it('goes to privacy@spesaonline.local unless PRIVACY_EMAIL says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).PRIVACY_EMAIL).toBe('privacy@spesaonline.local');
    expect(loadConfig({ NODE_ENV: 'test', PRIVACY_EMAIL: PRIVACY }).PRIVACY_EMAIL).toBe(PRIVACY);
    expect(() => loadConfig({ NODE_ENV: 'test', PRIVACY_EMAIL: 'non-una-mail' })).toThrow(/PRIVACY_EMAIL/);
  });
});

describe('store staff handling a profile deletion request', () => {
  it('carry it out: personal data erased, orders kept anonymised, sessions ended, login refused, mails sent, request recorded', async () => {
    const email = 'via.per.sempre@example.it';
    const token = await shopper(shop, email);
    const userId = await userOf(email);
    const db = shop.handle.db;
    // Everything a customer leaves behind: a finished order, addresses, a loyalty card, a list, a favourite, a current cart.
    await bookedOrder(token);
    // Its mails went out long ago (the pre-order's at booking), as the mail worker sends them.
    await deliverDue(db, createMailer(db, undefined, 'test@spesa'));
    const order = await db
      .updateTable('orders')
      .set({
        status: 'COLLECTED',
        notes: 'Citofono Rossi',
        ship_address: 'Via Roma',
        ship_street_number: '1',
        ship_city: 'Bari',
        ship_zip: '70121',
        ship_county: 'BA',
      })
      .where('user_id', '=', userId)
      .returning(['id', 'number', 'total_cents', 'store_id'])
      .executeTakeFirstOrThrow();
    await db
      .insertInto('addresses')
      .values({
        user_id: userId,
        address: 'Via Roma',
        street_number: '1',
        city: 'Bari',
        county: 'BA',
        zip: '70121',
        deleted_at: null,
      })
      .execute();
    await db
      .insertInto('billing_addresses')
      .values({
        user_id: userId,
        vat_code: '01234567890',
        ssn_code: null,
        company_name: 'Rossi srl',
        address: 'Via Roma',
        street_number: '1',
        zip: '70121',
        city: 'Bari',
        county: 'BA',
        phone: '0801234567',
        fax: null,
        pec: null,
        recipient_code: null,
        deleted_at: null,
      })
      .execute();
    await db.insertInto('loyalty_cards').values({ user_id: userId, code: '0248123456789' }).execute();
    const product = await db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db.insertInto('favourites').values({ user_id: userId, product_id: product.id }).execute();
    const list = await db
      .insertInto('shopping_lists')
      .values({ user_id: userId, title: 'Spesa di casa' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('list_items')
      .values({ list_id: list.id, type: 'CUSTOM', description: 'Pane', amount: '1' })
      .execute();
    expect(
      (await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token))).body
        .responseCode,
    ).toBe(0);
    expect((await shop.request('/cli/profiles/deleteRequest', post({}, token))).body.responseCode).toBe(0);

    expect((await act(userId, 'delete', operator)).body).toEqual({ responseCode: 0, data: null });

    // The old session ends at once and the old credentials are those of an unknown account.
    expect((await shop.request('/cli/profiles/login', bearer(token))).status).toBe(401);
    const unknown = (
      await shop.request('/cli/profiles/login', post({ username: 'nessuno.mai@example.it', password: 'Orecchiette1!' }))
    ).body;
    expect(
      (await shop.request('/cli/profiles/login', post({ username: email, password: 'Orecchiette1!' }))).body,
    ).toEqual(unknown);
    expect(unknown.responseCode).toBe(1);

    // Personal data erased or anonymised.
    const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user.username).toMatch(/^profilo-eliminato-\d+-[0-9a-f]{8}@eliminato\.invalid$/);
    expect(user.deleted_at).not.toBeNull();
    expect(user.deletion_requested_at).toBeNull();
    const profile = await db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(profile).toEqual({
      user_id: userId,
      first_name: 'Profilo',
      last_name: 'eliminato',
      birth_date: null,
      mobile_phone: null,
      email: user.username,
      ssn_code: null,
    });
    for (const table of [
      'addresses',
      'billing_addresses',
      'loyalty_cards',
      'favourites',
      'shopping_lists',
      'payment_methods',
      'auth_tokens',
    ] as const) {
      expect(await db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute(), table).toEqual([]);
    }
    expect(await db.selectFrom('list_items').select('id').where('list_id', '=', list.id).execute()).toEqual([]);
    // Of the mail queue's record of their mail (confirmation, request received) only the mail telling them it is done is left.
    expect(
      await db.selectFrom('mail_queue').select('subject').where('recipient', '=', email).orderBy('id').execute(),
    ).toEqual([{ subject: 'Il tuo profilo di Spesa online è stato eliminato' }]);
    const carts = await db.selectFrom('carts').select(['id', 'address_id']).where('user_id', '=', userId).execute();
    expect(carts).toHaveLength(1); // only the order's booked cart, emptied
    expect(await db.selectFrom('cart_items').select('id').where('cart_id', '=', carts[0]!.id).execute()).toEqual([]);

    // The order stays for the fiscal retention period, with its amounts and rows but none of the customer's data.
    const kept = await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({
      number: order.number,
      total_cents: order.total_cents,
      store_id: order.store_id,
      status: 'COLLECTED',
      user_id: userId,
      first_name: 'Cliente',
      last_name: 'eliminato',
      profile_email: user.username,
      profile_mobile_phone: '',
      notes: null,
      ship_address: null,
      ship_street_number: null,
      ship_city: null,
      ship_zip: null,
      ship_county: null,
      address_id: null,
      billing_address_id: null,
    });
    expect(
      (await db.selectFrom('order_rows').select('id').where('order_id', '=', order.id).execute()).length,
    ).toBeGreaterThan(0);
    expect(JSON.stringify(kept)).not.toMatch(/Rossi|3331234567|via\.per\.sempre/);

    // Handled: gone from the staff list, recorded with who and when.
    expect(
      deletionRequest
        .array()
        .parse((await pending(operator)).body.data)
        .map((r) => r.userId),
    ).not.toContain(userId);
    const operatorId = await userOf('privacy.cassa@coop.example.it');
    expect(
      await db
        .selectFrom('profile_deletions')
        .select(['outcome', 'handled_by', 'reason'])
        .where('user_id', '=', userId)
        .execute(),
    ).toEqual([{ outcome: 'DELETED', handled_by: operatorId, reason: null }]);

    // The customer is told at the address they had; the privacy mailbox is told who did it.
    const told = (await mailTo(email)).find((m) => m.subject === 'Il tuo profilo di Spesa online è stato eliminato');
    expect(told!.text).toContain('il tuo profilo di Spesa online è stato eliminato');
    const record = (await mailTo(PRIVACY)).find(
      (m) => m.subject === 'Profilo eliminato: Anna Rossi' && m.text.includes(`Numero cliente: ${userId}`),
    );
    expect(record!.text).toContain(`E-mail: ${email}`);
    expect(record!.text).toContain('Eseguita da: Gino Cassa <privacy.cassa@coop.example.it>');
    expect(record!.text).toMatch(/Eseguita il: .+/);

    // Carrying it out twice is refused; the same address signs up again as a new customer.
    expect((await act(userId, 'delete', operator)).body.responseCode).toBe(4214);
    const again = await shopper(shop, email);
    expect(await userOf(email)).not.toBe(userId);
    const fresh = await shop.request('/cli/profiles/login', bearer(again));
    expect(fresh.body.data.profile).toMatchObject({ email, firstName: 'Anna' });
    expect((await shop.request('/cli/slists', bearer(again))).body.data).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ title: 'Spesa di casa' })]),
    );
  });

  it('is refused with 4206 while an order is in progress; staff then close it with the reason, which the customer receives', async () => {
    const email = 'ancora.in.corso@example.it';
    const token = await shopper(shop, email);
    const userId = await userOf(email);
    expect((await shop.request('/cli/profiles/deleteRequest', post({}, token))).body.responseCode).toBe(0);
    await bookedOrder(token);

    expect((await act(userId, 'delete', operator)).body).toEqual({
      responseCode: 4206,
      errorMessage: STAFF_SHOPPING_IN_PROGRESS,
    });
    // Nothing changed: the shopper still logs in, the request is still pending.
    expect((await shop.request('/cli/profiles/login', bearer(token))).status).toBe(200);
    expect(
      (await shop.request('/cli/profiles/login', post({ username: email, password: 'Orecchiette1!' }))).body
        .responseCode,
    ).toBe(0);
    expect(
      deletionRequest
        .array()
        .parse((await pending(operator)).body.data)
        .find((r) => r.userId === userId),
    ).toMatchObject({ shoppingInProgress: true });

    // A reason is required.
    const blank = await act(userId, 'refuse', operator, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect(await db().selectFrom('profile_deletions').select('id').where('user_id', '=', userId).execute()).toEqual([]);

    expect((await act(userId, 'refuse', operator, { reason: REFUSAL_SHOPPING_IN_PROGRESS })).body).toEqual({
      responseCode: 0,
      data: null,
    });
    expect(
      deletionRequest
        .array()
        .parse((await pending(operator)).body.data)
        .map((r) => r.userId),
    ).not.toContain(userId);
    const told = (await mailTo(email)).find(
      (m) => m.subject === 'La tua richiesta di eliminazione del profilo non è stata eseguita',
    );
    expect(told!.text).toContain(`Motivo: ${REFUSAL_SHOPPING_IN_PROGRESS}`);
    const record = (await mailTo(PRIVACY)).find(
      (m) =>
        m.subject === 'Richiesta di eliminazione chiusa senza eliminare il profilo: Anna Rossi' &&
        m.text.includes(`Numero cliente: ${userId}`),
    );
    expect(record!.text).toContain('Chiusa da: Gino Cassa <privacy.cassa@coop.example.it>');
    expect(
      await db().selectFrom('profile_deletions').select(['outcome', 'reason']).where('user_id', '=', userId).execute(),
    ).toEqual([{ outcome: 'REFUSED', reason: REFUSAL_SHOPPING_IN_PROGRESS }]);
    // The profile is untouched and the closed request cannot be carried out any more.
    expect((await shop.request('/cli/profiles/login', bearer(token))).body.data.profile).toMatchObject({
      email,
      firstName: 'Anna',
      ssnCode: 'RSSNNA85D52A662X',
    });
    expect((await act(userId, 'delete', operator)).body.responseCode).toBe(4214);
    expect((await act(userId, 'refuse', operator, { reason: 'Di nuovo' })).body.responseCode).toBe(4214);
  });

  it('keeps the saved card when an order booked meanwhile stops the deletion, and removes it with the rest otherwise', async () => {
    const email = 'carta.salvata@example.it';
    const token = await shopper(shop, email);
    const userId = await userOf(email);
    const db = shop.handle.db;
    expect((await shop.request('/cli/profiles/deleteRequest', post({}, token))).body.responseCode).toBe(0);
    await bookedOrder(token);
    const booked = await db
      .updateTable('orders')
      .set({ status: 'COLLECTED' })
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirstOrThrow();
    const openStatus = 'TO_BE_PREPARED';
    await db
      .insertInto('payment_methods')
      .values({
        user_id: userId,
        payment_method_type: 'XPAY',
        provider: 'XPAY',
        contract_number: 'C-CARTA-SALVATA',
        masked_pan: '525599******9992',
        card_brand: 'MasterCard',
        expiry: '203012',
        deleted_at: null,
      })
      .execute();
    // Right after the check made before the deletion's transaction, an order of the customer's is in progress again.
    const ordersRead = new Set<string>();
    let reopened = false;
    const racing = db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'SelectQueryNode' && JSON.stringify(args.node.from).includes('"orders"'))
          ordersRead.add(args.queryId.queryId);
        return args.node;
      },
      transformResult: async (args) => {
        if (!reopened && ordersRead.has(args.queryId.queryId)) {
          reopened = true;
          await db.updateTable('orders').set({ status: openStatus }).where('id', '=', booked.id).execute();
        }
        return args.result;
      },
    });
    const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
    const payments = createPayments({ db, config, transport: async () => ({}) });
    const mailer = createMailer(db, undefined, 'test@spesa');
    const handler = { userId: await userOf('privacy.cassa@coop.example.it') };
    await expect(carryOutDeletion(racing, mailer, payments, PRIVACY, handler, userId)).rejects.toMatchObject({
      code: ErrorCode.SHOPPING_IN_PROGRESS,
    });
    expect(reopened).toBe(true);
    const cards = () =>
      db
        .selectFrom('payment_methods')
        .select(['contract_number', 'deleted_at'])
        .where('user_id', '=', userId)
        .execute();
    const removals = () =>
      db
        .selectFrom('payment_events')
        .select('transaction_code')
        .where('user_id', '=', userId)
        .where('event', '=', 'CARD_REMOVED')
        .execute();
    // Nothing changed: the card is still the customer's, and no removal is recorded.
    expect(await cards()).toEqual([{ contract_number: 'C-CARTA-SALVATA', deleted_at: null }]);
    expect(await removals()).toEqual([]);
    expect((await shop.request('/cli/profiles/login', bearer(token))).status).toBe(200);

    // Once the order is over, the deletion removes the card with the rest, and records the contract's removal.
    await db.updateTable('orders').set({ status: 'COLLECTED' }).where('id', '=', booked.id).execute();
    expect((await act(userId, 'delete', operator)).body.responseCode).toBe(0);
    expect(await cards()).toEqual([]);
    expect(await removals()).toEqual([{ transaction_code: 'C-CARTA-SALVATA' }]);
  });

  it('acts only on pending requests of customers (4214 otherwise) and never answers 500 to a bad id', async () => {
    const email = 'mai.chiesto@example.it';
    const token = await shopper(shop, email);
    expect((await act(await userOf(email), 'delete', operator)).body.responseCode).toBe(4214);
    expect((await act(await userOf('privacy.cassa@coop.example.it'), 'delete', operator)).body.responseCode).toBe(4214);
    expect((await act(999999, 'refuse', operator, { reason: 'Nessun cliente' })).body.responseCode).toBe(4214);
    expect((await shop.request('/cli/ops/deletion-requests/abc/delete', post({}, operator))).status).toBe(400);
    expect((await shop.request('/cli/profiles/login', bearer(token))).status).toBe(200);
  });

  it('is for store staff only: a customer gets 403, a visitor 401, and nothing changes', async () => {
    const email = 'vuole.andare@example.it';
    const token = await shopper(shop, email);
    await shop.request('/cli/profiles/deleteRequest', post({}, token));
    const userId = await userOf(email);
    const other = await shopper(shop, 'altro.cliente@example.it');
    for (const action of ['delete', 'refuse'] as const) {
      expect((await act(userId, action, other, { reason: 'Perché sì' })).status).toBe(403);
      expect((await act(userId, action, token, { reason: 'Perché sì' })).status).toBe(403);
      expect((await act(userId, action, undefined, { reason: 'Perché sì' })).status).toBe(401);
    }
    expect(
      deletionRequest
        .array()
        .parse((await pending(operator)).body.data)
        .map((r) => r.userId),
    ).toContain(userId);
  });

  it("may be carried out by any store's operator, not only the store where the customer shopped", async () => {
    // The customer shopped at 1109; the operator of 1110 carries it out (the requests are the cooperative's, and who did it is recorded).
    const email = 'spesa.altrove@example.it';
    const token = await shopper(shop, email);
    const userId = await userOf(email);
    await bookedOrder(token);
    await db().updateTable('orders').set({ status: 'COLLECTED' }).where('user_id', '=', userId).execute();
    await shop.request('/cli/profiles/deleteRequest', post({}, token));
    expect((await act(userId, 'delete', operator)).body.responseCode).toBe(0);
    expect((await shop.request('/cli/profiles/login', bearer(token))).status).toBe(401);
  });
});

function db() {
  return shop.handle.db;
}
