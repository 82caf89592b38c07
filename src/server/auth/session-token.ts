// Session tokens (spec §4 Session): a signed JWT with an expiry and a jti, so
// logout can revoke it server-side. The key is JWT_SECRET, or one generated
// once and kept in the database so every API process and restart shares it.
import { randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { Db } from '../db/client.ts';

export const SESSION_HOURS = 12;
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

export async function signSession(key: Uint8Array, userId: number, role: SessionClaims['role'], now = new Date()): Promise<string> {
  return new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setJti(randomUUID())
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + SESSION_HOURS * 3600)
    .sign(key);
}

/** The claims of a valid, unexpired, unrevoked token; null otherwise. */
export async function verifySession(db: Db, key: Uint8Array, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    const role = payload['role'];
    if (!Number.isSafeInteger(userId) || !payload.jti || !payload.exp || (role !== 'CUSTOMER' && role !== 'OPERATOR')) return null;
    const revoked = await db.selectFrom('revoked_sessions').select('jti').where('jti', '=', payload.jti).executeTakeFirst();
    if (revoked) return null;
    return { userId, role, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

export async function revokeSession(db: Db, claims: Pick<SessionClaims, 'jti' | 'expiresAt'>): Promise<void> {
  await db
    .insertInto('revoked_sessions')
    .values({ jti: claims.jti, expires_at: claims.expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
  // Revocations are only needed until the token would have expired anyway.
  await db.deleteFrom('revoked_sessions').where('expires_at', '<', new Date()).execute();
}
