// For the tests of the payment flows called alone (src/server/services/payments/): the
// flows' dependencies over a test database, a customer written straight to it, and a
// provider that answers every server-to-server call as the real ones sign it, recording
// what it was asked.
import { loadConfig, type Config } from '#src/server/config.ts';
import type { Db } from '#src/server/db/client.ts';
import { paymentDeps } from '#src/server/services/payments/ledger.ts';
import { ipgHash, xpayMac } from '#src/server/payments/signing.ts';
import type { Transport } from '#src/server/payments/providers.ts';

export const ORIGIN = 'http://shop.test';

/** The test environment's settings: the sandbox's keys, a 10 % surcharge. */
const testConfig = (): Config => loadConfig({ ...process.env, NODE_ENV: 'test' });

interface FakeProvider {
  transport: Transport;
  /** Every call, with the path it went to and the fields it sent. */
  calls: { path: string; body: Record<string, unknown> }[];
  /** How the next calls are answered: approved, refused, or the provider cannot be reached. */
  answer: 'OK' | 'KO' | 'unreachable';
}

/** Answers the XPay API (apiKey in the body) and the legacy provider's postauth/void, signed with config's keys. */
function fakeProvider(config: Config): FakeProvider {
  const fake: FakeProvider = {
    calls: [],
    answer: 'OK',
    transport: async (url, body) => {
      fake.calls.push({ path: new URL(url).pathname, body });
      if (fake.answer === 'unreachable') throw new TypeError('fetch failed');
      if ('apiKey' in body) {
        const raw = { esito: fake.answer, idOperazione: `OP${fake.calls.length}`, timeStamp: String(Date.now()) };
        const mac = xpayMac(
          [
            ['esito', raw.esito],
            ['idOperazione', raw.idOperazione],
            ['timeStamp', raw.timeStamp],
          ],
          config.payments.xpay.macKey,
        );
        return { ...raw, mac, ...(fake.answer === 'KO' ? { errore: { messaggio: 'Operazione rifiutata' } } : {}) };
      }
      const approval = fake.answer === 'OK' ? 'Y:123456:0001:' : 'N:-5003:Rifiutata';
      const oid = String(body['oid']);
      const chargetotal = String(body['chargetotal']);
      return {
        approval_code: approval,
        oid,
        chargetotal,
        ...(fake.answer === 'KO' ? { fail_reason: 'Operazione rifiutata' } : {}),
        response_hash: ipgHash([config.payments.ipg.sharedSecret, approval, oid, chargetotal]),
      };
    },
  };
  return fake;
}

/** The flows' dependencies with a fake provider behind both clients. */
export function fakeDeps(db: Db, config = testConfig()) {
  const provider = fakeProvider(config);
  return { deps: paymentDeps(db, config, provider.transport), provider, config };
}

/** A confirmed customer, written straight to the database; answers the user id. */
export async function customer(db: Db, email: string): Promise<number> {
  const user = await db
    .insertInto('users')
    .values({
      username: email,
      password_hash: 'x',
      operator_store_id: null,
      confirmed_at: new Date(),
      deletion_requested_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}
