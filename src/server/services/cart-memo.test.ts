// The memo of cart writes: what it answers, and when it forgets.
import { describe, expect, it } from 'vitest';
import { CartMemo } from './cart-memo.ts';

type Side = { row: { id: number; barcode: string }; price: number };
type Cart = { id: number; user_id: number; store_id: number };
const side = (id: number, price = 100): Side => ({ row: { id, barcode: `800000000${id}` }, price });
const cart: Cart = { id: 7, user_id: 3, store_id: 1109 };

describe('CartMemo', () => {
  it("knows the products of a cart's last answer, and guesses a write only for the cart's customer", () => {
    const memo = new CartMemo<Side, Cart>();
    expect(memo.known('v1|2026-11-24', 1109, 7)).toEqual(new Map());
    expect(memo.guess('v1|2026-11-24', 3, 7, '8000000001')).toBeUndefined();
    memo.remember('v1|2026-11-24', cart, [side(1), side(2)]);
    expect([...memo.known('v1|2026-11-24', 1109, 7).keys()]).toEqual([1, 2]);
    expect(memo.guess('v1|2026-11-24', 3, 7, '8000000002')).toEqual({ cart, side: side(2) });
    // Another customer, another cart, a product the memo has not seen, another store's cart.
    expect(memo.guess('v1|2026-11-24', 4, 7, '8000000002')).toBeUndefined();
    expect(memo.guess('v1|2026-11-24', 3, 8, '8000000002')).toBeUndefined();
    expect(memo.guess('v1|2026-11-24', 3, 7, '8000000009')).toBeUndefined();
    expect(memo.known('v1|2026-11-24', 1110, 7)).toEqual(new Map());
  });

  it('keeps only the products of the last answer for a cart, and the newest side of a product', () => {
    const memo = new CartMemo<Side, Cart>();
    memo.remember('v1|2026-11-24', cart, [side(1), side(2)]);
    memo.remember('v1|2026-11-24', cart, [side(2, 150), side(3)]);
    const known = memo.known('v1|2026-11-24', 1109, 7);
    expect([...known.keys()]).toEqual([2, 3]);
    expect(known.get(2)?.price).toBe(150);
    // Another cart of the store sees the sides the first one read.
    memo.remember('v1|2026-11-24', { ...cart, id: 8 }, [side(1)]);
    expect(memo.guess('v1|2026-11-24', 3, 8, '8000000003')?.side.price).toBe(100);
    // A side by product id: the store's newest, in this generation only.
    expect(memo.sideOf('v1|2026-11-24', 1109, 2)?.price).toBe(150);
    expect(memo.sideOf('v1|2026-11-24', 1110, 2)).toBeUndefined();
    expect(memo.sideOf('v2|2026-11-24', 1109, 2)).toBeUndefined();
  });

  it('forgets every product side on a new catalogue version or a new day, and keeps the carts', () => {
    const memo = new CartMemo<Side, Cart>();
    memo.remember('v1|2026-11-24', cart, [side(1)]);
    expect(memo.known('v2|2026-11-24', 1109, 7)).toEqual(new Map());
    expect(memo.guess('v2|2026-11-24', 3, 7, '8000000001')).toBeUndefined();
    memo.remember('v2|2026-11-24', cart, [side(1, 90)]);
    expect(memo.known('v2|2026-11-25', 1109, 7)).toEqual(new Map());
    // Back to an older generation: nothing of the newer one is answered either.
    memo.remember('v2|2026-11-25', cart, [side(1, 80)]);
    expect(memo.known('v2|2026-11-24', 1109, 7)).toEqual(new Map());
  });

  it('keeps at most 10,000 product sides and 20,000 carts, the least recently used going first', () => {
    const memo = new CartMemo<Side, Cart>();
    for (let c = 0; c < 20_001; c++)
      memo.remember(
        'v1|d',
        { id: c, user_id: 1, store_id: 1 },
        c < 400 ? [side(c * 30), ...Array.from({ length: 24 }, (_, k) => side(c * 30 + k + 1))] : [],
      );
    // 400 carts × 25 sides fit in 10,000; cart 0 was the oldest of 20,001 and went.
    expect(memo.known('v1|d', 1, 0)).toEqual(new Map());
    expect(memo.known('v1|d', 1, 399).size).toBe(25);
    // The 10,001st side: the least recently used one goes (cart 0's first), the others stay.
    memo.remember('v1|d', { id: 20_001, user_id: 1, store_id: 1 }, [side(999_999)]);
    expect(memo.sideOf('v1|d', 1, 0)).toBeUndefined();
    expect(memo.sideOf('v1|d', 1, 1)).toBeDefined();
    expect(memo.known('v1|d', 1, 399).size).toBe(25);
    expect(memo.known('v1|d', 1, 20_001).size).toBe(1);
  });

  it("keeps a cart's rows with the version of the cart row, while the side of each row's product is kept", () => {
    const memo = new CartMemo<Side, Cart>();
    const rows = [{ line_product_id: 1 }, { line_product_id: 2 }];
    memo.remember('v1|d', cart, [side(1), side(2)], { version: '901', rows });
    expect(memo.keptRows('v1|d', 1109, 7)).toEqual({ version: '901', rows });
    // Another store's cart, another cart.
    expect(memo.keptRows('v1|d', 1110, 7)).toBeUndefined();
    expect(memo.keptRows('v1|d', 1109, 8)).toBeUndefined();
    // A new generation forgets the sides: the rows cannot be answered from the memo.
    expect(memo.keptRows('v2|d', 1109, 7)).toBeUndefined();
    // An answer that did not know the rows forgets them.
    memo.remember('v2|d', cart, [side(1), side(2)], { version: '902', rows });
    memo.remember('v2|d', cart, [side(1), side(2)]);
    expect(memo.keptRows('v2|d', 1109, 7)).toBeUndefined();
    // Each row's product needs its side in the generation, read by this answer or an earlier one.
    memo.remember('v2|d', cart, [side(1)], { version: '903', rows });
    expect(memo.keptRows('v2|d', 1109, 7)).toEqual({ version: '903', rows });
    memo.remember('v3|d', cart, [side(1)], { version: '904', rows });
    expect(memo.keptRows('v3|d', 1109, 7)).toBeUndefined();
  });
});
