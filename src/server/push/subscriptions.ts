// The devices a shopper allowed to notify (migration 0021): one row per push
// endpoint, tied to the account and to the session that subscribed, so that
// logging out of that session ends the device's notifications.
import type { PushSubscriptionRequest } from '#src/shared/contract/push.ts';
import type { Db } from '../db/client.ts';

/**
 * Whether the shop sends to this push service (PUSH_SERVICE_HOSTS): the endpoint is
 * an address the caller gives, and the shop posts to it, so only the browsers' push
 * services are taken, never a host of the shop's own network.
 */
export function knownPushService(endpoint: string, hosts: readonly string[]): boolean {
  const { hostname } = new URL(endpoint);
  return hosts.some((host) => hostname === host || hostname.endsWith(`.${host}`));
}

/** Stores the caller's device (or takes it over: the same browser for another account or session). */
export async function saveSubscription(
  db: Db,
  session: { userId: number; jti: string },
  subscription: PushSubscriptionRequest,
): Promise<void> {
  const row = {
    user_id: session.userId,
    session_jti: session.jti,
    // Stored without padding, as web-push and the browsers write them.
    p256dh: subscription.keys.p256dh.replace(/=+$/, ''),
    auth: subscription.keys.auth.replace(/=+$/, ''),
    updated_at: new Date(),
  };
  await db
    .insertInto('push_subscriptions')
    .values({ ...row, endpoint: subscription.endpoint })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(row))
    .execute();
}

/** The caller's device off; another account's subscription of that endpoint is left alone. */
export async function removeSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

/** At logout: the devices that session subscribed stop receiving the account's notifications. */
export async function forgetSessionSubscriptions(db: Db, session: { userId: number; jti: string }): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', session.userId)
    .where('session_jti', '=', session.jti)
    .execute();
}
