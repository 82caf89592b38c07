// The shop's VAPID identity (RFC 8292): the key pair that signs every push and
// that each browser's subscription is bound to, and the contact the push
// services may write to. Production gives it (config.ts refuses to start
// without it); elsewhere a pair is made on first start and kept in
// app_secrets, like the session key, so every API process and every restart
// uses the same one (a new pair would orphan every subscription).
import webPush from 'web-push';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';

export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The subject outside production when VAPID_SUBJECT is unset (never used to reach anyone). */
const DEVELOPMENT_SUBJECT = 'mailto:noreply@spesaonline.local';

type VapidConfig = Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>;

async function storedPair(db: Db): Promise<{ publicKey: string; privateKey: string }> {
  await db
    .insertInto('app_secrets')
    .values({ key: 'vapid', value: JSON.stringify(webPush.generateVAPIDKeys()) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('key', '=', 'vapid').executeTakeFirstOrThrow();
  return JSON.parse(row.value) as { publicKey: string; privateKey: string };
}

/** The configured pair, else the one kept in the database (made now if there is none). */
async function vapidOf(db: Db, config: VapidConfig): Promise<Vapid> {
  const pair =
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
      : await storedPair(db);
  return { ...pair, subject: config.VAPID_SUBJECT ?? DEVELOPMENT_SUBJECT };
}

/** Each database's identity, read once per process (the configuration does not change while it runs). */
const known = new WeakMap<Db, Promise<Vapid>>();

export function shopVapid(db: Db, config: VapidConfig): Promise<Vapid> {
  let vapid = known.get(db);
  if (!vapid) {
    vapid = vapidOf(db, config);
    vapid.catch(() => known.delete(db));
    known.set(db, vapid);
  }
  return vapid;
}
