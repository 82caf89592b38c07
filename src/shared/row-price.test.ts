import { describe, expect, it } from 'vitest';
import { round3, rowCents } from './row-price.ts';

describe('the price of a row', () => {
  it('is unit cents × quantity, rounded to the cent half up', () => {
    expect(rowCents(250, 3)).toBe(750);
    expect(rowCents(1290, 0.35)).toBe(452); // 451,5 → 452, where 1290 * 0.35 in floating point is 451.4999…
    expect(rowCents(399, 0.125)).toBe(50); // 49,875 → 50
    expect(rowCents(250, 0)).toBe(0);
  });

  it('charges the quantity as the row keeps it, to 3 decimals', () => {
    expect(round3(0.3336)).toBe(0.334);
    expect(rowCents(1290, 0.3336)).toBe(rowCents(1290, round3(0.3336)));
  });

  it('agrees with exact decimal arithmetic over every 3-decimal quantity up to 5 kg', () => {
    for (const unit of [1, 99, 250, 1290, 1999, 4567]) {
      for (let milli = 0; milli <= 5000; milli++) {
        const exact = unit * milli; // thousandths of a cent, exact in integers
        const expected = Math.floor(exact / 1000) + (exact % 1000 >= 500 ? 1 : 0);
        expect(rowCents(unit, milli / 1000)).toBe(expected);
      }
    }
  });
});
