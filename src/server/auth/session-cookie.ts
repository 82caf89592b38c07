// The browser's session (decision 027): the session token in an HttpOnly cookie that no page
// script can read, sent by the browser with the shop's own calls only (SameSite=Lax), Secure
// with the __Host- prefix wherever the shop is served over https. Non-browser clients (the
// cooperative's apps, the tests) keep sending it as `Authorization: Bearer`, which a page of
// another site cannot make a browser send. A write carrying the cookie must come from the
// shop's own pages: Hono's csrf() (Sec-Fetch-Site same-origin, or the shop's Origin).
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { csrf } from 'hono/csrf';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../app-env.ts';
import { CrossSiteRefused } from '../services/outcomes.ts';
import { originOf } from '../shop-origin.ts';

/** The cookie's name over plain http (development, the browser tests on 127.0.0.1). */
const PLAIN_NAME = 'spesa_session';
/** Over https: Secure, Path=/ and no Domain, which the __Host- prefix makes the browser hold it to. */
const SECURE_NAME = `__Host-${PLAIN_NAME}`;

const overHttps = (c: Context<AppEnv>) => originOf(c).startsWith('https:');

const cookieOptions = (c: Context<AppEnv>) =>
  overHttps(c)
    ? ({ name: SECURE_NAME, httpOnly: true, secure: true, sameSite: 'Lax', path: '/' } as const)
    : ({ name: PLAIN_NAME, httpOnly: true, secure: false, sameSite: 'Lax', path: '/' } as const);

/** Gives the browser its session: until the token expires, unreadable by page scripts. */
export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  const { name, ...options } = cookieOptions(c);
  const maxAge = Math.max(0, Math.ceil((expiresAt.getTime() - Date.now()) / 1000));
  setCookie(c, name, token, { ...options, maxAge });
}

/** Takes the session back from the browser (logout, a session no longer valid). */
export function clearSessionCookie(c: Context<AppEnv>): void {
  const { name, ...options } = cookieOptions(c);
  deleteCookie(c, name, options);
}

/**
 * The session cookie's token. Over https only the __Host- one counts: a cookie of the
 * plain name could have been set by a sibling subdomain.
 */
export const sessionCookie = (c: Context<AppEnv>): string | undefined =>
  c.req.header('Cookie') === undefined ? undefined : getCookie(c, cookieOptions(c).name);

const bearer = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];

/** How a call presents its session: the bearer header (non-browser clients) or the cookie (the shop's pages). */
export interface PresentedSession {
  token: string;
  via: 'bearer' | 'cookie';
}

export function presentedSession(c: Context<AppEnv>): PresentedSession | undefined {
  const header = bearer(c.req.header('Authorization'));
  if (header) return { token: header, via: 'bearer' };
  const cookie = sessionCookie(c);
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

const SAFE_METHOD = /^(GET|HEAD|OPTIONS)$/;

/** The page's origin must be the shop's: PUBLIC_URL's (or the forwarded one), or the request's own. */
const sameOrigin = csrf({
  origin: (origin, c) => origin === originOf(c as Context<AppEnv>) || origin === new URL(c.req.url).origin,
});

/**
 * Every write that carries the session cookie (any call, present or future: it runs in front of
 * all of /cli) must come from the shop's own pages, or it is refused with 403 before anything
 * reads it. A write without the cookie acts for nobody: anonymous or with a bearer token, which
 * a browser sends only where a page of the shop put it.
 */
export const sameOriginWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHOD.test(c.req.method) && (getCookie(c, PLAIN_NAME) ?? getCookie(c, SECURE_NAME)) !== undefined) {
    try {
      await sameOrigin(c, async () => {});
    } catch (error) {
      if (error instanceof HTTPException && error.status === 403) throw new CrossSiteRefused();
      throw error;
    }
  }
  await next();
});
