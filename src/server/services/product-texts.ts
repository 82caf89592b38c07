// A product as a listing shows it in a store — its facts, the store's price,
// availability and today's promotion — depends only on the catalogue and the
// day (docs/decisions/009). So a listing or a search asks the database only
// for the page's product ids and total, in order, and takes each product's
// JSON text from here; the products not kept yet are read by key in one
// statement and kept. Without it a listing page of 20,000 products answered
// 426 calls a second instead of 3,696 on PGlite (docs/performance.md).
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.ts';

/** The texts kept at most, in bytes over all stores (a product's text is about 1 kB: some 30,000 of them). */
const MAX_BYTES = 32 * 1024 * 1024;

export class ProductTexts {
  /** The catalogue version and the day the kept texts belong to. */
  #generation = '';
  /** Each product's text (UTF-8 JSON) in a store, by `store:product`, least recently used out first. */
  readonly #texts = new LRUCache<string, Buffer>({ maxSize: MAX_BYTES, sizeCalculation: (text) => text.byteLength });

  /** The kept texts of those products in the store, in this generation (none after a new import or a new day). */
  of(generation: string, storeId: number, ids: readonly number[]): Map<number, Buffer> {
    if (generation !== this.#generation) {
      this.#generation = generation;
      this.#texts.clear();
    }
    const found = new Map<number, Buffer>();
    for (const id of ids) {
      const text = this.#texts.get(`${storeId}:${id}`);
      if (text) found.set(id, text);
    }
    return found;
  }

  /** Texts read in this generation (a generation gone since is not kept). */
  keep(generation: string, storeId: number, texts: ReadonlyMap<number, Buffer>): void {
    if (generation !== this.#generation) return;
    for (const [id, text] of texts) this.#texts.set(`${storeId}:${id}`, text);
  }

  /** How many texts are kept (tests). */
  get size(): number {
    return this.#texts.size;
  }
}

const kept = new WeakMap<Db, ProductTexts>();

/** The product texts of a database handle (each shop in a test process has its own). */
export function productTextsOf(db: Db): ProductTexts {
  let texts = kept.get(db);
  if (!texts) {
    texts = new ProductTexts();
    kept.set(db, texts);
  }
  return texts;
}
