// The whole shop on one port: static site under /app, API under /cli,
// images under /media, the dev outbox under /dev.
import { Hono } from 'hono';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import type { AppDeps } from './app-env.ts';
import { isSitePath, siteError, staticSite } from './site/static-site.ts';
import { errorResponse, notFoundResponse } from './http.ts';
import { securityHeaders } from './security-headers.ts';
import { compression } from './compression.ts';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function shopHandler(deps: AppDeps, siteReady: () => boolean) {
  const shop = new Hono();
  shop.use(securityHeaders(deps.config));
  // Pages, scripts and JSON travel compressed when the browser accepts it (compression.ts).
  shop.use(compression());
  shop.route('/', createApp(deps, { ownErrors: false }));
  shop.route('/', staticSite(siteReady));
  // The API's errors are answered here (createApp), as its own handler would; the site's pages keep hono's plain 500.
  shop.onError((error, c) => (isSitePath(c.req.path) ? siteError(error, c) : errorResponse(error, c)));
  shop.notFound(notFoundResponse);
  return shop;
}

export function listen(
  fetch: (req: Request) => Response | Promise<Response>,
  port: number,
  host: string,
): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    let server: ServerType | undefined;
    try {
      server = serve({ fetch, port, hostname: host }, (info: AddressInfo) => {
        const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
        resolve({
          url: `http://${shown}:${info.port}`,
          port: info.port,
          close: () => new Promise<void>((done) => server!.close(() => done())),
        });
      });
      server.on('error', reject);
    } catch (error) {
      reject(error);
    }
  });
}
