// Auth and profile calls of docs/product.md §7 (addresses live in addresses.ts).
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { profileCalls as calls } from '#src/shared/contract/endpoints.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { routes } from '#src/shared/routes.ts';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { inputOf, ok, refuse, type Verdict } from '../http.ts';
import { BusinessError } from '../services/outcomes.ts';
import { requireUser, type AuthEnv } from '../auth/require-user.ts';
import { clearRateLimit, countHit, hitRateLimit, type Limit } from '../auth/rate-limit.ts';
import { knownDevice, rememberDevice } from '../auth/device-cookie.ts';
import { revokeSession, type SessionClaims, sessionExpiry, signSession, tokenClaims } from '../auth/session-token.ts';
import { clearSessionCookie, presentedSession, sessionCookie, setSessionCookie } from '../auth/session-cookie.ts';
import { originOf } from '../shop-origin.ts';
import { forgetSessionSubscriptions } from '../push/subscriptions.ts';
import {
  changePassword,
  checkCredentials,
  confirmAccount,
  requestDeletion,
  requestPasswordReset,
  requireProfile,
  resetPassword,
  signup,
  updateProfile,
} from '../services/accounts.ts';

// Per account and address: a few tries, then a pause of minutes — never a permanent lock.
const perAccount: Limit = { limit: 8, windowSeconds: 15 * 60 };
/** Each failed guess past the account's limit (from any address) adds this much to its next log-in, up to ten times. */
const SLOWDOWN_MS = 500;
const perIp: Limit = { limit: 60, windowSeconds: 15 * 60 };
const signupPerIp: Limit = { limit: 20, windowSeconds: 60 * 60 };

function clientIp(c: Context<AppEnv>): string {
  // Only behind a trusted load balancer (docs/architecture.md §1) is X-Forwarded-For the
  // client's address; otherwise anyone could dodge the limits by sending one.
  const forwarded = c.get('config').TRUST_PROXY ? c.req.header('X-Forwarded-For')?.split(',')[0]?.trim() : undefined;
  return forwarded || socketAddress(c) || 'local';
}

/** The peer's address from Node's socket; a request made in-process (app.request, the tests) has none. */
const socketAddress = (c: Context<AppEnv>): string | undefined =>
  (c.env as { incoming?: unknown } | undefined)?.incoming ? getConnInfo(c).remote.address : undefined;

const perAddress = (c: Context<AppEnv>, rule: Limit): Limit => ({
  ...rule,
  limit: rule.limit * c.get('config').IP_RATE_LIMIT_MULTIPLIER,
});

/** Signup answers the business codes of docs/product.md §8 for the three fields that have one. */
function signupVerdict(result: Verdict) {
  if (!result.success) {
    const fields = new Set(result.error.issues.map((i) => i.path.join('.')));
    if (fields.has('username')) throw new BusinessError(ErrorCode.INVALID_USERNAME);
    if (fields.has('password')) throw new BusinessError(ErrorCode.INVALID_PASSWORD);
    if (fields.has('profile.mobilePhone')) throw new BusinessError(ErrorCode.INVALID_PHONE);
  }
  refuse(result);
}

// Attempts count per address before the request is read, so a flood of broken requests is limited too.
const limitSignups = createMiddleware<AppEnv>(async (c, next) => {
  await hitRateLimit(c.get('db'), [{ key: `signup:ip:${clientIp(c)}`, rule: perAddress(c, signupPerIp) }]);
  await next();
});
const limitResets = createMiddleware<AppEnv>(async (c, next) => {
  await hitRateLimit(c.get('db'), [{ key: `reset:ip:${clientIp(c)}`, rule: perAddress(c, perIp) }]);
  await next();
});

