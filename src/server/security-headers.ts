// Security headers on every page and API answer (DESIGN.md §5): a CSP that
// allows what the shop needs (its own scripts and styles, map tiles from the
// configured tile server, payment frames from its own origin or the card
// provider) and nothing more; no sniffing; HSTS only behind TLS.
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

const DEFAULT_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The origin part of a tile URL template, e.g. https://tile.openstreetmap.org */
export function tileOrigin(template: string | undefined): string {
  try {
    const url = new URL((template || DEFAULT_TILES).replace(/\{[a-z]\}/g, '0'));
    return url.origin.replace(/\/\/0\./, '//*.');
  } catch {
    return new URL(DEFAULT_TILES.replace(/\{[a-z]\}/g, '0')).origin;
  }
}

/** The card providers' origins: their pages run in the payment frames and receive the hosted form. */
export function paymentOrigins(env: { PAYMENT_ORIGINS?: string | undefined; XPAY_URL?: string | undefined; IPG_URL?: string | undefined }): string[] {
  const origins = (env.PAYMENT_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean);
  for (const url of [env.XPAY_URL, env.IPG_URL]) {
    try {
      if (url) origins.push(new URL(url).origin);
    } catch {
      // not a URL: the configuration check refuses it at start-up
    }
  }
  return [...new Set(origins)];
}

type SecurityEnv = { TILE_URL?: string | undefined; PAYMENT_ORIGINS?: string | undefined; XPAY_URL?: string | undefined; IPG_URL?: string | undefined };

export function securityHeaders(env: SecurityEnv = process.env): MiddlewareHandler {
  const payments = paymentOrigins(env);
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // Astro's island loader and the small page scripts are inline; the
      // instant search (Pagefind) compiles its own WebAssembly from /app/pagefind.
      scriptSrc: ["'self'", "'unsafe-inline'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', tileOrigin(env.TILE_URL)],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", ...payments],
      formAction: ["'self'", ...payments],
      frameAncestors: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
    },
    strictTransportSecurity: false,
    xFrameOptions: 'SAMEORIGIN',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
  });
  return async (c, next) => {
    await headers(c, next);
    // Behind a TLS-terminating load balancer (DESIGN.md §1) browsers must keep to HTTPS.
    if (c.req.header('X-Forwarded-Proto') === 'https' || new URL(c.req.url).protocol === 'https:') {
      c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  };
}
