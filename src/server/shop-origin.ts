// Where the shop is, as the browser sees it: the origin of its mailed links, of the providers'
// callbacks, of the session cookie's Secure flag and of the CSRF check (auth/session-cookie.ts).
import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';

/**
 * The shop's origin as the browser sees it: PUBLIC_URL, else the request's own
 * (its Host header). Production refuses to start without PUBLIC_URL (config.ts),
 * so a forged Host header never reaches a mailed link or a provider's callback there.
 */
export function originOf(c: Context<AppEnv>): string {
  const { PUBLIC_URL, TRUST_PROXY } = c.get('config');
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
