// src/server/db/schema.ts is Kysely's view of the migrations, written by hand.
// This test keeps the two from drifting: it migrates a fresh database, reads
// its tables and columns back (Kysely's introspection, on PGlite or on
// PostgreSQL), reads the Database interface with the TypeScript compiler, and
// compares tables, columns, nullability, defaults and the kind of each type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { DbHandle } from '#src/server/db/client.ts';
import { migrate } from '#src/server/db/migrate.ts';
import { sql } from 'kysely';
import { generateCatalogue } from '#src/server/catalogue/generate.ts';
import { importCatalogue } from '#src/server/catalogue/import.ts';
import { romeToday } from '#src/shared/time.ts';
import { openTestDatabase } from './harness.ts';

interface DeclaredColumn {
  type: string;
  nullable: boolean;
  generated: boolean;
}

/** Table → column → its declared TypeScript type, from `interface Database` in schema.ts. */
function declaredSchema(): Map<string, Map<string, DeclaredColumn>> {
  const path = fileURLToPath(new URL('../../src/server/db/schema.ts', import.meta.url));
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const aliases = new Map<string, string>();
  let database: ts.InterfaceDeclaration | undefined;
  source.forEachChild((node) => {
    if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, node.type.getText(source));
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'Database') database = node;
  });
  if (!database) throw new Error('no interface Database in schema.ts');
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeLiteralNode(member.type)) continue;
    const columns = new Map<string, DeclaredColumn>();
    for (const column of member.type.members) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      let type = column.type.getText(source);
      for (const [alias, meaning] of aliases) type = type.replace(new RegExp(`\\b${alias}\\b`, 'g'), meaning);
      columns.set(column.name.getText(source), {
        type,
        // unknown (raw provider answers) admits null as well.
        nullable: /\bnull\b/.test(type) || type === 'unknown',
        generated: /^Generated</.test(column.type.getText(source)),
      });
    }
    tables.set(member.name.getText(source), columns);
  }
  return tables;
}

/** The TypeScript a column of this PostgreSQL type must be declared with. */
function expectedKind(dataType: string): RegExp | null {
  if (dataType === 'bool') return /\bboolean\b/;
  if (/^(int[248]|numeric|float[48])$/.test(dataType)) return /\bnumber\b/;
  if (dataType === 'timestamptz' || dataType === 'timestamp') return /\bDate\b/;
  if (/^(text|varchar|bpchar|date|tsvector)$/.test(dataType)) return /\bstring\b|'[^']*'/;
  return null; // jsonb and arrays: any shape
}

let handle: DbHandle;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
  handle = database.handle;
  await migrate(handle);
});

afterAll(() => database.close());

describe(`db/schema.ts against the migrated database (${process.env['DATABASE_URL'] ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('declares every table and column the migrations create, and nothing else', async () => {
    const declared = declaredSchema();
    const actual = (await handle.db.introspection.getTables()).filter((t) => t.name !== 'schema_migrations');
    expect([...declared.keys()].sort()).toEqual(actual.map((t) => t.name).sort());
    for (const table of actual) {
      const columns = declared.get(table.name)!;
      expect([...columns.keys()].sort(), table.name).toEqual(table.columns.map((c) => c.name).sort());
    }
  });

  it('declares each column with its nullability, its default and the kind of its type', async () => {
    const declared = declaredSchema();
    const problems: string[] = [];
    for (const table of await handle.db.introspection.getTables()) {
      const columns = declared.get(table.name);
      if (!columns) continue;
      for (const column of table.columns) {
        const mine = columns.get(column.name);
        if (!mine) continue;
        const where = `${table.name}.${column.name} (${column.dataType})`;
        if (mine.nullable !== column.isNullable)
          problems.push(
            `${where}: ${column.isNullable ? 'nullable' : 'NOT NULL'} in the database, '${mine.type}' in schema.ts`,
          );
        if (mine.generated && !column.hasDefaultValue && !column.isAutoIncrementing)
          problems.push(`${where}: Generated<> in schema.ts but the database has no default`);
        const kind = expectedKind(column.dataType);
        if (kind && !kind.test(mine.type)) problems.push(`${where}: declared as '${mine.type}'`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('a migration on a database already in use', () => {
  it("fills each product's stores from store_products (0013), then vacuums", async () => {
    const feed = generateCatalogue({ products: 60, seed: 3, today: romeToday() });
    await importCatalogue(handle, feed);
    // Back to the database as it was before 0013, with a catalogue in it.
    await sql`ALTER TABLE products DROP COLUMN store_ids`.execute(handle.db);
    await sql`DELETE FROM schema_migrations WHERE name = '0013_product_store_ids.sql'`.execute(handle.db);
    await sql`DELETE FROM store_products WHERE store_id = 1109 AND product_id IN (SELECT id FROM products ORDER BY id LIMIT 5)`.execute(
      handle.db,
    );
    expect(await migrate(handle)).toEqual(['0013_product_store_ids.sql']);
    const { rows } = await sql<{ id: number; store_ids: number[]; sold: number[] }>`SELECT p.id, p.store_ids,
        coalesce((SELECT array_agg(sp.store_id ORDER BY sp.store_id) FROM store_products sp WHERE sp.product_id = p.id), '{}') AS sold
      FROM products p ORDER BY p.id`.execute(handle.db);
    expect(rows).toHaveLength(60);
    for (const row of rows) expect(row.store_ids, `product ${row.id}`).toEqual(row.sold);
    expect(rows.slice(0, 5).every((r) => !r.store_ids.includes(1109))).toBe(true);
    expect(rows.slice(5).every((r) => r.store_ids.includes(1109))).toBe(true);
  });
});
