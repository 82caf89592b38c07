// Middleware for calls that need login (docs/architecture.md §3): a missing, invalid,
// expired or revoked token is 401; a customer on an operator call is 403. The token comes
// as a bearer header or in the browser's session cookie (session-cookie.ts, decision 027).
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { LoginRequired, NotYours } from '../services/outcomes.ts';
import { presentedSession } from './session-cookie.ts';
import { pendingSession, type SessionClaims, tokenClaims, verifySession } from './session-token.ts';

export type AuthEnv = AppEnv;

export function requireUser(role?: SessionClaims['role']) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const token = presentedSession(c)?.token;
    if (!token) throw new LoginRequired();
    const claims = await verifySession(c.get('db'), await c.get('sessionKey')(), token);
    if (!claims) throw new LoginRequired();
    if (role && claims.role !== role) throw new NotYours();
    c.set('session', claims);
    await next();
  });
}

/**
 * requireUser() for a hot call that checks the account in its own statement
 * (a cart write, a slot listing): the token is checked here, the account by
 * the call (AccountCheck, c.get('pending')) — one statement fewer on every such
 * call. The input is checked before the account (a malformed body of a
 * revoked session is answered 400, never with anything of the account).
 */
export function requireUserInStatement() {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const token = presentedSession(c)?.token;
    if (!token) throw new LoginRequired();
    const claims = await tokenClaims(await c.get('sessionKey')(), token);
    if (!claims) throw new LoginRequired();
    c.set('pending', pendingSession(c.get('db'), claims));
    await next();
  });
}
