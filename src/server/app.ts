// createApp(): the API under /cli (and the dev outbox) for one database.
// Static files are served around it by shopHandler (server/server.ts, with
// site/static-site.ts), so tests can call the API alone with app.request().
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps, AppEnv } from './app-env.ts';
import { errorResponse, notFoundResponse, ok, unavailableResponse } from './http.ts';
import { TooLarge } from './services/outcomes.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { catalogueExportRoutes } from './routes/catalogue-export.ts';
import { outboxRoutes } from './routes/outbox.ts';
import { myProfileRoutes, profileRoutes } from './routes/profiles.ts';
import { addressRoutes } from './routes/addresses.ts';
import { mediaRoutes } from './routes/media.ts';
import { cartRoutes } from './routes/cart.ts';
import { listRoutes } from './routes/lists.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { opsRoutes } from './routes/ops.ts';
import { bannerRoutes } from './routes/banners.ts';
import { storeRoutes } from './routes/stores.ts';
import { sessionKey } from './auth/session-token.ts';
import { sameOriginWrites } from './auth/session-cookie.ts';
import { paymentRoutes } from './routes/payments.ts';
import { pushRoutes } from './routes/push.ts';
import { API_PREFIX } from '#src/shared/contract/call.ts';
import { erpCalls, healthCall, openApiCall, readyCall } from '#src/shared/contract/endpoints.ts';
import { erpRoutes } from './routes/erp.ts';
import { storeDayRoutes } from './routes/store-day.ts';
import { createPayments } from './services/payments.ts';
import { httpTransport, type Transport } from './payments/providers.ts';
import { log } from './logger.ts';
import { createMetrics } from './metrics.ts';
import { readinessCheck } from './readiness.ts';
import { openApiDocument } from './openapi.ts';
import { bytesAnswer } from './compression.ts';
import { requestLog } from './request-log.ts';

const FEEDS_PATH = `${API_PREFIX}${erpCalls.feeds.path}`;

/** The largest request body taken (spec's inputs are a few kB; a bigger body is refused with 413). */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * The API for one database. `ownErrors: false` leaves its errors to the app it
 * is mounted in (server.ts), which answers them with the same errorResponse:
 * hono wraps every route of a mounted app that has an error handler of its own
 * in a compose made on each request (a tenth of what a product detail allocated).
 */
