// The catalogue version, which keys the catalogue cache and the listing
// counts. It is read from the database at most every VERSION_FRESH_MS per
// process, so a cached answer costs no query: an import made by another
// process (or a scheduled job) is seen within that time, one made by this
// process at once (forgetCatalogueVersion).
import { romeToday } from '#src/shared/time.ts';
import type { Db } from './db/client.ts';

export const VERSION_FRESH_MS = 100;

const known = new WeakMap<Db, { version: Promise<string>; readAt: number }>();

async function readVersion(db: Db): Promise<string> {
  const row = await db.selectFrom('catalogue_meta').select('value').where('key', '=', 'version').executeTakeFirst();
  return row?.value ?? 'empty';
}

/** The version the last catalogue import recorded ('empty' before any). */
export async function catalogueVersion(db: Db, now = performance.now()): Promise<string> {
  const seen = known.get(db);
  if (seen && now - seen.readAt < VERSION_FRESH_MS) return seen.version;
  const version = readVersion(db);
  known.set(db, { version, readAt: now });
  version.catch(() => known.delete(db));
  return version;
}

/** After an import through this database handle: the next call reads the new version. */
export function forgetCatalogueVersion(db: Db): void {
  known.delete(db);
}

/**
 * The catalogue version and the day in Rome (promotions start and end by the
 * day): what the server keeps of the catalogue is keyed by it (the catalogue
 * cache, the cart's memo; docs/decisions/009).
 */
export async function catalogueGeneration(db: Db, today = romeToday()): Promise<string> {
  return `${await catalogueVersion(db)}|${today}`;
}
