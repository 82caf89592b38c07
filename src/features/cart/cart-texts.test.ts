import { describe, expect, it } from 'vitest';
import { cartStoreName, firstSlotText, shortOfMinimumText } from './cart-texts.ts';

describe('what the cart screen says of its cart', () => {
  it.each([
    ['under the minimum', { netTotal: 6.35, itemsCount: 3 }, "Mancano 23,65\u00a0€ per raggiungere l'ordine minimo."],
    ['a cent under it', { netTotal: 29.99, itemsCount: 1 }, "Mancano 0,01\u00a0€ per raggiungere l'ordine minimo."],
    ['exactly at it', { netTotal: 30, itemsCount: 2 }, null],
    ['over it', { netTotal: 41, itemsCount: 2 }, null],
    ['empty', { netTotal: 0, itemsCount: 0 }, null],
  ])('tells the shopper what is missing to the minimum order, for a cart %s', (_, over, text) => {
    expect(shortOfMinimumText({ ...over, minNetTotal: 30 })).toBe(text);
  });

  it('names the store without the delivery mode, and the first slot or what to do without one', () => {
    expect(cartStoreName({ storeDescription: 'Ritiro in negozio · Superstore Bari' })).toBe('Superstore Bari');
    expect(cartStoreName({ storeDescription: 'Superstore Bari' })).toBe('Superstore Bari');
    expect(firstSlotText(null)).toBe('Scegli giorno e fascia oraria quando prenoti.');
  });
});
