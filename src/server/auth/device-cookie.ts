// A browser that has logged in to an account before carries a signed device
// cookie for it (OWASP's "device cookies" against account lock-out): guesses
// from elsewhere slow the account's log-in down, never this browser's.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

const COOKIE = 'spesa_device';
const DAYS = 180;

const mac = (key: Uint8Array, body: string) => createHmac('sha256', key).update(`device:${body}`).digest('base64url');

/** Whether the request carries this browser's valid device cookie for `username`. */
export function knownDevice(c: Context, key: Uint8Array, username: string, now = Date.now()): boolean {
  const value = getCookie(c, COOKIE);
  const [name, expires, signature] = value?.split('.') ?? [];
  if (!name || !expires || !signature || Number(expires) * 1000 < now) return false;
  const expected = Buffer.from(mac(key, `${name}.${expires}`));
  const given = Buffer.from(signature);
  return (
    given.length === expected.length &&
    timingSafeEqual(given, expected) &&
    name === Buffer.from(username.toLowerCase()).toString('base64url')
  );
}

/** Marks this browser as one that logged in to `username` (HttpOnly, only sent to the log-in call). */
export function rememberDevice(c: Context, key: Uint8Array, username: string, now = Date.now()): void {
  const name = Buffer.from(username.toLowerCase()).toString('base64url');
  const expires = Math.floor(now / 1000) + DAYS * 24 * 3600;
  setCookie(c, COOKIE, `${name}.${expires}.${mac(key, `${name}.${expires}`)}`, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/cli/profiles/login',
    maxAge: DAYS * 24 * 3600,
    secure: new URL(c.req.url).protocol === 'https:',
  });
}
