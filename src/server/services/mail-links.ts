// Single-use, expiring links mailed to customers (signup confirmation,
// password reset). Only the token's hash is stored.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';

const CONFIRM_HOURS = 72;
const RESET_MINUTES = 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueLinkToken(
  db: Db,
  userId: number,
  purpose: 'CONFIRM' | 'RESET',
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const ttl = purpose === 'CONFIRM' ? CONFIRM_HOURS * 3600_000 : RESET_MINUTES * 60_000;
  // A new reset link replaces the older ones still unused.
  await db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('auth_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      purpose,
      expires_at: new Date(now.getTime() + ttl),
      used_at: null,
    })
    .execute();
  return token;
}

/** Uses the token once: the user id when it was valid, unexpired and unused; else null. */
export async function consumeLinkToken(
  db: Db,
  token: string,
  purpose: 'CONFIRM' | 'RESET',
  now = new Date(),
): Promise<number | null> {
  const row = await db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}
