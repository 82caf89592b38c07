import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Hono } from 'hono';
import { openDb, type DbHandle } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { errorResponse } from '../http.ts';
import { TooManyAttempts } from '../services/outcomes.ts';
import { hitRateLimit } from './rate-limit.ts';
import { requireUser } from './require-user.ts';
import { revokeSession, sessionKey, signSession, verifySession } from './session-token.ts';

let handle: DbHandle;
let key: Uint8Array;

beforeAll(async () => {
  handle = await openDb({});
  await migrate(handle);
  key = await sessionKey(handle.db, undefined);
  // Tokens are only good for accounts that exist.
  await handle.db
    .insertInto('users')
    .values([42, 7].map((id) => ({ id, username: `u${id}@example.it`, password_hash: 'x' })))
    .execute();
});
afterAll(() => handle.close());

function protectedApp(role?: 'CUSTOMER' | 'OPERATOR') {
  const app = new Hono();
  app.use(async (c, next) => {
    c.set('db' as never, handle.db as never);
    c.set('sessionKey' as never, (async () => key) as never);
    await next();
  });
  app.get('/secret', requireUser(role) as never, (c) => c.json({ responseCode: 0, data: 'ok' }));
  app.onError(errorResponse);
  return app;
}

describe('session tokens', () => {
  it('keeps one generated key for every process sharing the database', async () => {
    const again = await sessionKey(handle.db, undefined);
    expect(Buffer.from(again).equals(Buffer.from(key))).toBe(true);
  });

  it('verifies a fresh token and refuses it once revoked (logout)', async () => {
    const token = await signSession(key, 42, 'CUSTOMER');
    const claims = await verifySession(handle.db, key, token);
    expect(claims).toMatchObject({ userId: 42, role: 'CUSTOMER' });
    await revokeSession(handle.db, claims!);
    expect(await verifySession(handle.db, key, token)).toBeNull();
  });

  it('refuses an expired or tampered token', async () => {
    const old = await signSession(key, 42, 'CUSTOMER', new Date(Date.now() - 13 * 3600 * 1000));
    expect(await verifySession(handle.db, key, old)).toBeNull();
    const token = await signSession(key, 42, 'CUSTOMER');
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: '1' }),
    ).toString('base64url');
    expect(await verifySession(handle.db, key, `${h}.${forged}.${s}`)).toBeNull();
    expect(await verifySession(handle.db, key, 'not-a-token')).toBeNull();
  });

  it('refuses a token that was good when last checked but has expired since, or is given with another key', async () => {
    const token = await signSession(key, 42, 'CUSTOMER');
    expect(await verifySession(handle.db, key, token)).toMatchObject({ userId: 42 });
    const otherKey = new TextEncoder().encode('another key of at least thirty-two bytes');
    expect(await verifySession(handle.db, otherKey, token)).toBeNull();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 12 * 3600 * 1000 + 1000);
      expect(await verifySession(handle.db, key, token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    expect(await verifySession(handle.db, key, token)).toMatchObject({ userId: 42 });
  });

  it('refuses a well-signed token of an account that no longer exists', async () => {
    expect(await verifySession(handle.db, key, await signSession(key, 999, 'CUSTOMER'))).toBeNull();
  });
});

describe('requireUser', () => {
  it('answers 401 without a token, with a bad one, and 200 with a good one', async () => {
    const app = protectedApp();
    expect((await app.request('/secret')).status).toBe(401);
    const bad = await app.request('/secret', { headers: { Authorization: 'Bearer abc' } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ responseCode: 4000, errorMessage: 'Accesso richiesto.' });
    const token = await signSession(key, 7, 'CUSTOMER');
    expect((await app.request('/secret', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('answers 403 to a customer on an operator call', async () => {
    const token = await signSession(key, 7, 'CUSTOMER');
    const res = await protectedApp('OPERATOR').request('/secret', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
  });
});

describe('rate limits', () => {
  const rule = { limit: 3, windowSeconds: 60 };

  it('refuses with 429 past the limit and lets the key in again after the window', async () => {
    const t0 = new Date('2026-11-22T10:00:00Z');
    for (let i = 0; i < 3; i++) await hitRateLimit(handle.db, [{ key: 'login:anna', rule }], t0);
    const refused = await hitRateLimit(handle.db, [{ key: 'login:anna', rule }], t0).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyAttempts); // 429 (http.ts)
    await expect(
      hitRateLimit(handle.db, [{ key: 'login:anna', rule }], new Date(t0.getTime() + 61_000)),
    ).resolves.toBeUndefined();
  });

  it('counts concurrent attempts exactly', async () => {
    const t0 = new Date('2026-11-22T11:00:00Z');
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => hitRateLimit(handle.db, [{ key: 'ip:1.2.3.4', rule }], t0)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  });
});
