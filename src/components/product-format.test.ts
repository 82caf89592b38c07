import { describe, expect, it } from 'vitest';
import type { Category, Promotion } from '#src/shared/contract/catalogue.ts';
import { approxWeight, categoryPath, isFrozen, lowestPriceLine, promotionBadge } from './product-format.ts';

describe('a variable-weight step shown to the shopper', () => {
  it('is rounded up to 10 g and shown in grams below one kilo', () => {
    expect(approxWeight(0.3)).toBe('circa 300 g');
    expect(approxWeight(0.251)).toBe('circa 260 g');
    expect(approxWeight(0.001)).toBe('circa 10 g');
    expect(approxWeight(0.99)).toBe('circa 990 g');
    expect(approxWeight(0.995)).toBe('circa 1 kg');
  });
  it('is shown in kilos from one kilo up, with an Italian decimal comma', () => {
    expect(approxWeight(1)).toBe('circa 1 kg');
    expect(approxWeight(1.5)).toBe('circa 1,5 kg');
    expect(approxWeight(1.234)).toBe('circa 1,24 kg');
  });
  it('is not pushed up a step by floating-point noise', () => {
    expect(approxWeight(0.1 + 0.2)).toBe('circa 300 g');
    expect(approxWeight(0.7)).toBe('circa 700 g');
  });
});

describe('the promotion badge', () => {
  const promo = (valueType: Promotion['valueType'], value: number): Promotion => ({
    description: 'Offerta',
    valueType,
    value,
    validTo: '2026-12-31',
  });
  it('computes the percent of a new price from the old one', () => {
    expect(promotionBadge(2.5, promo('NEW_PRICE', 1.99))).toEqual({ label: '-20%', until: 'fino al 31/12' });
  });
  it('shows a percentage promotion as its value', () => {
    expect(promotionBadge(3, promo('PERCENTAGE', 30))?.label).toBe('-30%');
  });
  it('shows nothing when there is no discount to show', () => {
    expect(promotionBadge(2, promo('NEW_PRICE', 2))).toBeNull();
  });
});

describe('product category', () => {
  const tree: Category[] = [
    {
      id: '01',
      description: 'Frutta e verdura',
      slug: 'frutta-e-verdura',
      items: [
        {
          id: '0101',
          description: 'Frutta',
          slug: 'frutta',
          items: [{ id: '010101', description: 'Mele', slug: 'mele', items: [] }],
        },
      ],
    },
    { id: '04', description: 'Surgelati', slug: 'surgelati', items: [] },
  ];
  it('finds the path from the top level to the product category', () => {
    expect(categoryPath(tree, '010101').map((c) => c.slug)).toEqual(['frutta-e-verdura', 'frutta', 'mele']);
    expect(categoryPath(tree, '0202')).toEqual([]);
  });
  it('marks products of the 04 branch as frozen', () => {
    expect(isFrozen({ categoryId: '0401' })).toBe(true);
    expect(isFrozen({ categoryId: '0104' })).toBe(false);
  });
});

describe('the lowest price of the 30 days before a promotion (art. 17-bis)', () => {
  const promo: Promotion = {
    description: 'Prezzo speciale',
    valueType: 'NEW_PRICE',
    value: 1.99,
    validTo: '2026-12-31',
  };
  it('is shown with the promotion, in euro', () => {
    expect(lowestPriceLine({ price: 2.99, promotions: [promo], lowestPrice30Days: 2.79 })).toBe(
      `Prezzo più basso degli ultimi 30 giorni: ${new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(2.79)}`,
    );
  });
  it('is not shown without a promotion, without an earlier price, or when the promotion lowers nothing', () => {
    expect(lowestPriceLine({ price: 2.99, promotions: [], lowestPrice30Days: 2.79 })).toBeNull();
    expect(lowestPriceLine({ price: 2.99, promotions: [promo], lowestPrice30Days: null })).toBeNull();
    expect(lowestPriceLine({ price: 2.99, promotions: [promo] })).toBeNull();
    expect(lowestPriceLine({ price: 1.5, promotions: [promo], lowestPrice30Days: 1.5 })).toBeNull();
  });
});
