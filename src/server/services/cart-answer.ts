// A cart write's answer written out as JSON bytes, each row's JSON kept: a
// shopper's write changes one row of a cart of tens, and writing out the
// other rows again (JSON.stringify and UTF-8 of ~20 kB) was a sixth of the
// server's work on a cart write (docs/performance.md, twelfth sitting).
// A row's JSON is kept with the row's item: an item is made once per line
// (cart-pricing.ts), and a write's other rows come from the cart memo as the
// same lines while their product's side and quantity last (cart.ts), so the
// same item is the same JSON. A new catalogue generation, a new price or
// another quantity makes a new line, and so a new item written out anew.
// Looked up by the item itself, not by the row's id in a cache of its own
// with the product and quantity compared: a fifth of the answer's cost
// (twenty-second sitting). Kept on the item, under a symbol that JSON, spreads
// and comparisons do not see, not in a WeakMap: each entry of a WeakMap is an
// ephemeron, which V8's full collection marks in its pause, one table after
// the other (rows → lines → items → JSON), and the medium-lived entries of a
// shop under cart writes made 7 of a 16 ms pause (docs/performance.md,
// twenty-sixth sitting). The JSON has memory of its own: Buffer.from puts a
// small buffer in a shared 8 kB slab, which lives as long as any buffer in it,
// and the slabs that kept rows held made a full collection every 1–2 s.
import { AnswerParts } from '../answer-parts.ts';
import type { Cart, CartItem } from '#src/shared/contract/cart.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';

/** Where an item keeps its JSON: a property of its own that is not enumerable. */
const ROW_JSON = Symbol('row JSON');

/** The item's JSON: kept when it was written for this very item. */
function rowBytes(item: CartItem): Buffer {
  const kept = (item as CartItem & { [ROW_JSON]?: Buffer })[ROW_JSON];
  if (kept) return kept;
  const text = JSON.stringify(item);
  // Not from Buffer's pool: a kept row would keep its whole slab alive.
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  Object.defineProperty(item, ROW_JSON, { value: bytes });
  return bytes;
}

const ITEMS = '"items":0';

/**
 * The answer {responseCode, data} of `data`, a cart and what goes beside it:
 * the same bytes as JSON.stringify, the rows put in as kept, in parts
 * (answer-parts.ts).
 */
export function cartAnswerParts<T extends { cart: Cart }>(data: T): AnswerParts {
  const { items } = data.cart;
  // A key "items" with the value 0 is the cart's own: in a text value, JSON escapes the quotes.
  const text = JSON.stringify({ responseCode: ErrorCode.OK, data: { ...data, cart: { ...data.cart, items: 0 } } });
  const at = text.indexOf(ITEMS);
  const parts: Buffer[] = [Buffer.from(`${text.slice(0, at)}"items":[`)];
  items.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(rowBytes(item));
  });
  parts.push(Buffer.from(`]${text.slice(at + ITEMS.length)}`));
  return new AnswerParts(parts);
}
const COMMA = Buffer.from(',');
