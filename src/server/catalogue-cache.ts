// In-memory cache of the catalogue's read answers (listing, search, detail,
// categories, tags), the same for every caller, keyed by (catalogue version, Rome
// day, store and query). Catalogue data changes only through an import, which
// records a new version (catalogue-version.ts); promotions start and end by
// the day. Every call reads the version (one tiny query) and a new version or
// day empties the cache at once, so no answer outlives the data it came from.
// Bounded twice: by entries and by bytes, least recently used out first
// (lru-cache with max and maxSize).
import { LRUCache } from 'lru-cache';
import type { Db } from './db/client.ts';
import type { Config } from './config.ts';
import type { Encoding } from './compression.ts';

/** A kept answer: its bytes as they go out, compressed with `encoding` or (null) as they are. */
interface KeptAnswer {
  body: Uint8Array;
  encoding: Encoding | null;
}

export interface CacheLimits {
  /** 0 turns the cache off. */
  maxEntries: number;
  maxBytes: number;
}

interface CacheStats {
  generation: string;
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  evictions: number;
  /** Emptied because the catalogue version or the day changed. */
  resets: number;
}

export interface AnswerCache {
  readonly limits: CacheLimits;
  /**
   * The stored answer for key in this generation, or undefined; a new
   * generation empties the cache. Bytes, not text: a hit is written to the
   * socket as it is.
   */
  get(generation: string, key: string): KeptAnswer | undefined;
  set(generation: string, key: string, answer: KeptAnswer): void;
  stats(): CacheStats;
}

/**
 * From the configuration; CATALOGUE_CACHE_ENTRIES=0 turns the cache off (e.g. to measure
 * without it). Off by default for NODE_ENV=test: API tests write catalogue
 * rows straight to the database without a new version, which only an import
 * does in a running shop; the cache's own tests turn it on.
 */
export const defaultLimits = (
  config: Pick<Config, 'NODE_ENV' | 'CATALOGUE_CACHE_ENTRIES' | 'CATALOGUE_CACHE_MB'>,
): CacheLimits => ({
  maxEntries: config.CATALOGUE_CACHE_ENTRIES ?? (config.NODE_ENV === 'test' ? 0 : 10_000),
  maxBytes: config.CATALOGUE_CACHE_MB * 1024 * 1024,
});

export function createAnswerCache(limits: CacheLimits): AnswerCache {
  const counters = { hits: 0, misses: 0, evictions: 0, resets: 0 };
  // lru-cache needs a bound of at least one entry: with maxEntries 0 it is never written to.
  const entries = new LRUCache<string, KeptAnswer>({
    max: Math.max(1, limits.maxEntries),
    maxSize: limits.maxBytes,
    sizeCalculation: (answer, key) => answer.body.byteLength + key.length,
    dispose: (_answer, _key, reason) => {
      if (reason === 'evict') counters.evictions++;
    },
  });
  let generation = '';

  const enter = (next: string) => {
    if (next === generation) return;
    if (entries.size > 0) counters.resets++;
    entries.clear();
    generation = next;
  };

  return {
    limits,
    get(next, key) {
      enter(next);
      const answer = entries.get(key);
      if (answer === undefined) counters.misses++;
      else counters.hits++;
      return answer;
    },
    set(next, key, answer) {
      enter(next);
      if (limits.maxEntries === 0) return;
      // An answer bigger than the whole bound is not stored (lru-cache refuses it, and drops an older one of that key).
      entries.set(key, answer);
    },
    stats: () => ({ generation, entries: entries.size, bytes: entries.calculatedSize, ...counters }),
  };
}

// One cache per database: test shops in one process never share answers.
const caches = new WeakMap<Db, AnswerCache>();

/** The cache of this database's catalogue; limits apply when it is first made. */
export function catalogueCache(
  db: Db,
  limits: CacheLimits = { maxEntries: 10_000, maxBytes: 64 * 1024 * 1024 },
): AnswerCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createAnswerCache(limits);
    caches.set(db, cache);
  }
  return cache;
}
