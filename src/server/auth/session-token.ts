// Session tokens (docs/product.md §4 Session): a signed JWT with an expiry and a jti, so
// logout can revoke it server-side. The key is JWT_SECRET, or one generated
// once and kept in the database so every API process and restart shares it.
import { randomBytes, randomUUID } from 'node:crypto';
import { type JWTPayload, jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { type RawBuilder, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.ts';
import { LoginRequired } from '../services/outcomes.ts';

const SESSION_HOURS = 12;
const ISSUER = 'spesa-online';

export interface SessionClaims {
  userId: number;
  role: 'CUSTOMER' | 'OPERATOR';
  jti: string;
  expiresAt: Date;
}

export async function sessionKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insertInto('app_secrets')
    .values({ key: 'jwt', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('key', '=', 'jwt').executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}

/** When a session signed at `now` expires (its token's exp, in whole seconds). */
export const sessionExpiry = (now: Date): Date =>
  new Date((Math.floor(now.getTime() / 1000) + SESSION_HOURS * 3600) * 1000);

export async function signSession(
  key: Uint8Array,
  userId: number,
  role: SessionClaims['role'],
  now = new Date(),
): Promise<string> {
  // ims: the issue time in milliseconds, so a token made in the same second as a password reset is told apart.
  return new SignJWT({ role, ims: now.getTime() })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setJti(randomUUID())
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(sessionExpiry(now).getTime() / 1000)
    .sign(key);
}

// A token's signature, once checked with a key, stays good: the checked
// payloads are kept (per key) so a shopper's next calls skip the HMAC. Expiry
// is checked on every call, and revocation in the database as before.
const checkedTokens = new WeakMap<Uint8Array, LRUCache<string, JWTPayload>>();

async function checkedPayload(key: Uint8Array, token: string): Promise<JWTPayload | null> {
  let checked = checkedTokens.get(key);
  if (!checked) {
    checked = new LRUCache({ max: 10_000 });
    checkedTokens.set(key, checked);
  }
  let payload = checked.get(token);
  if (!payload) {
    payload = (await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] })).payload;
    checked.set(token, payload);
  }
  return payload.exp && payload.exp * 1000 > Date.now() ? payload : null;
}

/** A token's claims as signed, with its issue time in milliseconds: the account is still to be checked. */
export interface TokenClaims extends SessionClaims {
  issuedMs: number;
}

/**
 * The claims of a well-signed, unexpired token of the right shape, without the
 * database: whether its account still stands (accountStands) is checked apart.
 */
export async function tokenClaims(key: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const payload = await checkedPayload(key, token);
    if (!payload) return null;
    const userId = Number(payload.sub);
    const role = payload['role'];
    if (!Number.isSafeInteger(userId) || !payload.jti || !payload.exp || (role !== 'CUSTOMER' && role !== 'OPERATOR'))
      return null;
    const issuedMs = typeof payload['ims'] === 'number' ? payload['ims'] : (payload.iat ?? 0) * 1000;
    return { userId, role, jti: payload.jti, expiresAt: new Date(payload.exp * 1000), issuedMs };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

/**
 * Whether the token's account still stands: it exists, the token is not revoked
 * (logout) nor older than the last password reset or change (unless it is the
 * session that changed it). As a condition of a call's own statement
 * (accountStandsIn, cart.ts and slots.ts) or a statement of its own
 * (accountStands): one rule, in SQL. The times compare in whole milliseconds
 * (a token's issue time is kept in milliseconds).
 */
const accountStandsIn = (claims: TokenClaims): RawBuilder<boolean> =>
  sql<boolean>`EXISTS (SELECT 1 FROM users u WHERE u.id = ${claims.userId}
    AND NOT EXISTS (SELECT 1 FROM revoked_sessions r WHERE r.jti = ${claims.jti})
    AND (u.sessions_valid_from IS NULL OR u.session_kept_jti = ${claims.jti}
      OR floor(extract(epoch FROM u.sessions_valid_from) * 1000) <= ${claims.issuedMs}::numeric))`;

async function accountStands(db: Db, claims: TokenClaims): Promise<boolean> {
  const { rows } = await sql<{ stands: boolean }>`SELECT ${accountStandsIn(claims)} AS stands`.execute(db);
  return rows[0]?.stands === true;
}

/** The claims of a valid, unexpired, unrevoked token; null otherwise. */
export async function verifySession(db: Db, key: Uint8Array, token: string): Promise<SessionClaims | null> {
  const claims = await tokenClaims(key, token);
  if (!claims || !(await accountStands(db, claims))) return null;
  return sessionOf(claims);
}

/**
 * Who a call is for, and how the account is checked: a call puts `stands` in
 * the statement that reads or writes for it, so that nothing is read or
 * written for an account that no longer stands, or calls check() before
 * anything else.
 */
export interface AccountCheck {
  readonly userId: number;
  /** True while the account stands (accountStands), as a condition of the call's statement. */
  readonly stands: RawBuilder<boolean>;
  /** Checks the account with a statement of its own: 401 when it no longer stands. */
  check(): Promise<void>;
}

/** A login whose account is still to be checked by the call (requireUserInStatement). */
export function pendingSession(db: Db, claims: TokenClaims): AccountCheck {
  let checked: Promise<void> | undefined;
  return {
    userId: claims.userId,
    stands: accountStandsIn(claims),
    check: () =>
      (checked ??= accountStands(db, claims).then((stands) => {
        if (!stands) throw new LoginRequired();
      })),
  };
}

/** The customer of a call whose session requireUser() has already checked (or work of the shop's own). */
export const alreadyChecked = (userId: number): AccountCheck => ({
  userId,
  stands: sql<boolean>`true`,
  check: () => Promise.resolve(),
});

/** The session's claims, without the token's issue time. */
const sessionOf = ({ issuedMs: _issued, ...session }: TokenClaims): SessionClaims => session;

export async function revokeSession(db: Db, claims: Pick<SessionClaims, 'jti' | 'expiresAt'>): Promise<void> {
  await db
    .insertInto('revoked_sessions')
    .values({ jti: claims.jti, expires_at: claims.expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
  // Revocations are only needed until the token would have expired anyway.
  await db.deleteFrom('revoked_sessions').where('expires_at', '<', new Date()).execute();
}

/** Ends the account's sessions issued until now, but `keep` (the session that changed the password), if given. */
export async function endSessions(db: Db, userId: number, keep: string | null, now = new Date()): Promise<void> {
  await db
    .updateTable('users')
    .set({ sessions_valid_from: now, session_kept_jti: keep })
    .where('id', '=', userId)
    .execute();
}
