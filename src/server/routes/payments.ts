// Payments calls of spec §7 under /cli/pay, and the providers' callbacks.
// The customer's calls need login; the callbacks carry the provider's
// signature instead and are verified before anything changes.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { deletePaymentMethodRequest, nonceQuery } from '#src/shared/contract/payments.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { HttpError, ok, jsonBody, queryParams } from '../http.ts';

const auth = requireUser();
const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const boardQuery = z.object({ tid: z.literal('01'), profileId: idParam });
const quoteQuery = z
  .object({ cartId: idParam.optional(), orderCode: nonceQuery.shape.orderCode.optional() })
  .refine((q) => (q.cartId === undefined) !== (q.orderCode === undefined), {
    message: 'Indica il carrello oppure il codice ordine.',
  });

/**
 * The shop's origin as the browser sees it: PUBLIC_URL, else the request's own
 * (its Host header). Production refuses to start without PUBLIC_URL (config.ts),
 * so a forged Host header never reaches a mailed link or a provider's callback there.
 */
export function originOf(c: Context<AppEnv>): string {
  const { PUBLIC_URL, TRUST_PROXY } = c.var.config;
  if (PUBLIC_URL) return new URL(PUBLIC_URL).origin;
  const url = new URL(c.req.url);
  if (TRUST_PROXY) {
    const proto = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim();
    const host = c.req.header('X-Forwarded-Host')?.split(',')[0]?.trim();
    if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`;
    if (host && /^[\w.-]+(:\d+)?$/.test(host)) url.host = host;
  }
  return url.origin;
}

/** Form fields (or, for a GET callback, the query) as plain strings. */
async function fields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const query = c.req.query();
  if (c.req.method !== 'POST') return query;
  const type = c.req.header('Content-Type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data'))
    throw new HttpError(400, 'Formato della richiesta non valido.');
  const body = await c.req.parseBody();
  return {
    ...query,
    ...(Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Record<string, string>),
  };
}

export const paymentRoutes = new Hono<AppEnv>()
  .get('/pay/paymentmethod', auth, async (c) => ok(c, await c.var.payments.listMethods(c.var.session.userId)))
  .post('/pay/paymentmethod/delete', auth, jsonBody(deletePaymentMethodRequest), async (c) => {
    return ok(c, await c.var.payments.removeMethod(c.var.session.userId));
  })
  .get('/pay/v2/xpay/boarding', auth, (c) => ok(c, c.var.payments.lightboxConfig(originOf(c))))
  .get('/pay/v2/xpay/start/boarding', auth, async (c) =>
    ok(c, await c.var.payments.startBoarding(c.var.session.userId, originOf(c))),
  )
  .on(['GET', 'POST'], '/pay/v2/xpay/board', queryParams(boardQuery), async (c) => {
    const { profileId } = c.req.valid('query');
    await c.var.payments.xpayBoardCallback(profileId, await fields(c));
    return ok(c, null);
  })
  .get('/pay/v2/xpay/nonce', auth, queryParams(nonceQuery), async (c) => {
    const { orderCode } = c.req.valid('query');
    return ok(c, await c.var.payments.startOrderPayment(c.var.session.userId, orderCode, originOf(c)));
  })
  .post('/pay/v2/xpay/3ds/result', async (c) =>
    c.redirect(await c.var.payments.xpayThreeDsResult(await fields(c), originOf(c)), 303),
  )
  .get('/pay/preauth/quote', auth, queryParams(quoteQuery), async (c) =>
    ok(c, await c.var.payments.quote(c.var.session.userId, c.req.valid('query'))),
  )
  .get('/pay/ipg/boarding/web', auth, async (c) =>
    ok(c, await c.var.payments.startLegacyBoarding(c.var.session.userId, originOf(c))),
  )
  .post('/pay/ipg/notify', async (c) => {
    await c.var.payments.ipgNotification(await fields(c), originOf(c));
    return ok(c, null);
  })
  .post('/pay/ipg/result/:outcome{ok|ko}', async (c) =>
    c.redirect(await c.var.payments.ipgReturn(await fields(c)), 303),
  );
