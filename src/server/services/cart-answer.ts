// A cart write's answer written out as JSON bytes, each row's JSON kept: a
// shopper's write changes one row of a cart of tens, and writing out the
// other rows again (JSON.stringify and UTF-8 of ~20 kB) was a sixth of the
// server's work on a cart write (docs/performance.md, twelfth sitting).
// A row's JSON is kept under the row's id (a cart row's own, unique in the
// shop), with the product object it was made from — the cart memo's
// (cart-memo.ts), the same object from one write to the next while the
// catalogue's generation lasts — and the row's quantity: a new generation,
// a new price or another quantity writes the row out anew.
import { LRUCache } from 'lru-cache';
import { AnswerParts } from '../answer-parts.ts';
import type { Cart, CartItem } from '#src/shared/contract/cart.ts';
import type { Product } from '#src/shared/contract/catalogue.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import type { CartLine } from './cart-pricing.ts';

interface KeptRow {
  product: Product;
  amount: number | null;
  weight: number | null;
  bytes: Buffer;
}

/** The rows' JSON by row id: some 16 MB, the rows of some thousand carts of 40 rows. */
const keptRows = new LRUCache<number, KeptRow>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (row) => row.bytes.byteLength + 100,
});

/** The row's JSON: kept when it was written for the same product object and quantity. */
function rowBytes(line: CartLine, item: CartItem): Buffer {
  const { product } = line;
  const kept = keptRows.get(line.itemId);
  if (kept && product && kept.product === product && kept.amount === line.amount && kept.weight === line.weight)
    return kept.bytes;
  const bytes = Buffer.from(JSON.stringify(item));
  // A row of a product the store no longer sells takes the shopper's snapshot: it is not kept.
  if (product) keptRows.set(line.itemId, { product, amount: line.amount, weight: line.weight, bytes });
  return bytes;
}

const ITEMS = '"items":0';

/**
 * The answer {responseCode, data} of `data`, a cart (its items made from
 * `lines`, in order) and what goes beside it: the same bytes as
 * JSON.stringify, the rows put in as kept, in parts (answer-parts.ts).
 */
export function cartAnswerParts<T extends { cart: Cart }>(data: T, lines: CartLine[]): AnswerParts {
  const { items } = data.cart;
  // A key "items" with the value 0 is the cart's own: in a text value, JSON escapes the quotes.
  const text = JSON.stringify({ responseCode: ErrorCode.OK, data: { ...data, cart: { ...data.cart, items: 0 } } });
  const at = text.indexOf(ITEMS);
  const parts: Buffer[] = [Buffer.from(`${text.slice(0, at)}"items":[`)];
  items.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(rowBytes(lines[i]!, item));
  });
  parts.push(Buffer.from(`]${text.slice(at + ITEMS.length)}`));
  return new AnswerParts(parts);
}
const COMMA = Buffer.from(',');
