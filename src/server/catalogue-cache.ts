// In-memory cache of the catalogue's read answers (listing, search, detail,
// categories, tags) for anonymous calls, keyed by (catalogue version, Rome
// day, store and query). Catalogue data changes only through an import, which
// records a new version (catalogue-version.ts); promotions start and end by
// the day. Every call reads the version (one tiny query) and a new version or
// day empties the cache at once, so no answer outlives the data it came from.
// Bounded twice: by entries and by bytes, least recently used out first.
import type { Db } from './db/client.ts';
import type { Config } from './config.ts';

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
  /** The stored answer for key in this generation, or undefined; a new generation empties the cache. */
  get(generation: string, key: string): string | undefined;
  set(generation: string, key: string, answer: string): void;
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
  const entries = new Map<string, string>(); // insertion order = least recently used first
  const sizes = new Map<string, number>();
  const counters = { hits: 0, misses: 0, evictions: 0, resets: 0 };
  let generation = '';
  let bytes = 0;

  const remove = (key: string) => {
    bytes -= sizes.get(key) ?? 0;
    sizes.delete(key);
    entries.delete(key);
  };
  const enter = (next: string) => {
    if (next === generation) return;
    if (entries.size > 0) counters.resets++;
    entries.clear();
    sizes.clear();
    bytes = 0;
    generation = next;
  };

  return {
    limits,
    get(next, key) {
      enter(next);
      const answer = entries.get(key);
      if (answer === undefined) {
        counters.misses++;
        return undefined;
      }
      counters.hits++;
      entries.delete(key);
      entries.set(key, answer);
      return answer;
    },
    set(next, key, answer) {
      enter(next);
      const size = Buffer.byteLength(answer) + key.length;
      if (limits.maxEntries === 0 || size > limits.maxBytes) return;
      remove(key);
      entries.set(key, answer);
      sizes.set(key, size);
      bytes += size;
      while (entries.size > limits.maxEntries || bytes > limits.maxBytes) {
        remove(entries.keys().next().value!);
        counters.evictions++;
      }
    },
    stats: () => ({ generation, entries: entries.size, bytes, ...counters }),
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
