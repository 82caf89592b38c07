// Security headers on every page and API answer (docs/architecture.md §5): a CSP that
// allows what the shop needs (its own scripts and styles, the inline ones
// only by hash, map tiles from the configured tile server, payment frames
// from its own origin or the card provider) and nothing more; no sniffing;
// HSTS only behind TLS.
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from './config.ts';
import { autoPost } from './payments/html.ts';
import { inlineHashes, servedSiteHashes, type InlineHashes } from './site/inline-hashes.ts';
import { preparingPage } from './site/static-site.ts';

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
function paymentOrigins(env: {
  PAYMENT_ORIGINS?: string | undefined;
  XPAY_URL?: string | undefined;
  IPG_URL?: string | undefined;
}): string[] {
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

/** The part of the configuration the policy reads (config.ts); tests give only what they need. */
export type SecurityEnv = Partial<Pick<Config, 'TILE_URL' | 'PAYMENT_ORIGINS' | 'XPAY_URL' | 'IPG_URL'>>;

/**
 * Inline scripts and styles the server itself writes into pages: the page
 * that posts a payment form on at once (also shown in the checkout's 3-D
 * Secure frame, an about:srcdoc document that keeps the checkout page's
 * policy) and the "being prepared" page.
 */
const serverPageHashes = (): InlineHashes =>
  inlineHashes(`${String(autoPost('https://provider.invalid/', {}))}${preparingPage}`);

const merged = (a: InlineHashes, b: InlineHashes): InlineHashes => ({
  scripts: [...new Set([...a.scripts, ...b.scripts])],
  styles: [...new Set([...a.styles, ...b.styles])],
  styleAttributes: [...new Set([...a.styleAttributes, ...b.styleAttributes])],
});

/** The Content-Security-Policy of the shop's pages, for the site's inline scripts and styles. */
function contentSecurityPolicy(env: SecurityEnv, hashes: InlineHashes | 'unsafe-inline'): string {
  const payments = paymentOrigins(env);
  if (hashes === 'unsafe-inline') {
    const any = ["'unsafe-inline'"];
    hashes = { scripts: any, styles: any, styleAttributes: any };
  }
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // Only the inline scripts the build found, by hash; the instant search
    // (Pagefind) compiles its own WebAssembly from /app/pagefind.
    ['script-src', ["'self'", ...hashes.scripts, "'wasm-unsafe-eval'"]],
    // Styles by hash as well: the <style> elements Astro inlines and the few
    // style="…" attributes of the pages ('unsafe-hashes' lets only those
    // attribute values through; scripts set styles through the CSSOM, which
    // CSP does not restrict).
    ['style-src', ["'self'", ...hashes.styles]],
    ['style-src-elem', ["'self'", ...hashes.styles]],
    [
      'style-src-attr',
      hashes.styleAttributes.includes("'unsafe-inline'")
        ? hashes.styleAttributes
        : hashes.styleAttributes.length
          ? ["'unsafe-hashes'", ...hashes.styleAttributes]
          : ["'none'"],
    ],
    ['img-src', ["'self'", 'data:', tileOrigin(env.TILE_URL)]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'"]],
    ['frame-src', ["'self'", ...payments]],
    ['form-action', ["'self'", ...payments]],
    ['frame-ancestors', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

// The card sandbox stands in for a foreign provider's pages (its result page
// posts a message built per operation in an inline script); it exists only
// outside production (config.ts refuses it there), so its pages keep inline
// scripts and styles without hashes.
const SANDBOX_PATH = /^\/sandbox(\/|$)/;

// The logo of the shop's mails (mail/layout.ts) is shown by mail programs, web
// ones in pages of their own origin: it may be embedded anywhere.
const MAIL_LOGO_PATH = '/app/logo-mail.png';

export function securityHeaders(
  env: SecurityEnv,
  siteHashes: () => InlineHashes = servedSiteHashes,
): MiddlewareHandler {
  const headers = secureHeaders({
    strictTransportSecurity: false,
    xFrameOptions: 'SAMEORIGIN',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
  });
  const ownHashes = serverPageHashes();
  let policy: { site: InlineHashes; value: string } | null = null;
  const sitePolicy = () => {
    const site = siteHashes();
    if (policy?.site !== site) policy = { site, value: contentSecurityPolicy(env, merged(site, ownHashes)) };
    return policy.value;
  };
  const sandboxPolicy = contentSecurityPolicy(env, 'unsafe-inline');
  // The inline hashes (about 2 kB) matter only to documents: a script, a
  // stylesheet, a font or a raster image runs no inline code, and a
  // logged-in page loads some 40 scripts, so those get the same policy
  // without the hashes.
  const resourcePolicy = contentSecurityPolicy(env, { scripts: [], styles: [], styleAttributes: [] });
  // An API answer (JSON, or the live order streams' events) is data, never a document either.
  const isResource = (type: string | null) =>
    /^(application\/json|text\/event-stream|text\/javascript|application\/javascript|text\/css|application\/wasm|font\/|image\/(?!svg))/i.test(
      type ?? '',
    );
  return async (c, next) => {
    // Behind a TLS-terminating load balancer (docs/architecture.md §1) browsers must keep to HTTPS.
    const secure = c.req.header('X-Forwarded-Proto') === 'https' || c.req.url.startsWith('https:');
    await next();
    await headers(c, async () => {});
    c.res.headers.set(
      'Content-Security-Policy',
      SANDBOX_PATH.test(c.req.path)
        ? sandboxPolicy
        : isResource(c.res.headers.get('Content-Type'))
          ? resourcePolicy
          : sitePolicy(),
    );
    if (c.req.path === MAIL_LOGO_PATH) c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
    if (secure) c.res.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
