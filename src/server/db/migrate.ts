// Versioned SQL migrations: every file of migrations/ runs once, in name order,
// in a transaction of its own, and is recorded in schema_migrations.
import { readdir, readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { advisoryLocks, type DbHandle } from './client.ts';

const migrationsDir = new URL('./migrations/', import.meta.url);

/** The migration files, in the order they run. */
const migrationFiles = async () => (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();

/** The last migration of this code, which a database serving it must have applied (the readiness check). */
export const latestMigration = async (): Promise<string> => (await migrationFiles()).at(-1) ?? '';

/** `until`: the last migration to apply (a test makes the database of an earlier release); all by default. */
export async function migrate(handle: DbHandle, { until }: { until?: string } = {}): Promise<string[]> {
  // Several API processes may start at once on one database: one migrates,
  // the others wait for the lock and then find every migration applied.
  return handle.exclusive(advisoryLocks.migrate, () => applyPending(handle, until));
}

async function applyPending(handle: DbHandle, until: string | undefined): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(handle.db);
  const done = new Set(
    (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(handle.db)).rows.map((r) => r.name),
  );
  const files = (await migrationFiles()).filter((file) => until === undefined || file <= until);
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const script = await readFile(new URL(file, migrationsDir), 'utf8');
    await handle.runScript(script, { text: 'INSERT INTO schema_migrations (name) VALUES ($1)', params: [file] });
    applied.push(file);
  }
  // A migration that rewrites rows (0013 fills a column of every product) leaves
  // their old versions behind, and PGlite has no autovacuum: a search read twice
  // the pages until the next import. A database already in use is vacuumed once here.
  if (applied.length > 0 && done.size > 0) await sql`VACUUM ANALYZE`.execute(handle.db);
  return applied;
}
