// One PGlite instance as the shop opens it, in the API's thread (tests, in memory) or in
// its own (pglite-worker.ts, a data directory).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// bigint ids and numeric quantities are read as numbers on both engines: ids
// stay far below 2^53 and quantities have at most 3 decimals.
const INT8 = 20;
const NUMERIC = 1700;

export async function openPGliteInstance(dataDir: string | undefined): Promise<PGlite> {
  // pg_trgm: mistyped search words find their nearest catalogue word (migration 0006).
  const settings = { extensions: { pg_trgm }, parsers: { [INT8]: Number, [NUMERIC]: Number } };
  const pglite = dataDir ? new PGlite(dataDir, settings) : new PGlite(settings);
  await pglite.waitReady;
  // As on PostgreSQL: no plan is compiled to machine code.
  await pglite.exec('SET jit = off');
  return pglite;
}
