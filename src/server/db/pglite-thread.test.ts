// PGlite in a thread of its own (pglite-thread.ts, pglite-worker.ts), as a shop's data
// directory opens it: statements of concurrent calls sent side by side, a transaction's
// statements with nobody else's in between, errors with their PostgreSQL codes, NOTIFY heard.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from './client.ts';

let handle: DbHandle;
const dir = mkdtempSync(join(tmpdir(), 'spesa-thread-'));

beforeAll(async () => {
  handle = await openDb({ dataDir: join(dir, 'data') });
  await sql`CREATE TABLE notes (id int PRIMARY KEY, who text NOT NULL)`.execute(handle.db);
}, 60_000);

afterAll(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const who = async () =>
  (await sql<{ id: number; who: string }>`SELECT id, who FROM notes ORDER BY id`.execute(handle.db)).rows;

describe('PGlite in a thread of its own', () => {
  it('says so, and answers many concurrent calls each with its own rows', async () => {
    expect(handle.description).toContain('in a thread of its own');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => sql<{ n: number }>`SELECT ${i}::int AS n`.execute(handle.db)),
    );
    expect(answers.map((a) => a.rows[0]!.n)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it("runs a transaction's statements with no other call's in between: a rollback undoes only its own", async () => {
    let outside: Promise<unknown> | undefined;
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO notes VALUES (1, 'transaction')`.execute(trx);
        // Another call while the transaction is open: it waits for the transaction's end.
        outside = sql`INSERT INTO notes VALUES (2, 'outside')`.execute(handle.db);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM notes`.execute(trx)).rows[0]!.n).toBe(1);
        throw new Error('annulla');
      }),
    ).rejects.toThrow('annulla');
    await outside;
    expect(await who()).toEqual([{ id: 2, who: 'outside' }]);
  });

  it('gives errors their PostgreSQL code, and a failed transaction is rolled back whole', async () => {
    const error = await sql`INSERT INTO notes VALUES (2, 'again')`.execute(handle.db).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505' });
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO notes VALUES (3, 'kept?')`.execute(trx);
        await sql`INSERT INTO notes VALUES (2, 'duplicate')`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await who()).toEqual([{ id: 2, who: 'outside' }]);
  });

  it('hears a NOTIFY once its transaction commits, and no more after unlisten', async () => {
    const heard: string[] = [];
    const stop = await handle.listen('spesa_test', (payload) => heard.push(payload));
    await handle.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_notify('spesa_test', 'uno')`.execute(trx);
      expect(heard).toEqual([]);
    });
    await expect.poll(() => heard).toEqual(['uno']);
    await stop();
    await sql`SELECT pg_notify('spesa_test', 'due')`.execute(handle.db);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['uno']);
  });
});
