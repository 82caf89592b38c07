// What a row costs (docs/product.md §9: prices in cents, quantities to 3 decimals at
// most): the unit price in cents × the quantity, rounded to the cent, half up.
// The cart, the order and the store's picked amounts all charge a row with
// this one rule, so a shopper is never shown one amount and charged another.
// Integer arithmetic: 1290 × 0,35 is 451,5 → 452 (floating point says
// 451,4999… and would round it down).

/** A quantity as a row holds it: 3 decimals (grams of a kilogram). */
export const round3 = (quantity: number): number => Math.round(quantity * 1000) / 1000;

/** The cents of a row: unit cents × quantity (pieces, or kilograms to 3 decimals). */
export const rowCents = (unitCents: number, quantity: number): number =>
  Math.round((Math.round(unitCents) * Math.round(quantity * 1000)) / 1000);
