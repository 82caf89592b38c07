// PreparedPGliteDialect (pglite-prepared.ts) against the checks the shop's
// drivers pass (tests/api/prepared-statements.test.ts and
// tests/api/concurrent-calls.test.ts, the same cases here over a Kysely of
// this dialect on an in-memory PGlite opened as client.ts opens it), and what
// is this driver's own: statements prepared once, kept across a rollback,
// prepared again when dropped, a COMMIT of a failed transaction reported.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { AbortedTransactionError, Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedPGliteDialect } from './pglite-prepared.ts';

// biome-ignore lint/suspicious/noExplicitAny: the tests' own tables, beside no schema.
let db: Kysely<any>;
let pglite: PGlite;

beforeAll(async () => {
  pglite = new PGlite({ extensions: { pg_trgm }, parsers: { 20: Number, 1700: Number } });
  await pglite.waitReady;
  await pglite.exec('SET jit = off');
  db = new Kysely({ dialect: new PreparedPGliteDialect(pglite) });
  await sql`CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL, tags text[], data jsonb)`.execute(db);
  await sql`CREATE TABLE notes (id int PRIMARY KEY, who text NOT NULL)`.execute(db);
});

afterAll(() => db.destroy());

const ids = async () => (await sql<{ id: number }>`SELECT id FROM notes ORDER BY id`.execute(db)).rows.map((r) => r.id);

describe('prepared statements (PreparedPGliteDialect)', () => {
  it('sends numbers, text with quotes and backslashes, booleans, dates, arrays, JSON and null as they are', async () => {
    const when = new Date('2026-03-29T01:30:00.000Z');
    for (let i = 0; i < 8; i++) {
      // Several runs: PostgreSQL switches to a generic plan after five.
      const { rows } = await sql<
        Record<string, unknown>
      >`SELECT ${41 + i}::int + 1 AS n, ${'Caffè "Moka" \\ 250 g'}::text AS t,
        ${true}::boolean AS b, ${when}::timestamptz AS ts, ${[1, 2, 3]}::int[] AS ints,
        ${['a,b', 'c"d', 'e\\f', '']}::text[] AS texts, ${JSON.stringify({ a: 1, b: 'ç' })}::jsonb AS j,
        ${null}::text AS nothing, ${2.75}::numeric AS amount`.execute(db);
      expect(rows[0]).toEqual({
        n: 42 + i,
        t: 'Caffè "Moka" \\ 250 g',
        b: true,
        ts: when,
        ints: [1, 2, 3],
        texts: ['a,b', 'c"d', 'e\\f', ''],
        j: { a: 1, b: 'ç' },
        nothing: null,
        amount: 2.75,
      });
    }
  });

  it('answers the same statement with other parameters, and counts the rows it changed', async () => {
    for (let id = 1; id <= 7; id++) {
      await db
        .insertInto('things' as never)
        .values({ id, name: `cosa ${id}`, tags: ['x'] } as never)
        .execute();
    }
    const updated = await db
      .updateTable('things' as never)
      .set({ name: 'cambiata' } as never)
      .where('id' as never, '<=', 3 as never)
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(3);
    const names = await db
      .selectFrom('things' as never)
      .select('name' as never)
      .where('id' as never, '=', 5 as never)
      .execute();
    expect(names).toEqual([{ name: 'cosa 5' }]);
  });

  it('keeps the error code of a failed statement, and the statement works again afterwards', async () => {
    const insert = (id: number) =>
      db
        .insertInto('things' as never)
        .values({ id, name: 'doppia' } as never)
        .execute();
    await expect(insert(100)).resolves.toBeDefined();
    await expect(insert(100)).rejects.toMatchObject({ code: '23505' });
    await expect(insert(101)).resolves.toBeDefined();
  });

  it('rolls a failed transaction back, and runs the next one', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('things' as never)
          .values({ id: 200, name: 'annullata' } as never)
          .execute();
        throw new Error('annulla');
      }),
    ).rejects.toThrow('annulla');
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('things' as never)
        .values({ id: 201, name: 'confermata' } as never)
        .execute();
    });
    const { rows } = await sql<{ id: number }>`SELECT id FROM things WHERE id >= ${200} ORDER BY id`.execute(db);
    expect(rows).toEqual([{ id: 201 }]);
  });

  it('prepares a SELECT * again when its table gains a column', async () => {
    const read = () => sql<Record<string, unknown>>`SELECT * FROM things WHERE id = ${201}`.execute(db);
    for (let i = 0; i < 6; i++) expect((await read()).rows[0]).toMatchObject({ id: 201, name: 'confermata' });
    await sql`ALTER TABLE things ADD COLUMN note text NOT NULL DEFAULT 'nuova'`.execute(db);
    expect((await read()).rows[0]).toMatchObject({ id: 201, name: 'confermata', note: 'nuova' });
  });

  it('reads a long answer of many rows whole: accents, long texts, nulls, empty strings, a repeated column name', async () => {
    // About 1.3 MB: PGlite hands it out in many chunks, which must be read as one answer.
    const { rows } = await sql<Record<string, unknown>>`
      SELECT g AS id, 'Caffè ' || g || ' — più è meglio' AS name, repeat('x', 100 + g % 7) AS long,
        CASE WHEN g % 3 = 0 THEN NULL ELSE g * 1.5 END AS half, '' AS empty, g::bigint AS big,
        g % 2 = 0 AS even, 'prima' AS dup, 'seconda' AS dup
      FROM generate_series(1, ${10_000}) AS g`.execute(db);
    expect(rows).toHaveLength(10_000);
    expect(rows[0]).toEqual({
      id: 1,
      name: 'Caffè 1 — più è meglio',
      long: 'x'.repeat(101),
      half: 1.5,
      empty: '',
      big: 1,
      even: false,
      dup: 'seconda',
    });
    expect(rows[9_998]).toMatchObject({ id: 9_999, half: null, even: false });
    expect(rows.every((row, i) => row['id'] === i + 1 && (row['long'] as string).length === 100 + ((i + 1) % 7))).toBe(
      true,
    );
  });

  it('gives a constraint error its code, detail and message', async () => {
    await sql`CREATE TABLE owned (id int PRIMARY KEY, thing int NOT NULL REFERENCES things (id))`.execute(db);
    const failure = sql`INSERT INTO owned (id, thing) VALUES (${1}, ${999_999})`.execute(db);
    await expect(failure).rejects.toMatchObject({
      code: '23503',
      detail: expect.stringContaining('999999'),
      message: expect.stringContaining('owned_thing_fkey'),
    });
  });

  it('never compiles a plan to machine code (JIT), on any connection', async () => {
    // A store's whole listing order once spent 13 of its 56 ms compiling on PostgreSQL.
    const jit = async () => (await sql<{ jit: string }>`SELECT current_setting('jit') AS jit`.execute(db)).rows[0]?.jit;
    const seen = await Promise.all(Array.from({ length: 12 }, jit));
    expect(new Set(seen)).toEqual(new Set(['off']));
  });
});

