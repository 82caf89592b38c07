// The push queue (migration 0021), as the mail queue (mail/queue.ts): every push is a
// row of push_queue first, one per device, written in the transaction of the change it
// tells about, so it exists only if that change commits and outlives a push service
// that is down. Sending is a claim and an attempt:
// - the claim is a short transaction: the due rows, FOR UPDATE SKIP LOCKED, get their
//   attempt counted and their next attempt moved a lease ahead; two API processes never
//   claim the same row, and no push service is waited for inside a transaction;
// - the attempt encrypts and signs the push with web-push (RFC 8291, RFC 8292) and posts
//   it; a push service that took it (201) ends the row; one answering 404 or 410 says the
//   subscription is gone, and it is removed with its queued pushes; a push refused for
//   what it is (400, 413) stays with its error, no more tried; anything else (a service
//   down, 429, 5xx, no connection) is tried again later, as mail is.
import { Agent } from 'node:https';
import webPush from 'web-push';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { log } from '../logger.ts';
import { retryDelayMs } from '../mail/queue.ts';
import type { OrderEventHub } from '../services/order-events.ts';
import { type OrderPushInput, type OrderPushNotice, orderPushMessage } from './order-pushes.ts';
import { shopVapid } from './vapid.ts';
import { type Sweeper, type SweeperOptions, startSweeper } from '../queue-sweeper.ts';

/** After this many failed attempts (about 8 hours of retries) a push stays unsent, its news by then stale. */
const MAX_ATTEMPTS = 10;
/** Longer than the wait for a push service's answer (SEND_TIMEOUT_MS). */
const CLAIM_LEASE_MS = 2 * 60_000;
const SEND_TIMEOUT_MS = 15_000;
/** How long a push service keeps a push for a device that is off: a day; the order has moved on by then. */
const TTL_SECONDS = 24 * 3600;
const ERROR_CHARS = 500;
/** Pushes never sent are dropped a week after they were queued. */
const KEEP_UNSENT_MS = 7 * 24 * 3_600_000;

/**
 * Queues the push of `notice` to each device of the order's shopper. Pass the
 * transaction of the change: the pushes are queued only if it commits. Devices
 * of an account deleted, or of sessions a password reset or change ended, get none.
 */
export async function queueOrderPush(
  db: Db,
  userId: number,
  notice: OrderPushNotice,
  input: OrderPushInput,
): Promise<void> {
  const payload = JSON.stringify(orderPushMessage(notice, input));
  await db
    .insertInto('push_queue')
    .columns(['subscription_id', 'payload'])
    .expression((eb) =>
      eb
        .selectFrom('push_subscriptions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select((e) => ['s.id', e.val(payload).as('payload')])
        .where('s.user_id', '=', userId)
        .where('u.deleted_at', 'is', null)
        .where((e) =>
          e.or([
            e('u.sessions_valid_from', 'is', null),
            e('s.updated_at', '>=', e.ref('u.sessions_valid_from')),
            e('s.session_jti', '=', e.ref('u.session_kept_jti')),
          ]),
        ),
    )
    .execute();
}

interface Claimed {
  id: number;
  payload: string;
  attempts: number;
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Claims up to `limit` due rows for one attempt each. */
async function claim(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('push_queue')
      .select('id')
      .where('attempts', '<', MAX_ATTEMPTS)
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    const claimed = await trx
      .updateTable('push_queue')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS) }))
      .where(
        'id',
        'in',
        due.map((r) => r.id),
      )
      .returning(['id', 'payload', 'attempts', 'subscription_id'])
      .execute();
    const devices = await trx
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'p256dh', 'auth'])
      .where(
        'id',
        'in',
        claimed.map((r) => r.subscription_id),
      )
      .execute();
    const byId = new Map(devices.map((d) => [d.id, d]));
    return claimed.flatMap((r) => {
      const device = byId.get(r.subscription_id);
      if (!device) return [];
      const { endpoint, p256dh, auth } = device;
      return [
        {
          id: r.id,
          payload: r.payload,
          attempts: r.attempts,
          subscriptionId: r.subscription_id,
          endpoint,
          p256dh,
          auth,
        },
      ];
    });
  });
}

/** How to reach the push services: web-push's https request options. */
export interface PushTransport {
  /** The https agent of every push request (the tests' trusts their own push service's certificate). */
  agent?: Agent;
}

