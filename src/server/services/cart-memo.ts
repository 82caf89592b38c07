// What a cart write's answer shows of each product — its store's price, its
// promotion, its name and rules — depends only on the catalogue and the day.
// The catalogue changes only by an import, which records a new version
// (catalogue-version.ts); promotions start and end by the day. So for the
// products a cart already showed, a cart write keeps that part in memory per
// version and day, and reads from the database only the cart's own rows
// (quantities and the price the shopper saw) and the products not seen yet.
// The cart itself is kept as its last answer saw it: a write checks it again
// in the statement that locks it, and a cart that changed is read anew.
// Reading the catalogue side of a cart's other rows was 60 % of a cart
// write's time in the database.
//
// The cart's own rows (quantities, the price the shopper saw) are kept too,
// with the version of the cart row (`xmin`) the write that answered them
// left: every change to a cart's rows also updates the cart row (cart.ts),
// so a write that finds the cart row at that version, with its lock held,
// knows its other rows without reading them. Reading and sending them was a
// third of a cart write's time in the database. Without the memo, cart writes
// at 20,000 products answered 268 a second instead of 855 on PGlite
// (docs/performance.md).
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.ts';

/** How many product sides and carts are kept at most, the least recently used going first. */
const MAX_SIDES = 10_000;
const MAX_CARTS = 20_000;

/** A product's side: at least its id and barcode. */
interface Side {
  readonly row: { readonly id: number; readonly barcode: string };
}
/** A cart row's own columns: at least its product. */
interface OwnRow {
  readonly line_product_id: number;
}
/** A cart: at least its id, its customer and its store. */
interface CartKey {
  readonly id: number;
  readonly user_id: number;
  readonly store_id: number;
}

/** A cart's rows as a write left them, and the version of the cart row that write made. */
export interface KeptRows<R> {
  readonly version: string;
  readonly rows: readonly R[];
}

export class CartMemo<S extends Side, C extends CartKey, R extends OwnRow = OwnRow> {
  /** The catalogue version and the day the kept sides belong to. */
  #generation = '';
  /** Each store's product sides, by `store:product id` and by `store:barcode`, least recently used out first. */
  readonly #byId = new LRUCache<string, S>({ max: MAX_SIDES });
  readonly #byBarcode = new LRUCache<string, S>({ max: MAX_SIDES });
  /** Each cart as its last answer saw it, with the products it showed (and its rows, when that answer knew them). */
  readonly #carts = new LRUCache<number, { cart: C; productIds: readonly number[]; kept?: KeptRows<R> | undefined }>({
    max: MAX_CARTS,
  });

  #renew(generation: string): void {
    if (generation === this.#generation) return;
    this.#generation = generation;
    this.#byId.clear();
    this.#byBarcode.clear();
  }

  /** The kept sides of the products the cart showed last, in this generation, by product id. */
  known(generation: string, storeId: number, cartId: number): Map<number, S> {
    this.#renew(generation);
    const found = new Map<number, S>();
    for (const productId of this.#carts.get(cartId)?.productIds ?? []) {
      const side = this.#byId.get(`${storeId}:${productId}`);
      if (side !== undefined) found.set(productId, side);
    }
    return found;
  }

  /** The kept side of a product in the store, in this generation. */
  sideOf(generation: string, storeId: number, productId: number): S | undefined {
    this.#renew(generation);
    return this.#byId.get(`${storeId}:${productId}`);
  }

  /**
   * The cart's rows as the last write left them, when that write knew them and
   * the side of each row's product is kept in this generation.
   */
  keptRows(generation: string, storeId: number, cartId: number): KeptRows<R> | undefined {
    this.#renew(generation);
    const kept = this.#carts.get(cartId)?.kept;
    if (!kept) return undefined;
    return kept.rows.every((r) => this.#byId.has(`${storeId}:${r.line_product_id}`)) ? kept : undefined;
  }

  /** The customer's cart as last answered, and the side of a product in its store, when both are kept. */
  guess(generation: string, userId: number, cartId: number, barcode: string): { cart: C; side: S } | undefined {
    this.#renew(generation);
    const cart = this.#carts.get(cartId)?.cart;
    if (!cart || cart.user_id !== userId) return undefined;
    const side = this.#byBarcode.get(`${cart.store_id}:${barcode}`);
    return side && { cart, side };
  }

  /**
   * After an answer: the cart, and the sides of its products, read in this
   * generation; `kept`, the cart's rows and the version of the cart row the
   * write made (without it, the rows are not known).
   */
  remember(generation: string, cart: C, sides: readonly S[], kept?: KeptRows<R>): void {
    this.#renew(generation);
    for (const side of sides) {
      const id = `${cart.store_id}:${side.row.id}`;
      // Most of a write's sides are the kept ones, as they are.
      if (this.#byId.get(id) === side) continue;
      this.#byId.set(id, side);
      this.#byBarcode.set(`${cart.store_id}:${side.row.barcode}`, side);
    }
    this.#carts.set(cart.id, { cart, productIds: sides.map((s) => s.row.id), kept });
  }
}

const memos = new WeakMap<Db, CartMemo<Side, CartKey>>();

/** The memo of a database handle (each shop in a test process has its own). */
export function cartMemoOf<S extends Side, C extends CartKey, R extends OwnRow>(db: Db): CartMemo<S, C, R> {
  let memo = memos.get(db);
  if (!memo) {
    memo = new CartMemo();
    memos.set(db, memo);
  }
  return memo as unknown as CartMemo<S, C, R>;
}
