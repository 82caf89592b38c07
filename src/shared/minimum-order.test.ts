import { describe, expect, it } from 'vitest';
import { belowMinimum, minimumOrderMessage } from './minimum-order.ts';

describe('the minimum order', () => {
  it('refuses a cart whose products cost less than the minimum, and only those', () => {
    expect(belowMinimum({ netTotal: 24.99, minNetTotal: 25 })).toBe(true);
    expect(belowMinimum({ netTotal: 25, minNetTotal: 25 })).toBe(false);
    expect(belowMinimum({ netTotal: 0, minNetTotal: 0 })).toBe(false);
  });

  it('names the minimum with 2 decimals and a comma', () => {
    expect(minimumOrderMessage(25)).toBe("l'importo minimo per prenotare è: 25,00€");
    expect(minimumOrderMessage(30.5)).toBe("l'importo minimo per prenotare è: 30,50€");
  });
});
