// A cart write's answer written out as JSON bytes, each row's JSON kept: a
// shopper's write changes one row of a cart of tens, and writing out the
// other rows again (JSON.stringify and UTF-8 of ~20 kB) was a sixth of the
// server's work on a cart write (docs/performance.md, twelfth sitting).
// A row's JSON is kept beside its product as the cart memo keeps it
// (cart-memo.ts: the same object from one write to the next while the
// catalogue's generation lasts), under the row's own values; a new generation
// brings new product objects, and their rows are written out anew.
import type { Cart, CartItem } from '#src/shared/contract/cart.ts';
import type { Product } from '#src/shared/contract/catalogue.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import type { CartLine } from './cart-pricing.ts';

interface KeptRow {
  itemId: number;
  amount: number | null;
  weight: number | null;
  bytes: Buffer;
}

/** The last JSON written for a row of each product (a product object is one catalogue generation's). */
const keptRows = new WeakMap<Product, KeptRow>();

/** The row's JSON: kept when the row's product object and values are those it was written for. */
function rowBytes(line: CartLine, item: CartItem): Buffer {
  const product = line.product;
  const kept = product ? keptRows.get(product) : undefined;
  if (kept && kept.itemId === line.itemId && kept.amount === line.amount && kept.weight === line.weight)
    return kept.bytes;
  const bytes = Buffer.from(JSON.stringify(item));
  // A row of a product the store no longer sells takes the shopper's snapshot: it is not kept.
  if (product) keptRows.set(product, { itemId: line.itemId, amount: line.amount, weight: line.weight, bytes });
  return bytes;
}

const ITEMS = '"items":0';

/**
 * The answer {responseCode, data} of `data`, a cart (its items made from
 * `lines`, in order) and what goes beside it: the same bytes as
 * JSON.stringify, the rows put in as kept.
 */
export function cartAnswerBytes<T extends { cart: Cart }>(data: T, lines: CartLine[]): Buffer<ArrayBuffer> {
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
  return Buffer.concat(parts);
}
const COMMA = Buffer.from(',');
