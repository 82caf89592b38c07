// npm run backup / npm run restore (docs/deploy.md): on PostgreSQL the
// server's own tools, pg_dump --format=custom and pg_restore --clean
// --if-exists, from the newest /usr/lib/postgresql/<version>/bin (as
// scripts/test-pg.ts finds the server's) or else the PATH; on PGlite its
// data directory as a gzipped tarball (dumpDataDir / loadDataDir), never
// while the shop holds that directory (pglite-lock.ts).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lockDataDir } from './pglite-lock.ts';

/** Where the backup is taken from or restored to: the shop's DATABASE_URL, or else its DATA_DIR. */
export type BackupTarget = { databaseUrl: string } | { dataDir: string };

/** A PostgreSQL tool of the newest installed server, or the one on the PATH. */
function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return name;
  const newest = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', name)))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))[0];
  return newest ? join(base, newest, 'bin', name) : name;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

// The extension the shop's migrations create (db/client.ts): loaded, so the dump and the restore see it.
const pgliteSettings = { extensions: { pg_trgm } };

export async function backup(target: BackupTarget, file: string): Promise<void> {
  if ('databaseUrl' in target) {
    await run(postgresTool('pg_dump'), ['--format=custom', `--file=${file}`, `--dbname=${target.databaseUrl}`]);
    return;
  }
  // The lock refuses while the shop runs: its writes would not be in the copy.
  const unlock = lockDataDir(target.dataDir);
  try {
    const db = new PGlite(target.dataDir, pgliteSettings);
    await db.waitReady;
    const tarball = await db.dumpDataDir('gzip');
    await db.close();
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    unlock();
  }
}

/** Replaces the database with a backup; PGlite's previous directory is kept beside it until the restore succeeded. */
export async function restore(target: BackupTarget, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  if ('databaseUrl' in target) {
    await run(postgresTool('pg_restore'), [
      '--clean',
      '--if-exists',
      '--no-owner',
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
    return;
  }
  const unlock = lockDataDir(target.dataDir);
  const previous = `${target.dataDir.replace(/\/+$/, '')}.before-restore`;
  try {
    await rm(previous, { recursive: true, force: true });
    if (existsSync(target.dataDir)) await rename(target.dataDir, previous);
    try {
      const db = new PGlite(target.dataDir, { ...pgliteSettings, loadDataDir: new Blob([await readFile(file)]) });
      await db.waitReady;
      await db.query('SELECT 1');
      await db.close();
    } catch (error) {
      await rm(target.dataDir, { recursive: true, force: true });
      if (existsSync(previous)) await rename(previous, target.dataDir);
      throw error;
    }
    await rm(previous, { recursive: true, force: true });
  } finally {
    unlock();
  }
}
