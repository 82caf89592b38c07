// Payments calls of docs/product.md §7 under /cli/pay, and the providers' callbacks.
// The customer's calls need login; the callbacks carry the provider's
// signature instead and are verified before anything changes.
import { Hono, type Context } from 'hono';
import { paymentCalls as calls } from '#src/shared/contract/endpoints.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { inputOf, ok } from '../http.ts';
import { BadInput } from '../services/outcomes.ts';
import { announcePaidOrder } from '../services/order-events.ts';
import { originOf } from '../shop-origin.ts';

const auth = requireUser();

/** Form fields (or, for a GET callback, the query) as plain strings. */
async function fields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const query = c.req.query();
  if (c.req.method !== 'POST') return query;
  const type = c.req.header('Content-Type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data'))
    throw new BadInput('Formato della richiesta non valido.');
  const body = await c.req.parseBody();
  return {
    ...query,
    ...(Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Record<string, string>),
  };
}

/** The provider's boarding outcome (GET or form POST), verified by its signature before anything changes. */
async function boardCallback(c: Context<AppEnv, string, { out: { query: { profileId: number } } }>) {
  await c.get('payments').xpayBoardCallback(c.req.valid('query').profileId, await fields(c));
  return ok(c, null);
}

export const paymentRoutes = new Hono<AppEnv>()
  .on(calls.methods.method, calls.methods.path, auth, async (c) =>
    ok(c, await c.get('payments').listMethods(c.get('session').userId)),
  )
  .on(calls.removeMethod.method, calls.removeMethod.path, auth, inputOf(calls.removeMethod), async (c) => {
    return ok(c, await c.get('payments').removeMethod(c.get('session').userId));
  })
  .on(calls.lightboxConfig.method, calls.lightboxConfig.path, auth, (c) =>
    ok(c, c.get('payments').lightboxConfig(originOf(c))),
  )
  .on(calls.startBoarding.method, calls.startBoarding.path, auth, async (c) =>
    ok(c, await c.get('payments').startBoarding(c.get('session').userId, originOf(c))),
  )
  .on(calls.boardCallback.method, calls.boardCallback.path, inputOf(calls.boardCallback), boardCallback)
  .on(calls.boardCallbackPost.method, calls.boardCallbackPost.path, inputOf(calls.boardCallbackPost), boardCallback)
  .on(calls.nonce.method, calls.nonce.path, auth, inputOf(calls.nonce), async (c) => {
    const { orderCode } = c.req.valid('query');
    return ok(c, await c.get('payments').startOrderPayment(c.get('session').userId, orderCode, originOf(c)));
  })
  .on(calls.threeDsResult.method, calls.threeDsResult.path, async (c) => {
    const outcome = await fields(c);
    const landing = await c.get('payments').xpayThreeDsResult(outcome, originOf(c));
    // A paid order goes to the store: both screens show it at once.
    await announcePaidOrder(c.get('db'), { provider: 'XPAY', operationId: outcome['idOperazione'] ?? '' });
    return c.redirect(landing, 303);
  })
  .on(calls.quote.method, calls.quote.path, auth, inputOf(calls.quote), async (c) =>
    ok(c, await c.get('payments').quote(c.get('session').userId, c.req.valid('query'))),
  )
  .on(calls.legacyBoarding.method, calls.legacyBoarding.path, auth, async (c) =>
    ok(c, await c.get('payments').startLegacyBoarding(c.get('session').userId, originOf(c))),
  )
  .on(calls.ipgNotify.method, calls.ipgNotify.path, async (c) => {
    const notification = await fields(c);
    await c.get('payments').ipgNotification(notification, originOf(c));
    await announcePaidOrder(c.get('db'), { provider: 'IPG', transactionCode: notification['oid'] ?? '' });
    return ok(c, null);
  })
  .on(calls.ipgResult.method, calls.ipgResult.path, inputOf(calls.ipgResult), async (c) =>
    c.redirect(await c.get('payments').ipgReturn(await fields(c)), 303),
  );