export async function createApp(deps: AppDeps, { ownErrors = true }: { ownErrors?: boolean } = {}) {
  let key: Promise<Uint8Array> | undefined;
  const lazyKey = () => (key ??= sessionKey(deps.db, deps.config.JWT_SECRET));
  const app = new Hono<AppEnv>();
  // With the sandbox on, the providers' server-to-server calls and callbacks
  // stay inside this process (same wire format, same signatures).
  // The full URL keeps the shop's origin, which the sandbox's pages use for their own links.
  const inProcess = async (url: string, init: RequestInit) => app.request(url, init);
  const sandbox = deps.config.payments.sandbox;
  const transport: Transport = sandbox
    ? async (url, body) =>
        (await (
          await inProcess(url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as Record<string, unknown>
    : httpTransport;
  const payments = createPayments({ db: deps.db, config: deps.config, transport });
  // Every answer has its request id, its log line and (with METRICS_TOKEN) its metrics (request-log.ts).
  const logger = deps.logger ?? log;
  const metrics = deps.config.METRICS_TOKEN ? createMetrics(deps.db, deps.config.METRICS_TOKEN) : undefined;
  app.use(requestLog(logger, metrics));
  // Every route, the sandbox's and the outbox's too: a body over 256 kB is answered 413 in the envelope.
  // hono's bodyLimit asks for the request's body stream, which makes the server build a whole
  // web Request (headers, body stream, abort signal) and read the body through web streams.
  // So GET and HEAD (no body) are not asked, and a body of a stated length (Node's parser reads
  // exactly that many bytes) is judged by its Content-Length; only a chunked body is counted.
  const tooLarge = () => {
    throw new TooLarge();
  };
  const limit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  app.use((c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // The ERP's feeds have a limit of their own (FEED_MAX_MB, routes/erp.ts), after their token's check.
    if (c.req.path === FEEDS_PATH) return next();
    const length = c.req.header('content-length');
    const stated = length !== undefined && /^[0-9]+$/.test(length) && c.req.header('transfer-encoding') === undefined;
    if (!stated) return limit(c, next);
    return Number(length) > MAX_BODY_BYTES ? tooLarge() : next();
  });
  const api = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('db', deps.db);
      c.set('config', deps.config);
      c.set('mailer', deps.mailer);
      c.set('orderEvents', deps.orderEvents);
      c.set('sessionKey', lazyKey);
      c.set('payments', payments);
      // Every API answer is the shopper's own or of the moment: kept by no cache on the way.
      c.header('Cache-Control', 'no-store');
      await next();
    })
    // Before every call, present and future: a write carrying the browser's session cookie
    // comes from the shop's own pages or is refused (auth/session-cookie.ts, decision 027).
    .use(sameOriginWrites)
    .route('/', catalogueRoutes)
    .route('/', catalogueExportRoutes)
    .route('/', profileRoutes)
    .route('/', myProfileRoutes)
    .route('/', addressRoutes)
    .route('/', cartRoutes)
    .route('/', listRoutes)
    .route('/', checkoutRoutes)
    .route('/', opsRoutes)
    .route('/', bannerRoutes)
    .route('/', storeRoutes)
    .route('/', paymentRoutes)
    .route('/', pushRoutes)
    .route('/', erpRoutes)
    .route('/', storeDayRoutes);

  // Images are public and cacheable, unlike the API's answers.
  const media = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('db', deps.db);
      await next();
    })
    .route('/', mediaRoutes);

  app.route('/media', media);
  if (sandbox) {
    const deliver = async (url: string, form: Record<string, string>) => {
      const response = await inProcess(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
      if (!response.ok) throw new Error(`callback answered ${response.status}`);
    };
    // The sandbox is demo code (src/demo), loaded only when it is on: never in production (config.ts refuses it).
    const { sandboxApp } = await import('#src/demo/entry.ts');
    app.route('/sandbox', sandboxApp({ db: deps.db, payments: deps.config.payments, deliver }));
  }
  app.on(healthCall.method, `${API_PREFIX}${healthCall.path}`, (c) => ok(c, { status: 'ok' }));
  // The calls' OpenAPI document, for the cooperative's apps (server/openapi.ts); public, as the calls' shapes are.
  app.on(openApiCall.method, `${API_PREFIX}${openApiCall.path}`, (c) =>
    bytesAnswer(c, Buffer.from(openApiDocument()), 200, { 'Content-Type': 'application/json' }),
  );
  const ready = readinessCheck(deps.db);
  app.on(readyCall.method, `${API_PREFIX}${readyCall.path}`, async (c) =>
    (await ready()) ? ok(c, { status: 'ready' }) : unavailableResponse(c),
  );
  // Prometheus' scrape: only with the token (metrics.ts); otherwise an unknown path like any other.
  app.get('/metrics', async (c) => (await metrics?.answer(c)) ?? notFoundResponse(c));
  app.route(API_PREFIX, api);
  if (deps.mailer.usesOutbox && deps.config.NODE_ENV !== 'production') {
    const dev = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('db', deps.db);
        await next();
      })
      .route('/', outboxRoutes);
    app.route('/dev', dev);
  }
  // One error handler, for the sub-apps too: hono's compose catches an error where it is thrown,
  // so the middleware around still sees the answer (a sub-app's own onError would wrap its routes).
  if (ownErrors) app.onError(errorResponse);
  app.notFound(notFoundResponse);
  return app;
}
