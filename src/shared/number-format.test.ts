import { describe, expect, it } from 'vitest';
import { type DecimalOptions, formatDecimal } from './number-format.ts';

/** The options the shop formats numbers with: quantities, kilograms, grams, percentages, distances, amounts. */
const used: DecimalOptions[] = [
  {},
  { maximumFractionDigits: 2 },
  { maximumFractionDigits: 1 },
  { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false },
];

describe('formatDecimal', () => {
  it('writes quantities, weights and amounts as Italian shoppers read them', () => {
    expect(formatDecimal(1.5, { maximumFractionDigits: 2 })).toBe('1,5');
    expect(formatDecimal(2, { maximumFractionDigits: 2 })).toBe('2');
    expect(formatDecimal(0.25, { maximumFractionDigits: 2 })).toBe('0,25');
    expect(formatDecimal(12345.678, { maximumFractionDigits: 2 })).toBe('12.345,68');
    expect(formatDecimal(1234.5, { maximumFractionDigits: 2 })).toBe('1234,5');
    expect(formatDecimal(2.3, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe('2,3');
    expect(formatDecimal(30, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })).toBe('30,00');
    expect(formatDecimal(12345, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })).toBe(
      '12345,00',
    );
  });

  it('gives exactly what Intl’s it-IT number format gives, for every option the shop uses', () => {
    const values = [0, -0, 0.001, -0.001, 0.005, 0.004999, 0.05, 0.0499, 1e-7, 2.675, 0.125, 1.005, 999.995, 9999.95];
    values.push(99999.994, 1e12 + 0.5, 123456789.015, -12345.5);
    // Every hundredth up to 2,000 either way (quantities, kilograms, amounts).
    for (let n = -200_000; n <= 200_000; n++) values.push(n / 100);
    // Computed values: arbitrary quotients.
    for (let i = 1; i <= 20_000; i++) values.push((i * 7919) / 100 / ((i % 997) + 0.25), (i * 0.37) / 3, -(i / 7));
    values.push(Number.NaN, Number.POSITIVE_INFINITY, 5e13);
    for (const options of used) {
      const intl = new Intl.NumberFormat('it-IT', options);
      const wrong = values.filter((v) => formatDecimal(v, options) !== intl.format(v));
      expect(wrong.slice(0, 5).map((v) => [options, v, formatDecimal(v, options), intl.format(v)])).toEqual([]);
    }
  });
});
