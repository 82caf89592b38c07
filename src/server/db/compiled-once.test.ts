import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from './client.ts';
import { compiledOnce } from './compiled-once.ts';

let handle: DbHandle;

beforeAll(async () => {
  handle = await openDb({});
  await sql`CREATE TABLE fruit (id int PRIMARY KEY, name text NOT NULL, kind text NOT NULL)`.execute(handle.db);
  await sql`INSERT INTO fruit VALUES (1, 'mela', 'pomo'), (2, 'pera', 'pomo'), (3, 'arancia', 'agrume')`.execute(
    handle.db,
  );
});
afterAll(() => handle.close());

// The test's own table, beside the shop's schema.
const fruit = (db: DbHandle['db']) =>
  db.withTables<{ fruit: { id: number; name: string; kind: string } }>().selectFrom('fruit');

describe('compiledOnce', () => {
  it("answers each call with that call's values, the same as the built query", async () => {
    const byKind = compiledOnce((db, kind: string, above: number) =>
      fruit(db)
        .select(['id', 'name'])
        .where('kind', '=', kind)
        .where('id', '>', above)
        .where('name', '<>', 'nessuno')
        .orderBy('id'),
    );
    expect(await byKind(handle.db, 'pomo', 0)).toEqual([
      { id: 1, name: 'mela' },
      { id: 2, name: 'pera' },
    ]);
    expect(await byKind(handle.db, 'pomo', 1)).toEqual([{ id: 2, name: 'pera' }]);
    expect(await byKind(handle.db, 'agrume', 0)).toEqual([{ id: 3, name: 'arancia' }]);
    expect(await byKind(handle.db, 'bacca', 0)).toEqual([]);
  });

  it('refuses a query that uses an argument other than as a value: computed, in a literal, or not at all', async () => {
    const computed = compiledOnce((db, prefix: string) => fruit(db).select('id').where('name', 'like', `${prefix}%`));
    await expect(computed(handle.db, 'me')).rejects.toThrow('every argument must be a parameter value');
    const literal = compiledOnce((db, name: string) =>
      fruit(db)
        .select('id')
        .where(sql<boolean>`name = ${sql.lit(name)}`),
    );
    await expect(literal(handle.db, 'mela')).rejects.toThrow('every argument must be a parameter value');
    const unused = compiledOnce((db, _name: string) => fruit(db).select('id'));
    await expect(unused(handle.db, 'mela')).rejects.toThrow('every argument must be a parameter value');
  });
});
