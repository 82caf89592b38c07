// Concurrent calls on one database: PGlite is one session, and a transaction
// must have it alone from BEGIN to COMMIT (kysely's PGliteDialect runs one
// statement at a time and a transaction through PGlite's transaction()).
// Whatever arrives while a transaction is open must neither run inside it nor
// see what it has not committed; on PostgreSQL the pool gives the same guarantees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '#src/server/db/client.ts';
import { openTestDatabase } from './harness.ts';

let handle: DbHandle;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
  handle = database.handle;
  await sql`CREATE TABLE notes (id int PRIMARY KEY, who text NOT NULL)`.execute(handle.db);
});

afterAll(() => database.close());

const ids = async () =>
  (await sql<{ id: number }>`SELECT id FROM notes ORDER BY id`.execute(handle.db)).rows.map((r) => r.id);

describe(`concurrent calls (${process.env['DATABASE_URL'] ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('gives every answer back whole when many large ones are in flight at once', async () => {
    const db = handle.db;
    // 40 answers of 300,000 characters each (12 MB in flight) and one of 2,000,000.
    const sizes = [...Array.from({ length: 40 }, () => 300_000), 2_000_000];
    const answers = await Promise.all(
      sizes.map((size, i) =>
        sql<{ text: string; n: number }>`SELECT repeat(chr(${65 + (i % 26)}), ${size}) AS text, ${i}::int AS n`.execute(
          db,
        ),
      ),
    );
    for (const [i, { rows }] of answers.entries()) {
      expect(rows).toHaveLength(1);
      expect(rows[0]!.n).toBe(i);
      expect(rows[0]!.text).toBe(String.fromCharCode(65 + (i % 26)).repeat(sizes[i]!));
    }
  });

  it('keeps statements sent while a transaction is open out of it: they stay when it rolls back', async () => {
    const db = handle.db;
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let carryOn!: () => void;
    const mayEnd = new Promise<void>((resolve) => {
      carryOn = resolve;
    });
    const failing = db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO notes VALUES (1, 'transaction')`.execute(trx);
        inside();
        await mayEnd;
        await sql`INSERT INTO notes VALUES (2, 'transaction')`.execute(trx);
        throw new Error('annullata');
      })
      .catch((error: Error) => error.message);
    await opened;
    // Sent while the transaction is open: each must wait for it, and then see nothing of it.
    const outside = Promise.all([
      sql`INSERT INTO notes VALUES (10, 'outside')`.execute(db),
      sql<{ n: number }>`SELECT count(*)::int AS n FROM notes WHERE who = 'transaction'`.execute(db),
      sql`INSERT INTO notes VALUES (11, 'outside')`.execute(db),
    ]);
    carryOn();
    const [, counted] = await outside;
    expect(await failing).toBe('annullata');
    expect(counted.rows[0]!.n).toBe(0);
    expect(await ids()).toEqual([10, 11]);
  });

  it('answers many concurrent statements and transactions each with its own result', async () => {
    const db = handle.db;
    await sql`DELETE FROM notes`.execute(db);
    const work = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0
        ? db.transaction().execute(async (trx) => {
            await sql`INSERT INTO notes VALUES (${100 + i}, 'transaction')`.execute(trx);
            const mine = await sql<{ who: string }>`SELECT who FROM notes WHERE id = ${100 + i}`.execute(trx);
            return mine.rows[0]!.who;
          })
        : sql<{ n: number }>`SELECT ${i}::int AS n`.execute(db).then(({ rows }) => String(rows[0]!.n)),
    );
    const answers = await Promise.all(work);
    expect(answers).toEqual(Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? 'transaction' : String(i))));
    expect((await ids()).length).toBe(20);
  });

  it('fails a statement with its own error and goes on serving the others', async () => {
    const db = handle.db;
    const results = await Promise.allSettled([
      sql`SELECT 1 AS one`.execute(db),
      sql`INSERT INTO notes VALUES (100, 'duplicate')`.execute(db),
      sql<{ two: number }>`SELECT 2 AS two`.execute(db),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
  });
});
