import { describe, expect, it } from 'vitest';
import { formatEuro } from './money.ts';

const intl = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', signDisplay: 'negative' });

describe('formatEuro', () => {
  it('writes prices as the shop shows them', () => {
    expect(formatEuro(1.99)).toBe('1,99\u00a0€');
    expect(formatEuro(0)).toBe('0,00\u00a0€');
    expect(formatEuro(1234.5)).toBe('1234,50\u00a0€');
    expect(formatEuro(12345.678)).toBe('12.345,68\u00a0€');
    expect(formatEuro(1000000.1)).toBe('1.000.000,10\u00a0€');
    expect(formatEuro(-1.5)).toBe('-1,50\u00a0€');
    expect(formatEuro(1.005)).toBe('1,01\u00a0€');
    // An amount that rounds to zero has no minus, whichever zero came first.
    expect(formatEuro(0)).toBe('0,00\u00a0€');
    expect(formatEuro(-0)).toBe('0,00\u00a0€');
    expect(formatEuro(-0.001)).toBe('0,00\u00a0€');
  });

  it('gives exactly what Intl’s it-IT euro format gives (minus only on a negative amount)', () => {
    const values = [
      0,
      -0,
      0.001,
      -0.001,
      0.005,
      0.004999,
      1e-7,
      2.675,
      0.125,
      999.995,
      9999.995,
      99999.994,
      1e12 + 0.5,
    ];
    // Every cent amount up to 2,000 € either way, as prices and totals are.
    for (let cents = -200_000; cents <= 200_000; cents++) values.push(cents / 100);
    // Unit prices and computed amounts: arbitrary quotients.
    for (let i = 1; i <= 20_000; i++) values.push((i * 7919) / 100 / ((i % 997) + 0.25), (i * 0.37) / 3, -(i / 7));
    values.push(Number.NaN, Number.POSITIVE_INFINITY, 5e13, 123456789.015);
    const wrong = values.filter((v) => formatEuro(v) !== intl.format(v));
    expect(wrong.map((v) => [v, formatEuro(v), intl.format(v)])).toEqual([]);
  });
});
