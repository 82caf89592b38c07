// Money is integer cents everywhere inside; euro with 2 decimals on the wire
// (docs/architecture.md §3). Quantities round to 2 decimals (docs/product.md §9).
import { groupedItalian, roundedUnits } from '../number-format.ts';
import { onFirstUse } from '../on-first-use.ts';
export const toEuro = (cents: number): number => Math.round(cents) / 100;
export const toCents = (euro: number): number => Math.round(euro * 100);
export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Intl's own euro format, for the values the written-out one below leaves to it. */
const intlEuro = onFirstUse(
  () => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', signDisplay: 'negative' }),
);

/** Intl's it-IT euro format written out (see formatEuro). */
function writeEuro(euro: number): string {
  if (!Number.isFinite(euro) || Math.abs(euro) >= 1e13) return intlEuro().format(euro);
  const cents = roundedUnits(Math.abs(euro), 2);
  const grouped = groupedItalian(String(Math.floor(cents / 100)));
  // No minus on an amount that rounds to zero ('0,00 €', never '-0,00 €').
  const sign = euro < 0 && cents > 0 ? '-' : '';
  return `${sign}${grouped},${String(cents % 100).padStart(2, '0')}\u00a0€`;
}

// An answer formats every price of every row, and a shop has a few thousand
// distinct prices: the texts are kept (a lookup is ~10 times faster than writing one).
const formatted = new Map<number, string>();

/**
 * "1,99 €", "1234,50 €", "12.345,68 €" — the one place prices become text
 * (docs/architecture.md §6). It is Intl's it-IT euro format written out (a unit test
 * holds the two equal): making an Intl.NumberFormat costs a phone's browser
 * milliseconds of locale data in the task that starts every page, whose
 * header shows the cart's total.
 */
export const formatEuro = (euro: number): string => {
  let text = formatted.get(euro);
  if (text === undefined) {
    if (formatted.size >= 10_000) formatted.clear();
    text = writeEuro(euro);
    formatted.set(euro, text);
  }
  return text;
};
