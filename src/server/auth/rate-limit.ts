// Attempt limits for login, signup and reset (docs/product.md §8: 429), kept in the
// database so every API process shares them. A fixed window: after `limit`
// hits within `windowSeconds` the key is refused until the window ends, so an
// attacker can slow a real customer down for minutes, never lock them out.
import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import { TooManyAttempts } from '../services/outcomes.ts';

export interface Limit {
  limit: number;
  windowSeconds: number;
}

/** Counts one hit for the key in its current window and answers the hits so far. */
export async function countHit(db: Db, key: string, windowSeconds: number, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - windowSeconds * 1000);
  // One statement: start a new window or count in the current one.
  const row = await sql<{ hits: number }>`
    INSERT INTO rate_limits (key, hits, window_start) VALUES (${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.window_start < ${windowStart} THEN 1 ELSE rate_limits.hits + 1 END,
      window_start = CASE WHEN rate_limits.window_start < ${windowStart} THEN ${now} ELSE rate_limits.window_start END
    RETURNING hits`.execute(db);
  return Number(row.rows[0]?.hits ?? 0);
}

/** Counts one hit for each key; throws 429 when any key is over its limit. */
export async function hitRateLimit(db: Db, keys: { key: string; rule: Limit }[], now = new Date()): Promise<void> {
  let refused = false;
  for (const { key, rule } of keys) {
    if ((await countHit(db, key, rule.windowSeconds, now)) > rule.limit) refused = true;
  }
  if (refused) throw new TooManyAttempts();
}

/** Forget a key's hits (e.g. the account's after a successful login). */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
