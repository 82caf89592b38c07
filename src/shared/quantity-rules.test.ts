import { describe, expect, it } from 'vitest';
import {
  addedMessage,
  canIncrease,
  decrease,
  exceedsMaximum,
  formatQuantity,
  increase,
  maximumOf,
  minimumOf,
  minusRemoves,
  quantityProblem,
  stepOf,
} from './quantity-rules.ts';

const pieces = { um: 'PZ', umStep: 1, minWeight: null, maxAmount: 10 } as const;
const loose = { um: 'PZ', umStep: 1, minWeight: null, maxAmount: null } as const;
const apples = { um: 'KG', umStep: 0.25, minWeight: 0.25, maxAmount: 3 } as const;
const ham = { um: 'KG', umStep: 0.1, minWeight: 0.3, maxAmount: null } as const;

describe('the quantity counter', () => {
  it('steps by umStep rounded to 2 decimals', () => {
    expect(stepOf({ ...apples, umStep: 0.2499 })).toBe(0.25);
    expect(increase(apples, 0.25)).toBe(0.5);
    expect(increase(ham, 0.3)).toBe(0.4);
  });

  it('never goes below one step, minWeight, or 1 piece', () => {
    expect(minimumOf(pieces)).toBe(1);
    expect(minimumOf(apples)).toBe(0.25);
    expect(minimumOf(ham)).toBe(0.3);
    expect(minimumOf({ um: 'KG', umStep: 0.25, minWeight: 0.3, maxAmount: null })).toBe(0.5); // on the step grid
    expect(decrease(pieces, 1, false)).toEqual({ kind: 'none' });
    expect(decrease(ham, 0.4, false)).toEqual({ kind: 'set', value: 0.3 });
    expect(decrease(ham, 0.3, false)).toEqual({ kind: 'none' });
  });

  it('stops at maxAmount, and at 30 pieces of one article without one', () => {
    expect(increase(pieces, 10)).toBe(10);
    expect(canIncrease(pieces, 9)).toBe(true);
    expect(canIncrease(pieces, 10)).toBe(false);
    expect(maximumOf(apples)).toBe(3);
    expect(increase(apples, 3)).toBe(3);
    expect(maximumOf(loose)).toBe(30);
    expect(maximumOf(ham)).toBe(Infinity);
  });

  it('removes an item in the cart when the minus is pressed at the minimum', () => {
    expect(decrease(pieces, 1, true)).toEqual({ kind: 'remove' });
    expect(decrease(apples, 0.25, true)).toEqual({ kind: 'remove' });
    expect(decrease(apples, 0.5, true)).toEqual({ kind: 'set', value: 0.25 });
    expect(minusRemoves(pieces, 1, true)).toBe(true);
    expect(minusRemoves(pieces, 1, false)).toBe(false);
    expect(minusRemoves(pieces, 2, true)).toBe(false);
  });

  it('shows pieces, grams below a kilo and kilograms from there', () => {
    expect(formatQuantity('PZ', 3)).toBe('3 pz');
    expect(formatQuantity('KG', 0.25)).toBe('250 g');
    expect(formatQuantity('KG', 1.5)).toBe('1,5 kg');
    expect(formatQuantity('KG', 1)).toBe('1 kg');
  });
});

describe('cart messages', () => {
  it("say what is in the cart: 'Hai {amount} {unit} {description} nel carrello'", () => {
    expect(addedMessage({ um: 'PZ', description: 'Latte intero', amount: 2 })).toBe(
      'Hai 2 pz Latte intero nel carrello',
    );
    expect(addedMessage({ um: 'KG', description: 'Mele Fuji', amount: 0.75 })).toBe(
      'Hai 0,75 kg Mele Fuji nel carrello',
    );
  });
});

describe('what the server refuses', () => {
  it('takes whole pieces on the step grid, from 1 piece; zero removes the row', () => {
    expect(quantityProblem(pieces, 3)).toBeNull();
    expect(quantityProblem(pieces, 0)).toBeNull();
    expect(quantityProblem(pieces, 1.5)).toBe('La quantità deve essere un numero intero di pezzi.');
    expect(quantityProblem(pieces, -1)).toBe('La quantità minima è 1 pezzo.');
    expect(quantityProblem({ ...pieces, umStep: 2 }, 3)).toBe('La quantità deve essere un multiplo di 2.');
  });

  it('takes weights from one step and minWeight, on the step grid', () => {
    expect(quantityProblem(ham, 0.4)).toBeNull();
    expect(quantityProblem(ham, 0.2)).toBe('Il peso minimo è 0.3 kg.');
    expect(quantityProblem(apples, 0.3)).toBe('Il peso deve essere un multiplo di 0.25 kg.');
    expect(quantityProblem(ham, 0.455)).toBe('Il peso deve essere un multiplo di 0.1 kg.');
  });

  it('refuses over maxAmount and over 30 pieces of one article', () => {
    expect(exceedsMaximum(pieces, 10)).toBe(false);
    expect(exceedsMaximum(pieces, 11)).toBe(true);
    expect(exceedsMaximum(loose, 30)).toBe(false);
    expect(exceedsMaximum(loose, 31)).toBe(true);
    expect(exceedsMaximum(ham, 500)).toBe(false);
  });

  it('accepts every quantity the counter offers', () => {
    for (const product of [pieces, loose, apples, ham]) {
      let value = minimumOf(product);
      for (let i = 0; i < 40; i++, value = increase(product, value)) {
        expect(quantityProblem(product, value)).toBeNull();
        expect(exceedsMaximum(product, value)).toBe(false);
      }
    }
  });
});
