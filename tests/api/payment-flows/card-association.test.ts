// The card association flow called alone (src/server/services/payments/card-association.ts),
// over a migrated test database and no app: the lightbox's signed start, its signed result
// stored once, the list, the removal, and the removal within a profile deletion's transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#src/server/db/client.ts';
import { migrate } from '#src/server/db/migrate.ts';
import { xpayMac } from '#src/server/payments/signing.ts';
import {
  lightboxConfig,
  listMethods,
  removeMethod,
  removeMethodsIn,
  startBoarding,
  xpayBoardCallback,
} from '#src/server/services/payments/card-association.ts';
import { NotYours } from '#src/server/services/outcomes.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { openTestDatabase } from '../harness.ts';
import { customer, fakeDeps, ORIGIN } from './fake-provider.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await openTestDatabase();
  await migrate(database.handle);
  db = database.handle.db;
});
afterAll(() => database.close());

const events = (userId: number) =>
  db
    .selectFrom('payment_events')
    .select(['event', 'transaction_code'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

/** The result the lightbox posts to urlpost, signed with the merchant's MAC key. */
function esito(macKey: string, fields: Record<string, string>) {
  const signed = ['codTrans', 'esito', 'importo', 'divisa', 'data', 'orario', 'codAut'].map(
    (name) => [name, fields[name] ?? ''] as [string, string],
  );
  return { ...fields, mac: xpayMac(signed, macKey) };
}

describe('card association, called alone', () => {
  it('starts a signed association, stores the card of its signed result once, lists it and removes it', async () => {
    const { deps, config, provider } = fakeDeps(db);
    const userId = await customer(db, 'associa@example.it');
    const start = await startBoarding(deps, userId, ORIGIN);
    expect(start).toMatchObject({ currency: 'EUR', amount: 0 });
    const lightbox = new URL(start.lightboxUrl);
    expect(`${lightbox.origin}${lightbox.pathname}`).toBe(`${ORIGIN}/sandbox/xpay/lightbox`);
    expect(Object.fromEntries(lightbox.searchParams)).toMatchObject({
      codTrans: start.transactionCode,
      num_contratto: start.contractNumber,
      importo: '0',
      urlpost: `${ORIGIN}/cli/pay/v2/xpay/board?tid=01&profileId=${userId}`,
      url: `${ORIGIN}/app/profile/payments`,
      mac: xpayMac(
        [
          ['codTrans', start.transactionCode],
          ['divisa', 'EUR'],
          ['importo', 0],
        ],
        config.payments.xpay.macKey,
      ),
    });
    expect(await listMethods(db, userId)).toEqual([]);

    const result = esito(config.payments.xpay.macKey, {
      codTrans: start.transactionCode,
      esito: 'OK',
      importo: '0',
      divisa: 'EUR',
      data: '20261122',
      orario: '101010',
      codAut: '123456',
      num_contratto: start.contractNumber,
      pan: '434994******4549',
      brand: 'VISA',
      scadenza_pan: '203012',
    });
    await xpayBoardCallback(deps, userId, result);
    await xpayBoardCallback(deps, userId, result); // delivered twice: one card
    expect(await listMethods(db, userId)).toEqual([
      expect.objectContaining({ provider: 'XPAY', maskedPan: '434994******4549', brand: 'VISA', expiry: '12/2030' }),
    ]);

    expect(await removeMethod(db, userId)).toEqual([]);
    expect(await events(userId)).toEqual([
      { event: 'BOARDING_STARTED', transaction_code: start.transactionCode },
      { event: 'CARD_STORED', transaction_code: start.transactionCode },
      { event: 'CARD_REMOVED', transaction_code: start.contractNumber },
    ]);
    expect(provider.calls).toEqual([]); // the association is the browser's with the provider: no server call
  });

  it("refuses a result with a wrong MAC, or for another profile's association, and stores nothing", async () => {
    const { deps, config } = fakeDeps(db);
    const anna = await customer(db, 'anna.alone@example.it');
    const bruno = await customer(db, 'bruno.alone@example.it');
    const start = await startBoarding(deps, bruno, ORIGIN);
    const fields = {
      codTrans: start.transactionCode,
      esito: 'OK',
      importo: '0',
      divisa: 'EUR',
      data: '20261122',
      orario: '101010',
      codAut: '654321',
    };
    const signed = esito(config.payments.xpay.macKey, fields);
    await expect(xpayBoardCallback(deps, bruno, { ...signed, codAut: '000000' })).rejects.toMatchObject({
      code: ErrorCode.BAD_SIGNATURE,
    });
    await expect(xpayBoardCallback(deps, anna, signed)).rejects.toBeInstanceOf(NotYours);
    await expect(
      xpayBoardCallback(deps, bruno, esito(config.payments.xpay.macKey, { ...fields, num_contratto: 'ALTRO' })),
    ).rejects.toBeInstanceOf(NotYours);
    expect(await listMethods(db, anna)).toEqual([]);
    expect(await listMethods(db, bruno)).toEqual([]);
    const tx = await db
      .selectFrom('payment_transactions')
      .select('status')
      .where('transaction_code', '=', start.transactionCode)
      .executeTakeFirstOrThrow();
    expect(tx.status).toBe('PENDING');
  });

  it("removes the cards within the caller's transaction: undone with it, or recorded with it", async () => {
    const userId = await customer(db, 'cancella@example.it');
    await db
      .insertInto('payment_methods')
      .values({
        user_id: userId,
        payment_method_type: 'XPAY',
        provider: 'IPG',
        contract_number: 'H-CARTA-ALONE',
        masked_pan: '525599******9992',
        card_brand: 'MasterCard',
        expiry: '12/2030',
      })
      .execute();
    const undone = new Error('the deletion is refused');
    await expect(
      db.transaction().execute(async (trx) => {
        await removeMethodsIn(trx as Db, userId);
        expect(await listMethods(trx as Db, userId)).toEqual([]);
        throw undone;
      }),
    ).rejects.toBe(undone);
    expect(await listMethods(db, userId)).toEqual([expect.objectContaining({ provider: 'IPG' })]);
    expect(await events(userId)).toEqual([]);

    await db.transaction().execute((trx) => removeMethodsIn(trx as Db, userId));
    expect(await listMethods(db, userId)).toEqual([]);
    expect(await events(userId)).toEqual([{ event: 'CARD_REMOVED', transaction_code: 'H-CARTA-ALONE' }]);
  });

  it("gives the lightbox's settings on the provider's origin, without a secret", () => {
    const { config } = fakeDeps(db);
    const settings = lightboxConfig(config, ORIGIN);
    expect(settings).toEqual({
      alias: config.payments.xpay.alias,
      environment: 'SANDBOX',
      providerOrigin: ORIGIN,
      serviceType: 'paga_1click',
      requestType: 'PP',
      language: 'ITA',
    });
    expect(JSON.stringify(settings)).not.toContain(config.payments.xpay.macKey);
  });
});