export const profileRoutes = new Hono<AppEnv>()
  .on(calls.signup.method, calls.signup.path, limitSignups, inputOf(calls.signup, signupVerdict), async (c) => {
    await signup(c.get('db'), c.get('mailer'), originOf(c), c.req.valid('json'));
    return ok(c, null);
  })
  .on(calls.confirm.method, calls.confirm.path, inputOf(calls.confirm), async (c) => {
    const { token } = c.req.valid('query');
    const confirmed = token !== '' && (await confirmAccount(c.get('db'), token));
    return c.redirect(confirmed ? routes.signupConfirmed : routes.signupLinkExpired, 302);
  })
  .on(calls.login.method, calls.login.path, inputOf(calls.login), async (c) => {
    const { username, password } = c.req.valid('json');
    const ip = clientIp(c);
    // Refused (429): too many tries for this account from this address, or from this address at all.
    const pairKey = `login:user:${username}:ip:${ip}`;
    await hitRateLimit(c.get('db'), [
      { key: pairKey, rule: perAccount },
      { key: `login:ip:${ip}`, rule: perAddress(c, perIp) },
    ]);
    // For the account as a whole, guesses from many addresses slow its log-in
    // down instead of refusing it, and never for a browser that logged in to it before.
    const accountKey = `login:user:${username}`;
    const accountHits = await countHit(c.get('db'), accountKey, perAccount.windowSeconds);
    const key = await c.get('sessionKey')();
    if (accountHits > perAccount.limit && !knownDevice(c, key, username)) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(10, accountHits - perAccount.limit) * SLOWDOWN_MS));
    }
    const user = await checkCredentials(c.get('db'), username, password);
    await clearRateLimit(c.get('db'), pairKey);
    await clearRateLimit(c.get('db'), accountKey);
    rememberDevice(c, key, username);
    const now = new Date();
    const jwt = await signSession(key, user.id, user.role, now);
    const profile = await requireProfile(c.get('db'), user.id);
    if (c.req.valid('json').session === 'token') return ok(c, { jwt, profile, role: user.role });
    // A browser holds one session: the one its cookie held until now (a logout made offline
    // that has not reached the shop yet, say) ends here (decision 027).
    const replaced = sessionCookie(c);
    const previous = replaced ? await tokenClaims(key, replaced) : null;
    if (previous) await endSession(c.get('db'), previous);
    setSessionCookie(c, jwt, sessionExpiry(now));
    return ok(c, { profile, role: user.role });
  })
  .on(calls.requestReset.method, calls.requestReset.path, inputOf(calls.requestReset), async (c) => {
    const { email } = c.req.valid('json');
    await hitRateLimit(c.get('db'), [
      { key: `reset:user:${email}`, rule: { limit: 5, windowSeconds: 60 * 60 } },
      { key: `reset:ip:${clientIp(c)}`, rule: perAddress(c, perIp) },
    ]);
    await requestPasswordReset(c.get('db'), c.get('mailer'), originOf(c), email);
    return ok(c, null);
  })
  .on(calls.resetPassword.method, calls.resetPassword.path, limitResets, inputOf(calls.resetPassword), async (c) => {
    await resetPassword(c.get('db'), c.req.valid('json'));
    return ok(c, null);
  });

const auth = requireUser();

/** Ends a session on the server: its token is refused from now on, its devices get no more notifications. */
async function endSession(db: Db, session: Pick<SessionClaims, 'userId' | 'jti' | 'expiresAt'>) {
  await revokeSession(db, session);
  await forgetSessionSubscriptions(db, session);
}

/** The logout takes the cookie back from the browser even when its session has already ended (401). */
const forgetCookie = createMiddleware<AppEnv>(async (c, next) => {
  if (sessionCookie(c) !== undefined) clearSessionCookie(c);
  await next();
});

/** Calls that need login: each route names its guard, so public siblings stay public. */
export const myProfileRoutes = new Hono<AuthEnv>()
  .on(calls.session.method, calls.session.path, auth, async (c) => {
    const { userId, role } = c.get('session');
    const profile = await requireProfile(c.get('db'), userId);
    // The token is given back only to a caller that sent it: a cookie's stays out of page scripts' reach.
    const presented = presentedSession(c);
    return ok(c, presented?.via === 'bearer' ? { jwt: presented.token, profile, role } : { profile, role });
  })
  .on(calls.logout.method, calls.logout.path, forgetCookie, auth, async (c) => {
    await endSession(c.get('db'), c.get('session'));
    return ok(c, null);
  })
  .on(calls.update.method, calls.update.path, auth, inputOf(calls.update), async (c) =>
    ok(c, await updateProfile(c.get('db'), c.get('session').userId, c.req.valid('json'))),
  )
  .on(calls.requestDeletion.method, calls.requestDeletion.path, auth, async (c) => {
    await requestDeletion(c.get('db'), c.get('mailer'), c.get('session').userId, c.get('config').PRIVACY_EMAIL);
    return ok(c, null);
  })
  .on(calls.changePassword.method, calls.changePassword.path, auth, inputOf(calls.changePassword), async (c) => {
    await changePassword(c.get('db'), c.get('session').userId, c.req.valid('json'), c.get('session').jti);
    return ok(c, null);
  });
