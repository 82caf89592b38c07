// The whole shop on one port: static site under /app, API under /cli,
// images under /media, the dev outbox under /dev.
import { Hono } from 'hono';
import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import type { AppDeps } from './app-env.ts';
import { isSitePath, siteError, staticSite } from './site/static-site.ts';
import { errorResponse, notFoundResponse } from './http.ts';
import { securityHeaders } from './security-headers.ts';
import { compression } from './compression.ts';

export interface RunningServer {
  url: string;
  port: number;
  /** Stops accepting connections and resolves once the open calls ended; after graceMs, ends those still open. */
  close(graceMs?: number): Promise<void>;
}

/** `site: false` leaves the static site to a CDN or nginx (SITE_SERVE=off): /app is then an unknown path. */
export async function shopHandler(deps: AppDeps, siteReady: () => boolean, { site = true }: { site?: boolean } = {}) {
  const shop = new Hono();
  shop.use(securityHeaders(deps.config));
  // Pages, scripts and JSON travel compressed when the browser accepts it (compression.ts).
  shop.use(compression());
  shop.route('/', await createApp(deps, { ownErrors: false }));
  if (site) shop.route('/', staticSite(siteReady));
  // The API's errors are answered here (createApp), as its own handler would; the site's pages keep hono's plain 500.
  shop.onError((error, c) => (isSitePath(c.req.path) ? siteError(error, c) : errorResponse(error, c)));
  shop.notFound(notFoundResponse);
  return shop;
}

/** The server's call of the app: the request, and the Node bindings (the client's socket, for getConnInfo). */
type ServeFetch = Parameters<typeof serve>[0]['fetch'];

export function listen(fetch: ServeFetch, port: number, host: string): Promise<RunningServer> {
  // While a graceful close drains the process, every answer closes its connection after it
  // (outside a drain, the handler's answer as it is: no extra step per request).
  let draining = false;
  const closing = async (answer: unknown): Promise<unknown> => {
    const response = await answer;
    if (!(response instanceof Response) || response.headers.has('Connection')) return response;
    try {
      response.headers.set('Connection', 'close');
      return response;
    } catch {
      // A Response.redirect()'s headers are read-only: its copy's are not.
      const copy = new Response(response.body, response);
      copy.headers.set('Connection', 'close');
      return copy;
    }
  };
  const answer: ServeFetch = (req, env) => (draining ? closing(fetch(req, env)) : fetch(req, env));
  return new Promise((resolve, reject) => {
    let server: ServerType | undefined;
    try {
      server = serve({ fetch: answer, port, hostname: host }, (info: AddressInfo) => {
        const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
        resolve({
          url: `http://${shown}:${info.port}`,
          port: info.port,
          close: (graceMs) =>
            new Promise<void>((done) => {
              if (graceMs === undefined) return void server!.close(() => done());
              // serve() makes an HTTP/1 server (no TLS or HTTP/2 options are given).
              const http = server as Server;
              draining = true;
              // No new connection; the open ones end by themselves: each answer now closes its own, and
              // an idle keep-alive one is closed by its client (which knows the server's Keep-Alive
              // timeout). http.Server's own close() would cut the idle ones at once, and a client that
              // is sending a call on one at that moment sees it reset.
              Reflect.apply(NetServer.prototype.close, http, [() => done()]);
              setTimeout(() => http.closeAllConnections(), graceMs).unref();
            }),
        });
      });
      server.on('error', reject);
    } catch (error) {
      reject(error);
    }
  });
}
