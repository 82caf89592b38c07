// Web Push of the order lifecycle (docs/architecture.md §4, Notifications): the shop's
// public key, and a shopper's device subscribed or unsubscribed.
import { Hono } from 'hono';
import { pushSubscriptionRequest } from '#src/shared/contract/push.ts';
import { notificationCalls as calls } from '#src/shared/contract/endpoints.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { inputOf, ok, refuse } from '../http.ts';
import { knownPushService, removeSubscription, saveSubscription } from '../push/subscriptions.ts';
import { shopVapid } from '../push/vapid.ts';

// Any account may subscribe (a store operator's hears nothing: it books no orders); a role check here would
// end an operator's session in the browser (403) on the orders page.
const loggedIn = requireUser();

/** The endpoint must be one of the push services the shop sends to (PUSH_SERVICE_HOSTS): 400 otherwise. */
const ofKnownService = (hosts: readonly string[]) =>
  pushSubscriptionRequest.pick({ endpoint: true }).refine((s) => knownPushService(s.endpoint, hosts), {
    message: 'Questo browser usa un servizio di notifica che il negozio non conosce.',
    path: ['endpoint'],
  });

export const pushRoutes = new Hono<AppEnv>()
  .on(calls.pushKey.method, calls.pushKey.path, async (c) =>
    ok(c, { publicKey: (await shopVapid(c.get('db'), c.get('config'))).publicKey }),
  )
  .on(calls.subscribe.method, calls.subscribe.path, loggedIn, inputOf(calls.subscribe), async (c) => {
    const subscription = c.req.valid('json');
    refuse(ofKnownService(c.get('config').PUSH_SERVICE_HOSTS).safeParse(subscription));
    await saveSubscription(c.get('db'), c.get('session'), subscription);
    return ok(c, null);
  })
  .on(calls.unsubscribe.method, calls.unsubscribe.path, loggedIn, inputOf(calls.unsubscribe), async (c) => {
    await removeSubscription(c.get('db'), c.get('session').userId, c.req.valid('json').endpoint);
    return ok(c, null);
  });
