// A profile deletion request reaches the cooperative (spec §2: the request goes
// to the cooperative and is handled within 48 hours after checks; a profile with
// a shopping in progress cannot be deleted automatically): the privacy mailbox
// gets it with the customer's identity and store staff see it listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema } from '#src/shared/contract/cart.ts';
import { deletionRequest } from '#src/shared/contract/deletion-requests.ts';
import { slot as slotSchema, slotDay } from '#src/shared/contract/checkout.ts';
import { loadConfig } from '#src/server/config.ts';
import { createOperator } from '#src/server/services/operators.ts';
import { createTestShop } from './harness.ts';
import { bearer, post, shopper } from './shoppers.ts';

const PRIVACY = 'dpo@coop.example.it';
let shop: Awaited<ReturnType<typeof createTestShop>>;
let operator: string;

beforeAll(async () => {
  shop = await createTestShop({ products: 100, env: { PRIVACY_EMAIL: PRIVACY } });
  // An operator of another store than the customers': the requests are the cooperative's, not one store's.
  await createOperator(shop.handle.db, { email: 'privacy.cassa@coop.example.it', password: 'Cassa2026!', storeId: 1110, firstName: 'Gino', lastName: 'Cassa' });
  operator = (await shop.request('/cli/profiles/login', post({ username: 'privacy.cassa@coop.example.it', password: 'Cassa2026!' }))).body.data.jwt;
});
afterAll(() => shop.close());

const mailTo = async (address: string) => (await shop.request(`/dev/outbox?to=${encodeURIComponent(address)}`)).body.messages as { subject: string; text: string }[];
const pending = async (token: string) => shop.request('/cli/ops/deletion-requests', bearer(token));

async function bookedOrder(token: string) {
  const piece = await shop.handle.db.selectFrom('products as p').innerJoin('store_products as sp', 'sp.product_id', 'p.id').select(['p.barcode', 'p.id'])
    .where('sp.store_id', '=', 1109).where('sp.available', '=', true).where('p.um', '=', 'PZ').where('p.water_pack', '=', false).orderBy('p.id').executeTakeFirstOrThrow();
  await shop.handle.db.updateTable('store_products').set({ price_cents: 250 }).where('product_id', '=', piece.id).execute();
  await shop.handle.db.deleteFrom('promotions').where('product_id', '=', piece.id).execute();
  const cart = cartSchema.parse((await shop.request('/cli/ecommerce/cart/open', post({ storeId: 1109, deliveryMode: 'IN_STORE' }, token))).body.data);
  await shop.request('/cli/ecommerce/cart/store', post({ cartId: cart.id, barcode: piece.barcode, amount: 12 }, token));
  const days = slotDay.array().parse((await shop.request(`/cli/ecommerce/slots/${cart.id}/days`, bearer(token))).body.data);
  const slots = slotSchema.array().parse((await shop.request(`/cli/ecommerce/slots/${cart.id}?day=${days.find((d) => d.available)!.day}`, bearer(token))).body.data);
  const frozen = await shop.request('/cli/ecommerce/cart/freeze', post({
    cartId: cart.id, timeSlotId: slots.find((s) => s.available)!.id, profileEmail: 'x@example.it', profileMobilePhone: '3331234567', firstName: 'Anna', lastName: 'Rossi',
    paymentMode: 'CASH', invoice: false, enableProductsReplacement: false,
  }, token));
  expect(frozen.body.responseCode).toBe(0);
}

describe('a profile deletion request', () => {
  it('is mailed to the privacy address with who asked and by when it is due, and confirmed to the customer', async () => {
    const token = await shopper(shop, 'elimina.me@example.it');
    expect((await shop.request('/cli/profiles/deleteRequest', post({}, token))).body).toEqual({ responseCode: 0, data: null });
    const [mail, ...more] = await mailTo(PRIVACY);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Richiesta di eliminazione del profilo: Anna Rossi');
    const { id } = await shop.handle.db.selectFrom('users').select('id').where('username', '=', 'elimina.me@example.it').executeTakeFirstOrThrow();
    for (const line of ['Cliente: Anna Rossi', 'E-mail: elimina.me@example.it', 'Codice fiscale: RSSNNA85D52A662X', 'Cellulare: 3331234567', `Numero cliente: ${id}`]) {
      expect(mail!.text).toContain(line);
    }
    expect(mail!.text).toMatch(/Da gestire entro: .+ \(48 ore, dopo le verifiche\)/);
    const own = await mailTo('elimina.me@example.it');
    expect(own.find((m) => m.subject === 'Richiesta di eliminazione del profilo ricevuta')!.text)
      .toContain("l'abbiamo inviata alla cooperativa. Dopo le verifiche necessarie verrà eseguita entro 48 ore.");

    // Asking again is the same request: the cooperative is not mailed twice.
    expect((await shop.request('/cli/profiles/deleteRequest', post({}, token))).body.responseCode).toBe(0);
    expect(await mailTo(PRIVACY)).toHaveLength(1);
  });

  it('is listed for store staff with its 48-hour deadline, and flagged once a shopping is in progress', async () => {
    const token = await shopper(shop, 'elimina.lista@example.it');
    await shop.request('/cli/profiles/deleteRequest', post({}, token));
    const { body } = await pending(operator);
    expect(body.responseCode).toBe(0);
    const listed = deletionRequest.array().parse(body.data).find((r) => r.email === 'elimina.lista@example.it');
    expect(listed).toMatchObject({ firstName: 'Anna', lastName: 'Rossi', shoppingInProgress: false });
    expect(new Date(listed!.dueBy).getTime() - new Date(listed!.requestedAt).getTime()).toBe(48 * 3_600_000);

    await bookedOrder(token);
    const again = deletionRequest.array().parse((await pending(operator)).body.data).find((r) => r.email === 'elimina.lista@example.it');
    expect(again).toMatchObject({ shoppingInProgress: true });
  });

  it('with a shopping in progress is refused (4206: go to a store), reaches nobody and is not listed', async () => {
    const token = await shopper(shop, 'elimina.spesa@example.it');
    await bookedOrder(token);
    const before = (await mailTo(PRIVACY)).length;
    expect((await shop.request('/cli/profiles/deleteRequest', post({}, token))).body).toEqual({
      responseCode: 4206, errorMessage: 'Hai una spesa in corso: il profilo non può essere eliminato automaticamente. Rivolgiti a un punto vendita.',
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
