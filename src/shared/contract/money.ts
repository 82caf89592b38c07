// Money is integer cents everywhere inside; euro with 2 decimals on the wire
// (DESIGN.md §3). Quantities round to 2 decimals (spec §9).
export const toEuro = (cents: number): number => Math.round(cents) / 100;
export const toCents = (euro: number): number => Math.round(euro * 100);
export const round2 = (n: number): number => Math.round(n * 100) / 100;

const euroFormat = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
/** "1,99 €" — the one place prices become text (DESIGN.md §6). */
export const formatEuro = (euro: number): string => euroFormat.format(euro);