/** One keep-alive agent for the process: the pushes of a sweep mostly go to one or two services. */
const sharedAgent = new Agent({ keepAlive: true, maxSockets: 16 });

const statusOf = (error: unknown): number | undefined =>
  error instanceof webPush.WebPushError ? error.statusCode : undefined;
const errorText = (error: unknown) => {
  const status = statusOf(error);
  const text = error instanceof Error ? error.message : String(error);
  return (status === undefined ? text : `${status} ${text}`).slice(0, ERROR_CHARS) || 'errore sconosciuto';
};

/** One attempt at a claimed push. The log names rows, never an endpoint (a device's address is personal). */
async function attempt(db: Db, config: Config, transport: PushTransport, push: Claimed, now: Date): Promise<void> {
  const vapid = await shopVapid(db, config);
  try {
    const message = JSON.parse(push.payload) as { tag?: string };
    await webPush.sendNotification(
      { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
      push.payload,
      {
        vapidDetails: vapid,
        TTL: TTL_SECONDS,
        urgency: 'high',
        // A newer step of the same order replaces an older one still waiting at the push service.
        ...(message.tag ? { topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) } : {}),
        timeout: SEND_TIMEOUT_MS,
        agent: transport.agent ?? sharedAgent,
      },
    );
  } catch (error) {
    const status = statusOf(error);
    if (status === 404 || status === 410) {
      log.info({ pushId: push.id, subscriptionId: push.subscriptionId, status }, 'push: subscription gone, removed');
      await db.deleteFrom('push_subscriptions').where('id', '=', push.subscriptionId).execute();
      return;
    }
    const refused = status === 400 || status === 413;
    const last = refused || push.attempts >= MAX_ATTEMPTS;
    log[last ? 'error' : 'warn'](
      { pushId: push.id, attempts: push.attempts, status, message: errorText(error) },
      `push: attempt failed${last ? ', no more attempts' : ''}`,
    );
    await db
      .updateTable('push_queue')
      .set({
        last_error: errorText(error),
        next_attempt_at: new Date(now.getTime() + retryDelayMs(push.attempts)),
        ...(refused ? { attempts: MAX_ATTEMPTS } : {}),
      })
      .where('id', '=', push.id)
      .execute();
    return;
  }
  await db.deleteFrom('push_queue').where('id', '=', push.id).execute();
}

/**
 * One sweep: claims up to `limit` due pushes and makes one attempt at each, side by
 * side. Answers how many it claimed (a full batch: more may be due).
 */
export async function deliverDuePushes(
  db: Db,
  config: Config,
  transport: PushTransport = {},
  now: Date = new Date(),
  limit = 20,
): Promise<number> {
  const claimed = await claim(db, now, limit);
  await Promise.all(claimed.map((push) => attempt(db, config, transport, push, now)));
  return claimed.length;
}

/** Drops pushes queued over a week ago (never sent) and the devices of deleted profiles. */
async function forgetStale(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('push_queue')
    .where('created_at', '<', new Date(now.getTime() - KEEP_UNSENT_MS))
    .execute();
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('deleted_at', 'is not', null))
    .execute();
}

/**
 * Sweeps the queue every `intervalMs`, and soon after every order change this
 * process hears of (the same NOTIFY the live order streams hear, delivered after
 * the change's commit): a push queued with a change goes within a fraction of a
 * second, with no call to remember to wake the worker (queue-sweeper.ts). Every
 * API process may run one.
 */
export function startPushWorker(
  db: Db,
  config: Config,
  {
    orderEvents,
    transport = {},
    ...options
  }: { orderEvents?: OrderEventHub; transport?: PushTransport } & Pick<
    SweeperOptions,
    'intervalMs' | 'kickDelayMs' | 'batch'
  > = {},
): Pick<Sweeper, 'stop'> {
  const sweeper = startSweeper({
    name: 'push',
    deliver: (batch) => deliverDuePushes(db, config, transport, new Date(), batch),
    forget: () => forgetStale(db, new Date()),
    ...options,
  });
  const unsubscribe = orderEvents?.subscribe({}, sweeper.kick);
  return {
    async stop() {
      unsubscribe?.();
      await sweeper.stop();
    },
  };
}
