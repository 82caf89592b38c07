// What is PreparedPGliteDialect's own (pglite-prepared.ts): statements
// prepared once, kept across a rollback, prepared again when dropped, a COMMIT
// of a failed transaction reported. The checks every driver of the shop
// passes (parameters, errors, transactions, concurrent calls) are in
// tests/api/prepared-statements.test.ts and concurrent-calls.test.ts, which
// run over this dialect on PGlite.
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
