// Middleware for calls that need login (DESIGN.md §3): a missing, invalid,
// expired or revoked token is 401; a customer on an operator call is 403.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { forbidden, unauthorized } from '../http.ts';
import { verifySession, type SessionClaims } from './session-token.ts';

export type AuthEnv = AppEnv;

export function requireUser(role?: SessionClaims['role']) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized();
    const claims = await verifySession(c.var.db, await c.var.sessionKey(), match[1]!);
    if (!claims) throw unauthorized();
    if (role && claims.role !== role) throw forbidden();
    c.set('session', claims);
    await next();
  });
}
