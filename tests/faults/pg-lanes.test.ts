// PostgreSQL: statements outside a transaction share a few pipelined
// connections (src/server/db/pg-lanes.ts). Each must be answered as on a
// connection of its own: its own rows and errors, only committed rows, and a
// statement that waits for a lock must not hold up the statements behind it
// on its lane — not even one that the lock's transaction itself waits for.
// PostgreSQL lane only (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type DbHandle, GENERIC_PLAN, OWN_CONNECTION } from '#src/server/db/client.ts';
import { openTestDatabase } from '../api/harness.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let handle: DbHandle;

beforeAll(async () => {
  // One lane: every statement outside a transaction goes down the same connection.
  database = await openTestDatabase({ lanes: 1 });
  handle = database.handle;
  await sql`CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL)`.execute(handle.db);
  await sql`INSERT INTO counters VALUES (1, 0), (2, 0)`.execute(handle.db);
});

afterAll(() => database.close());

const counter = async (id: number) =>
  (await sql<{ n: number }>`SELECT n FROM counters WHERE id = ${id}`.execute(handle.db)).rows[0]?.n;

describe('statements on shared pipelined connections (PostgreSQL)', () => {
  it('answers many statements sent at once each with its own rows, and a failing one alone with its error', async () => {
    const answers = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        sql<{ v: number }>`SELECT ${i}::int / ${i === 77 ? 0 : 1}::int AS v`.execute(handle.db),
      ),
    );
    answers.forEach((answer, i) => {
      if (i === 77) expect(answer).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
      else expect(answer).toEqual({ status: 'fulfilled', value: expect.objectContaining({ rows: [{ v: i }] }) });
    });
  });

  it('keeps a transaction on a connection of its own: its writes are seen outside only once committed', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await sql`UPDATE counters SET n = 5 WHERE id = 2`.execute(trx);
      expect((await sql<{ n: number }>`SELECT n FROM counters WHERE id = 2`.execute(trx)).rows[0]?.n).toBe(5);
      expect(await counter(2)).toBe(0);
    });
    expect(await counter(2)).toBe(5);
  });

  it('keeps each of many concurrent transactions on one connection while statements between them share the lanes', async () => {
    // The clients Kysely is given are handed out again once released (client.ts): none may serve two at once.
    const pid = async (db: typeof handle.db) =>
      (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db)).rows[0]!.pid;
    const runs = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        Promise.all([
          handle.db.transaction().execute(async (trx) => {
            const first = await pid(trx);
            await sql`SELECT pg_sleep(0.01)`.execute(trx);
            const again = await pid(trx);
            const seen = (await sql<{ v: number }>`SELECT ${i}::int AS v`.execute(trx)).rows[0]!.v;
            return { first, again, seen };
          }),
          sql<{ v: number }>`SELECT ${i + 1000}::int AS v`.execute(handle.db),
        ]),
      ),
    );
    runs.forEach(([inside, outside], i) => {
      expect(inside.again).toBe(inside.first);
      expect(inside.seen).toBe(i);
      expect(outside.rows).toEqual([{ v: i + 1000 }]);
    });
    // At most the pool's connections at once: the transactions' backends are few and reused.
    expect(new Set(runs.map(([inside]) => inside.first)).size).toBeLessThanOrEqual(10);
  });

  it('runs a statement that waits for a lock on a connection of its own, so the statements behind it go on', async () => {
    let done = false;
    let increment: Promise<void> | undefined;
    await handle.db.transaction().execute(async (trx) => {
      await sql`SELECT n FROM counters WHERE id = 1 FOR UPDATE`.execute(trx);
      // On the lane: it must wait until this transaction ends.
      increment = sql`UPDATE counters SET n = n + 1 WHERE id = 1`.execute(handle.db).then(() => {
        done = true;
      });
      // Behind it on the same lane, and awaited by the transaction that holds the lock: were the
      // increment waiting on the lane, neither would ever end.
      expect(await counter(1)).toBe(0);
      expect(done).toBe(false);
    });
    await increment;
    expect(done).toBe(true);
    expect(await counter(1)).toBe(1);
  });

  it('runs a statement marked as a long read on a connection of its own, not ahead of the lane', async () => {
    const order: string[] = [];
    const long = sql`${sql.raw(OWN_CONNECTION)} SELECT pg_sleep(0.3)`.execute(handle.db).then(() => order.push('long'));
    const short = counter(1).then(() => order.push('short'));
    await Promise.all([long, short]);
    // On the one lane, the short read would have been answered after the long one.
    expect(order).toEqual(['short', 'long']);
  });

  it('plans a ranked search generically, on lanes of its own, and every other statement as PostgreSQL chooses', async () => {
    const mode = async (marker: string) =>
      (await sql<{ m: string }>`${sql.raw(marker)} SELECT current_setting('plan_cache_mode') AS m`.execute(handle.db))
        .rows[0]?.m;
    expect(await mode(GENERIC_PLAN)).toBe('force_generic_plan');
    expect(await mode('')).toBe('auto');
    expect(await mode(OWN_CONNECTION)).toBe('auto');
  });

  it('opens a new connection when its lane loses the one it had', async () => {
    expect(await counter(1)).toBe(1);
    // Every other session of this database ends, the lane's among them: asked from a transaction's own connection.
    await handle.db.transaction().execute((trx) =>
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(trx),
    );
    const failures: unknown[] = [];
    let answer: number | undefined;
    for (let attempt = 0; attempt < 3 && answer === undefined; attempt++) {
      try {
        answer = await counter(1);
      } catch (error) {
        failures.push(error);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect(answer).toBe(1);
    expect(failures.length).toBeLessThanOrEqual(1);
  });
});