describe('concurrent calls (PreparedPGliteDialect)', () => {
  it('gives every answer back whole when many large ones are in flight at once', async () => {
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
    const results = await Promise.allSettled([
      sql`SELECT 1 AS one`.execute(db),
      sql`INSERT INTO notes VALUES (100, 'duplicate')`.execute(db),
      sql<{ two: number }>`SELECT 2 AS two`.execute(db),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
  });
});

describe("the driver's own behaviour", () => {
  const prepared = async (text: string) =>
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = ${text}`.execute(
        db,
      )
    ).rows[0]!.n;

  it('prepares a statement once and runs it again by name', async () => {
    const read = (id: number) => sql<{ id: number }>`SELECT ${id}::int AS id`.execute(db);
    for (let i = 0; i < 3; i++) expect((await read(i)).rows).toEqual([{ id: i }]);
    expect(await prepared('SELECT $1::int AS id')).toBe(1);
  });

  it('keeps a statement prepared in a rolled-back transaction, and prepares it again when dropped', async () => {
    const read = () => sql<{ one: number }>`SELECT 1 AS one, 'rollback' AS why`.execute(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`SELECT 1 AS one, 'rollback' AS why`.execute(trx);
        throw new Error('annulla');
      }),
    ).rejects.toThrow('annulla');
    expect((await read()).rows).toEqual([{ one: 1, why: 'rollback' }]);
    await sql`DEALLOCATE ALL`.execute(db);
    expect((await read()).rows).toEqual([{ one: 1, why: 'rollback' }]);
  });

  it('fails a transaction whose table changed shape under a prepared SELECT *, and prepares it again after', async () => {
    await sql`CREATE TABLE shapes (id int PRIMARY KEY)`.execute(db);
    await sql`INSERT INTO shapes VALUES (1)`.execute(db);
    const read = (on: typeof db) => sql<Record<string, unknown>>`SELECT * FROM shapes`.execute(on);
    expect((await read(db)).rows).toEqual([{ id: 1 }]);
    await sql`ALTER TABLE shapes ADD COLUMN colour text DEFAULT 'rosso'`.execute(db);
    await expect(db.transaction().execute((trx) => read(trx))).rejects.toMatchObject({ code: '0A000' });
    expect((await db.transaction().execute((trx) => read(trx))).rows).toEqual([{ id: 1, colour: 'rosso' }]);
  });

  it('says so when COMMIT rolls back a transaction whose statement failed', async () => {
    const attempt = db.transaction().execute(async (trx) => {
      await sql`INSERT INTO notes VALUES (${500}, 'a')`.execute(trx);
      await sql`INSERT INTO notes VALUES (${500}, 'b')`.execute(trx).catch(() => {});
    });
    await expect(attempt).rejects.toBeInstanceOf(AbortedTransactionError);
    expect(await ids()).not.toContain(500);
  });

  it('reads int8, numeric and their arrays as numbers, and honours isolation settings', async () => {
    const { rows } = await sql`SELECT ${'9007199254740991'}::int8 AS big, ${[1.5, 2]}::numeric[] AS amounts,
      ${[3, null]}::int8[] AS bigs, ${new Uint8Array([1, 255])}::bytea AS bytes`.execute(db);
    expect(rows[0]).toEqual({
      big: 9007199254740991,
      amounts: [1.5, 2],
      bigs: [3, null],
      bytes: new Uint8Array([1, 255]),
    });
    const level = await db
      .transaction()
      .setIsolationLevel('serializable')
      .execute(
        async (trx) =>
          (await sql<{ l: string }>`SELECT current_setting('transaction_isolation') AS l`.execute(trx)).rows[0]!.l,
      );
    expect(level).toBe('serializable');
  });
});
