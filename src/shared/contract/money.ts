// Money is integer cents everywhere inside; euro with 2 decimals on the wire
// (DESIGN.md §3). Quantities round to 2 decimals (spec §9).
export const toEuro = (cents: number): number => Math.round(cents) / 100;
export const toCents = (euro: number): number => Math.round(euro * 100);
export const round2 = (n: number): number => Math.round(n * 100) / 100;

const euroFormat = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
// Formatting costs a microsecond or two, and an answer formats every price of
// every row; a shop has a few thousand distinct prices, so the texts are kept.
const formatted = new Map<number, string>();

/** "1,99 €" — the one place prices become text (DESIGN.md §6). */
export const formatEuro = (euro: number): string => {
  let text = formatted.get(euro);
  if (text === undefined) {
    if (formatted.size >= 10_000) formatted.clear();
    text = euroFormat.format(euro);
    formatted.set(euro, text);
  }
  return text;
};
