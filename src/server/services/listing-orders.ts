// The order of every listing but a ranked search (which walks its lead index
// a page at a time): a category or the whole store in name order or by price;
// only promotions, branded products or a tag; a search in an order the
// shopper chose. Every product id of such a listing is read in order once per
// catalogue version and day, and a page is a slice of it, its total the list's
// length: no sort of the whole category or of every match (each priced with
// today's promotion) for every page. Only an import changes which products a
// store sells, their names, prices and promotions, and the words a search
// knows; promotions start and end by the day, which is part of the caller's
// key. Every API process keeps its own orders and reads the version
// (catalogue-version.ts) on each call, so a new import is seen at once.
// When an import makes a new version, the orders most recently asked for
// under the last one (of today, at most WARM_AGAIN) are read again in the
// background, one after another: the first shoppers after an import do not
// each wait for a whole order (a store's 20,000 products by price: 118 ms on
// PGlite). Beside the orders, how many products each ranked search finds
// (searchTotal), kept the same way.
import { LRUCache } from 'lru-cache';
import { romeToday } from '#src/shared/time.ts';
import type { Db } from '../db/client.ts';
import { catalogueVersion } from '../catalogue-version.ts';

/**
 * The ids kept at most, in bytes: a store's 20,000 products by price are
 * 160 kB, a category's a few kB. A crafted stream of filters cannot grow it.
 */
const MAX_BYTES = 16 * 1024 * 1024;
/** What a kept order costs beside its ids (its key, how to read it again, the cache's entry). */
const ENTRY_BYTES = 512;
/** How many ranked searches' totals are kept (a number and a key each: some hundreds of kB at most). */
const MAX_TOTALS = 5000;
/** How many of the last version's orders are read again after an import. */
export const WARM_AGAIN = 8;

/** An order's ids, the day they were read and how to read them again (after an import). */
interface Kept {
  ids: Float64Array;
  day: string;
  read: () => Promise<Float64Array>;
}

interface Orders {
  version: string;
  kept: LRUCache<string, Kept>;
  /** How many products each ranked search found (searchTotal). */
  totals: LRUCache<string, number>;
  /** Orders being read: the shoppers asking for the same one meanwhile wait for that one read. */
  reading: Map<string, Promise<Float64Array>>;
  /** The orders of the last version being read again (settled when done). */
  warming: Promise<void>;
}

const byDb = new WeakMap<Db, Orders>();

/** What is kept for this catalogue version: a new version starts afresh, reading the last one's orders again. */
function ordersOf(db: Db, version: string): Orders {
  let orders = byDb.get(db);
  if (!orders || orders.version !== version) {
    const before = orders;
    orders = {
      version,
      kept: new LRUCache({
        maxSize: MAX_BYTES,
        sizeCalculation: (k, key) => k.ids.byteLength + key.length + ENTRY_BYTES,
      }),
      totals: new LRUCache({ max: MAX_TOTALS }),
      reading: new Map(),
      warming: Promise.resolve(),
    };
    byDb.set(db, orders);
    if (before) orders.warming = readAgain(db, orders, before);
  }
  return orders;
}

/** The listing's product ids in order: kept for this catalogue version, else `read` (then kept). */
export async function listingOrder(db: Db, key: string, read: () => Promise<Float64Array>): Promise<Float64Array> {
  const orders = ordersOf(db, await catalogueVersion(db));
  const kept = orders.kept.get(key);
  if (kept) return kept.ids;
  let reading = orders.reading.get(key);
  if (!reading) {
    const those = orders;
    const day = romeToday();
    reading = read()
      .then((ids) => {
        those.kept.set(key, { ids, day, read });
        return ids;
      })
      .finally(() => those.reading.delete(key));
    orders.reading.set(key, reading);
  }
  return reading;
}

/**
 * How many products a ranked search finds in a store on a day (`key`: its
 * words and filters), once counted: kept for the catalogue version, since only
 * an import changes which products a store sells and the words they match
 * (promotions, by the day, are in the key). A ranked search reads its page
 * from the lead index; counting every match was three quarters of its
 * statement ("pasta" at 20,000 products: 0.76 of 0.98 ms). `keep` keeps a
 * total counted under the version read here: after a new import it is not
 * seen.
 */
export async function searchTotal(
  db: Db,
  key: string,
): Promise<{ total: number | undefined; keep: (total: number) => void }> {
  const orders = ordersOf(db, await catalogueVersion(db));
  return { total: orders.totals.get(key), keep: (total) => void orders.totals.set(key, total) };
}

/**
 * Reads again, one after another, the orders of `before` most recently asked
 * for today, into `orders`. It starts after the call that saw the new version
 * has asked for its own order, and stops when a newer version comes. A read
 * that fails is left to the shopper who asks for that order next.
 */
async function readAgain(db: Db, orders: Orders, before: Orders): Promise<void> {
  const today = romeToday();
  // The cache lists its entries most recently used first.
  const again: [string, Kept][] = [];
  for (const entry of before.kept.entries()) {
    if (again.length === WARM_AGAIN) break;
    if (entry[1].day === today) again.push(entry);
  }
  await new Promise((resolve) => setImmediate(resolve));
  for (const [key, { read }] of again) {
    if (byDb.get(db) !== orders) return;
    try {
      await listingOrder(db, key, read);
    } catch {
      // Read again when asked for.
    }
  }
}

/** Settled when the orders of the last version are read again (tests). */
export async function ordersWarmed(db: Db): Promise<void> {
  await byDb.get(db)?.warming;
}
