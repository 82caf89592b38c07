// Concurrent calls on one database: on PGlite the statements of many calls
// are sent to its thread one after the other without waiting for each other's
// answers, while a transaction has the session alone from BEGIN to COMMIT
// (src/server/db/arrival-order.ts, pglite-dialect.ts). Whatever arrives while a
// transaction is open must neither run inside it nor see what it has not
// committed; on PostgreSQL the pool gives the same guarantees.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Kysely, sql } from 'kysely';
import { protocol } from '@electric-sql/pglite';
import type { DbHandle } from '#src/server/db/client.ts';
import { ArrivalGate } from '#src/server/db/arrival-order.ts';
import { PreparedPGliteDialect } from '#src/server/db/pglite-dialect.ts';
import { openEngine } from '#src/server/db/pglite-engine.ts';
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

// PGlite's thread gone. Shut down: a call is refused at once with 57P01.
// Crashed: the calls it had are refused with 57P02 (the API answers both 503
// "try again shortly", http.ts), and a data directory is opened again in a new
// thread: what was committed is there, a transaction begun before the crash
// is refused to its end rather than half committed, and statements prepared
// in the old session are prepared again.
describe('PGlite thread stopped', () => {
  it('refuses a statement at once with 57P01 once shut down, without hanging', async () => {
    const engine = await openEngine(undefined);
    await engine.close();
    await expect(engine.exchange(protocol.serialize.query('SELECT 1'), false)).rejects.toMatchObject({
      code: '57P01',
    });
  });

  it('after a crash opens the data directory again: committed rows kept, an open transaction refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spesa-thread-'));
    const engine = await openEngine(join(dir, 'pglite'));
    const db = new Kysely<never>({ dialect: new PreparedPGliteDialect(engine, new ArrivalGate()) });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await sql`CREATE TABLE notes (id int PRIMARY KEY, who text NOT NULL)`.execute(db);
      const insert = (id: number, who: string, on: typeof db) =>
        sql`INSERT INTO notes VALUES (${id}, ${who})`.execute(on);
      await insert(1, 'committed', db);
      const count = async () =>
        (await sql<{ n: number }>`SELECT count(*)::int AS n FROM notes WHERE id > ${0}`.execute(db)).rows[0]!.n;
      expect(await count()).toBe(1);

      let crashed!: () => void;
      const afterCrash = new Promise<void>((resolve) => {
        crashed = resolve;
      });
      const transaction = db.transaction().execute(async (trx) => {
        await insert(2, 'lost', trx);
        await engine.stopThread(); // the thread dies with the transaction open
        await afterCrash;
        await insert(3, 'after the crash', trx);
      });
      const failed = transaction.then(
        () => 'committed',
        (error: { code?: string }) => error.code,
      );
      // The transaction's next statement comes once the thread is gone.
      await new Promise((resolve) => setTimeout(resolve, 50));
      crashed();
      expect(await failed).toBe('57P02');
      expect(await count()).toBe(1);
      // A statement prepared before the crash, in and out of a transaction.
      await db.transaction().execute((trx) => insert(4, 'new session', trx));
      await insert(5, 'new session', db);
      expect((await sql<{ id: number }>`SELECT id FROM notes ORDER BY id`.execute(db)).rows.map((r) => r.id)).toEqual([
        1, 4, 5,
      ]);
      expect(quiet).toHaveBeenCalledWith(expect.stringMatching(/opening .* again in a new thread/));
    } finally {
      quiet.mockRestore();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('after a crash of an in-memory database refuses every call with 57P02', async () => {
    const engine = await openEngine(undefined);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await engine.stopThread();
      await expect(engine.exchange(protocol.serialize.query('SELECT 1'), false)).rejects.toMatchObject({
        code: '57P02',
      });
    } finally {
      quiet.mockRestore();
      await engine.close();
    }
  });
});
