// The order of a listing that no index gives a page at a time (a category in
// name order walks its name index, a ranked search its lead index): by price;
// only promotions, branded products or a tag; a search in an order the
// shopper chose. Every product id of such a listing is read in order once per
// catalogue version and day, and a page is a slice of it, its total the list's
// length: no sort of the whole category or of every match (each priced with
// today's promotion) for every page. Only an import changes which products a
// store sells, their names, prices and promotions, and the words a search
// knows; promotions start and end by the day, which is part of the caller's
// key. Every API process keeps its own orders and reads the version
// (catalogue-version.ts) on each call, so a new import is seen at once.
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.ts';
import { catalogueVersion } from '../catalogue-version.ts';

/**
 * The ids kept at most, in bytes: a store's 20,000 products by price are
 * 160 kB, a category's a few kB. A crafted stream of filters cannot grow it.
 */
const MAX_BYTES = 16 * 1024 * 1024;
/** What a kept order costs beside its ids (its key, the cache's entry). */
const ENTRY_BYTES = 256;

interface Orders {
  version: string;
  kept: LRUCache<string, Float64Array>;
  /** Orders being read: the shoppers asking for the same one meanwhile wait for that one read. */
  reading: Map<string, Promise<Float64Array>>;
}

const byDb = new WeakMap<Db, Orders>();

/** The listing's product ids in order: kept for this catalogue version, else `read` (then kept). */
export async function listingOrder(db: Db, key: string, read: () => Promise<Float64Array>): Promise<Float64Array> {
  const version = await catalogueVersion(db);
  let orders = byDb.get(db);
  if (!orders || orders.version !== version) {
    orders = {
      version,
      kept: new LRUCache({ maxSize: MAX_BYTES, sizeCalculation: (ids, k) => ids.byteLength + k.length + ENTRY_BYTES }),
      reading: new Map(),
    };
    byDb.set(db, orders);
  }
  const kept = orders.kept.get(key);
  if (kept) return kept;
  let reading = orders.reading.get(key);
  if (!reading) {
    const those = orders;
    reading = read()
      .then((ids) => {
        those.kept.set(key, ids);
        return ids;
      })
      .finally(() => those.reading.delete(key));
    orders.reading.set(key, reading);
  }
  return reading;
}
