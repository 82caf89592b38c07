// How many products a listing without search words has, counted once per
// catalogue version: only an import changes which products a store sells, in
// which category, brand and tag; promotions start and end by the day, which
// is part of the caller's key. Every API process keeps its own counts and
// reads the version (one primary-key query) on each call, so a new import is
// seen at once by every process.
import type { Db } from '../db/client.ts';
import { catalogueVersion } from '../catalogue-version.ts';

/** Listings a store can have (categories × filters) are a few thousand; a bound keeps a crafted query stream from growing it. */
const MAX_COUNTS = 20_000;

const byDb = new WeakMap<Db, { version: string; counts: Map<string, Promise<number>> }>();

export async function listingCount(db: Db, key: string, count: () => Promise<number>): Promise<number> {
  const version = await catalogueVersion(db);
  let memo = byDb.get(db);
  if (!memo || memo.version !== version) {
    memo = { version, counts: new Map() };
    byDb.set(db, memo);
  }
  let counted = memo.counts.get(key);
  if (counted === undefined) {
    if (memo.counts.size >= MAX_COUNTS) memo.counts.clear();
    counted = count();
    memo.counts.set(key, counted);
    const counts = memo.counts;
    counted.catch(() => counts.delete(key));
  }
  return counted;
}
