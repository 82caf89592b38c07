// The legacy hosted form's flow called alone (src/server/services/payments/legacy-form.ts),
// over a migrated test database and a fake provider: the signed form of the 0,01 €
// verification, the signed notification storing the card and releasing the verification
// at once, and where the browser goes back to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '#src/server/config.ts';
import type { Db } from '#src/server/db/client.ts';
import { migrate } from '#src/server/db/migrate.ts';
import { ipgHash } from '#src/server/payments/signing.ts';
import { listMethods } from '#src/server/services/payments/card-association.ts';
import { ipgNotification, ipgReturn, startLegacyBoarding } from '#src/server/services/payments/legacy-form.ts';
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

type Form = Awaited<ReturnType<typeof startLegacyBoarding>>;

/** The provider's notification of the hosted page's outcome, signed with the shared secret. */
function notification(config: Config, form: Form, extra: Record<string, string> = {}) {
  const approval = extra['approval_code'] ?? 'Y:123456:0001:';
  const chargetotal = extra['chargetotal'] ?? form.chargetotal;
  const fields = {
    oid: form.addInfo3,
    chargetotal,
    currency: form.currency,
    txndatetime: form.txndatetime,
    storename: form.storename,
    approval_code: approval,
    status: 'APPROVED',
    hosteddataid: form.hosteddataid,
    addInfo4: form.addInfo4,
    cardnumber: '434994******4549',
    ccbrand: 'VISA',
    expmonth: '12',
    expyear: '2030',
    ...extra,
  };
  const { sharedSecret, storename } = config.payments.ipg;
  const hash = ipgHash([chargetotal, sharedSecret, form.currency, form.txndatetime, storename, approval]);
  return { ...fields, notification_hash: hash };
}

/** The browser's return from the hosted page, signed as the provider signs it. */
function browserReturn(config: Config, form: Form) {
  const approval = 'Y:123456:0001:';
  const { sharedSecret, storename } = config.payments.ipg;
  return {
    oid: form.addInfo3,
    approval_code: approval,
    chargetotal: form.chargetotal,
    currency: form.currency,
    txndatetime: form.txndatetime,
    response_hash: ipgHash([sharedSecret, approval, form.chargetotal, form.currency, form.txndatetime, storename]),
  };
}

describe('the legacy hosted form, called alone', () => {
  it('signs a 0,01 € verification; its signed notification stores the card and releases the verification at once', async () => {
    const { deps, config, provider } = fakeDeps(db);
    const userId = await customer(db, 'legacy.alone@example.it');
    const form = await startLegacyBoarding(deps, userId, ORIGIN);
    const { sharedSecret, storename } = config.payments.ipg;
    expect(form).toMatchObject({
      serverUrl: `${ORIGIN}/sandbox/ipg/connect`,
      txntype: 'preauth',
      chargetotal: '0.01',
      currency: '978',
      addInfo4: String(userId),
      transactionNotificationURL: `${ORIGIN}/cli/pay/ipg/notify`,
      hash: ipgHash([storename, form.txndatetime, '0.01', '978', sharedSecret]),
    });
    // Before the notification, the return lands on the failed association.
    expect(await ipgReturn(deps, browserReturn(config, form))).toBe('/app/payments?boarding=ko');

    await ipgNotification(deps, notification(config, form), ORIGIN);
    await ipgNotification(deps, notification(config, form), ORIGIN); // delivered twice: one card, one release
    expect(await listMethods(db, userId)).toEqual([
      expect.objectContaining({ provider: 'IPG', maskedPan: '434994******4549', expiry: '12/2030' }),
    ]);
    expect(provider.calls).toEqual([
      { path: '/sandbox/ipg/api/void', body: expect.objectContaining({ oid: form.addInfo3, chargetotal: '0.01' }) },
    ]);
    const tx = await db
      .selectFrom('payment_transactions')
      .select(['status', 'amount_cents'])
      .where('transaction_code', '=', form.addInfo3)
      .executeTakeFirstOrThrow();
    expect(tx).toEqual({ status: 'VOIDED', amount_cents: 1 });
    const logged = await db
      .selectFrom('payment_events')
      .select('event')
      .where('transaction_code', '=', form.addInfo3)
      .orderBy('id')
      .execute();
    expect(logged.map((e) => e.event)).toEqual(['BOARDING_STARTED', 'CARD_STORED', 'VOIDED']);

    expect(await ipgReturn(deps, browserReturn(config, form))).toBe('/app/payments?boarding=ok');
    expect(await ipgReturn(deps, { ...browserReturn(config, form), response_hash: 'f'.repeat(64) })).toBe(
      '/app/payments?boarding=ko',
    );
  });

  it("refuses a wrong hash, another amount and another customer's notification, and changes nothing", async () => {
    const { deps, config, provider } = fakeDeps(db);
    const userId = await customer(db, 'legacy.forged.alone@example.it');
    const form = await startLegacyBoarding(deps, userId, ORIGIN);
    await expect(
      ipgNotification(deps, { ...notification(config, form), notification_hash: 'f'.repeat(64) }, ORIGIN),
    ).rejects.toMatchObject({ code: ErrorCode.BAD_SIGNATURE });
    await expect(
      ipgNotification(deps, notification(config, form, { chargetotal: '0.02' }), ORIGIN),
    ).rejects.toMatchObject({ code: ErrorCode.BAD_SIGNATURE, message: 'Importo diverso da quello richiesto.' });
    await expect(
      ipgNotification(deps, notification(config, form, { addInfo4: String(userId + 1) }), ORIGIN),
    ).rejects.toBeInstanceOf(NotYours);
    expect(await listMethods(db, userId)).toEqual([]);
    expect(provider.calls).toEqual([]);
  });
});
