// Every request's id, log line and metrics (docs/architecture.md, Operations).
// The id is the caller's X-Request-Id when it is a short safe token (a load
// balancer's or another service's id, so one request is followed across them),
// otherwise a new UUID; it goes back as X-Request-Id on every answer and into
// the body of every error answer (http.ts). The log line has the method, the
// route pattern, the status, the time taken and the id: never the path itself
// or its query string, which may hold a link's token, nor any header or body.
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics.ts';

/** An incoming id taken as it is: letters, digits, '-' and '_', 8 to 64 of them. */
const SAFE_ID = /^[A-Za-z0-9_-]{8,64}$/;

const REQUEST_ID_HEADER = 'X-Request-Id';

export function requestLog(logger: Logger, metrics: Metrics | undefined): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header(REQUEST_ID_HEADER);
    const id = given !== undefined && SAFE_ID.test(given) ? given : randomUUID();
    c.set('requestId', id);
    c.set('logger', logger);
    await next();
    c.res.headers.set(REQUEST_ID_HEADER, id);
    const ms = performance.now() - started;
    // The pattern of the route that answered ('/cli/ecommerce/product/:barcode'); '/*' when none did (404).
    const route = routePath(c);
    const status = c.res.status;
    metrics?.observe(c.req.method, route, status, ms / 1000);
    logger.info({ reqId: id, method: c.req.method, route, status, ms: Math.round(ms * 10) / 10 }, 'request');
  };
}
