// What the shop sends through either engine's driver (kysely's PGliteDialect,
// postgres.js with prepared statements on PostgreSQL) must arrive as it is:
// every kind of parameter, errors with their codes, transactions that roll
// back, and a table that changes shape under a prepared `SELECT *`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '#src/server/db/client.ts';
import { openTestDatabase } from './harness.ts';

let handle: DbHandle;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
  handle = database.handle;
  await sql`CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL, tags text[], data jsonb)`.execute(handle.db);
});

afterAll(() => database.close());

describe(`prepared statements (${process.env['DATABASE_URL'] ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('sends numbers, text with quotes and backslashes, booleans, dates, arrays, JSON and null as they are', async () => {
    const when = new Date('2026-03-29T01:30:00.000Z');
    for (let i = 0; i < 8; i++) {
      // Several runs: PostgreSQL switches to a generic plan after five.
      const { rows } = await sql<
        Record<string, unknown>
      >`SELECT ${41 + i}::int + 1 AS n, ${'Caffè "Moka" \\ 250 g'}::text AS t,
        ${true}::boolean AS b, ${when}::timestamptz AS ts, ${[1, 2, 3]}::int[] AS ints,
        ${['a,b', 'c"d', 'e\\f', '']}::text[] AS texts, ${JSON.stringify({ a: 1, b: 'ç' })}::jsonb AS j,
        ${null}::text AS nothing, ${2.75}::numeric AS amount`.execute(handle.db);
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
    const db = handle.db;
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
      handle.db
        .insertInto('things' as never)
        .values({ id, name: 'doppia' } as never)
        .execute();
    await expect(insert(100)).resolves.toBeDefined();
    await expect(insert(100)).rejects.toMatchObject({ code: '23505' });
    await expect(insert(101)).resolves.toBeDefined();
  });

  it('rolls a failed transaction back, and runs the next one', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('things' as never)
          .values({ id: 200, name: 'annullata' } as never)
          .execute();
        throw new Error('annulla');
      }),
    ).rejects.toThrow('annulla');
    await handle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('things' as never)
        .values({ id: 201, name: 'confermata' } as never)
        .execute();
    });
    const { rows } = await sql<{ id: number }>`SELECT id FROM things WHERE id >= ${200} ORDER BY id`.execute(handle.db);
    expect(rows).toEqual([{ id: 201 }]);
  });

  it('prepares a SELECT * again when its table gains a column', async () => {
    const read = () => sql<Record<string, unknown>>`SELECT * FROM things WHERE id = ${201}`.execute(handle.db);
    for (let i = 0; i < 6; i++) expect((await read()).rows[0]).toMatchObject({ id: 201, name: 'confermata' });
    await sql`ALTER TABLE things ADD COLUMN note text NOT NULL DEFAULT 'nuova'`.execute(handle.db);
    expect((await read()).rows[0]).toMatchObject({ id: 201, name: 'confermata', note: 'nuova' });
  });

  it('reads a long answer of many rows whole: accents, long texts, nulls, empty strings, a repeated column name', async () => {
    // About 1.3 MB: PGlite hands it out in many chunks, which must be read as one answer.
    const { rows } = await sql<Record<string, unknown>>`
      SELECT g AS id, 'Caffè ' || g || ' — più è meglio' AS name, repeat('x', 100 + g % 7) AS long,
        CASE WHEN g % 3 = 0 THEN NULL ELSE g * 1.5 END AS half, '' AS empty, g::bigint AS big,
        g % 2 = 0 AS even, 'prima' AS dup, 'seconda' AS dup
      FROM generate_series(1, ${10_000}) AS g`.execute(handle.db);
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
    await sql`CREATE TABLE owned (id int PRIMARY KEY, thing int NOT NULL REFERENCES things (id))`.execute(handle.db);
    const failure = sql`INSERT INTO owned (id, thing) VALUES (${1}, ${999_999})`.execute(handle.db);
    await expect(failure).rejects.toMatchObject({
      code: '23503',
      detail: expect.stringContaining('999999'),
      message: expect.stringContaining('owned_thing_fkey'),
    });
  });

  it('never compiles a plan to machine code (JIT), on any connection', async () => {
    // A store's whole listing order once spent 13 of its 56 ms compiling on PostgreSQL.
    const jit = async () =>
      (await sql<{ jit: string }>`SELECT current_setting('jit') AS jit`.execute(handle.db)).rows[0]?.jit;
    const seen = await Promise.all(Array.from({ length: 12 }, jit));
    expect(new Set(seen)).toEqual(new Set(['off']));
  });
});
