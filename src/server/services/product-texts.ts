// A product as a listing shows it in a store — its facts, the store's price,
// availability and today's promotion — depends only on the catalogue and the
// day (docs/decisions/009). So a listing or a search asks the database only
// for the page's product ids and total, in order, and takes each product's
// JSON text from here; the products not kept yet are read by key in one
// statement and kept. Writing the same 30 kB of JSON for every listing was a
// third of the server thread's time.
import type { Db } from '../db/client.ts';

/** How many product texts are kept, over all stores: beyond that they start again. */
const MAX_TEXTS = 20_000;

export class ProductTexts {
  /** The catalogue version and the day the kept texts belong to. */
  #generation = '';
  #size = 0;
  /** Each store's product texts (UTF-8 JSON), by product id. */
  #stores = new Map<number, Map<number, Buffer>>();

  /** The store's kept texts in this generation (empty after a new import or a new day). */
  of(generation: string, storeId: number): ReadonlyMap<number, Buffer> {
    if (generation !== this.#generation) {
      this.#generation = generation;
      this.#clear();
    }
    return this.#stores.get(storeId) ?? new Map();
  }

  /** Texts read in this generation (a generation gone since is not kept). */
  keep(generation: string, storeId: number, texts: ReadonlyMap<number, Buffer>): void {
    if (generation !== this.#generation) return;
    let added = 0;
    for (const id of texts.keys()) if (!this.#stores.get(storeId)?.has(id)) added++;
    if (this.#size + added > MAX_TEXTS) this.#clear();
    let store = this.#stores.get(storeId);
    if (!store) {
      store = new Map();
      this.#stores.set(storeId, store);
    }
    for (const [id, text] of texts) {
      if (!store.has(id)) this.#size++;
      store.set(id, text);
    }
  }

  #clear(): void {
    this.#stores.clear();
    this.#size = 0;
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
