// The quantity rules (docs/product.md §5, §9), once for the counter the shopper presses
// and the server that refuses what breaks them: step = umStep rounded to 2
// decimals; never below one step or minWeight, pieces never below 1; up to
// maxAmount (and 30 pieces per article, docs/product.md §9); in the cart, the minus at
// the minimum removes the item.
import { round2 } from '#src/shared/contract/money.ts';
import { formatDecimal } from './number-format.ts';

/** Pieces of one article a cart may hold (docs/product.md §9). */
export const MAX_PIECES_PER_ARTICLE = 30;

export interface Measured {
  um: 'PZ' | 'KG';
  umStep: number;
  minWeight: number | null;
  maxAmount: number | null;
}

export const stepOf = (p: Pick<Measured, 'um' | 'umStep'>): number => {
  const step = round2(p.umStep);
  return step > 0 ? step : p.um === 'PZ' ? 1 : 0.01;
};

/** The smallest quantity on the step grid that is at least one step, minWeight and (pieces) 1. */
export function minimumOf(p: Measured): number {
  const step = stepOf(p);
  const floor = Math.max(step, p.minWeight ?? 0, p.um === 'PZ' ? 1 : 0);
  return round2(Math.ceil(round2(floor / step) - 1e-9) * step);
}

/** The cap of one row: maxAmount, and 30 pieces per article (docs/product.md §9); Infinity without one. */
const capOf = (p: Pick<Measured, 'um' | 'maxAmount'>): number =>
  Math.min(p.maxAmount ?? Infinity, p.um === 'PZ' ? MAX_PIECES_PER_ARTICLE : Infinity);

/** Whether a quantity is over the row's cap (the server answers 4034 then). */
export const exceedsMaximum = (p: Pick<Measured, 'um' | 'maxAmount'>, quantity: number): boolean => quantity > capOf(p);

/** The largest quantity allowed, on the step grid; Infinity without a cap. */
export function maximumOf(p: Measured): number {
  const cap = capOf(p);
  if (cap === Infinity) return Infinity;
  const step = stepOf(p);
  return Math.max(minimumOf(p), round2(Math.floor(round2(cap / step) + 1e-9) * step));
}

export const canIncrease = (p: Measured, value: number): boolean => value + 1e-9 < maximumOf(p);

export function increase(p: Measured, value: number): number {
  if (value + 1e-9 < minimumOf(p)) return minimumOf(p);
  return Math.min(maximumOf(p), round2(value + stepOf(p)));
}

export type Decrease = { kind: 'set'; value: number } | { kind: 'remove' } | { kind: 'none' };

/** One step down; at the minimum, an item in the cart is removed, any other stays put. */
export function decrease(p: Measured, value: number, inCart: boolean): Decrease {
  const minimum = minimumOf(p);
  if (value <= minimum + 1e-9) return inCart ? { kind: 'remove' } : { kind: 'none' };
  return { kind: 'set', value: Math.max(minimum, round2(value - stepOf(p))) };
}

/** Whether the minus button, pressed now, would remove the item. */
export const minusRemoves = (p: Measured, value: number, inCart: boolean): boolean =>
  inCart && value <= minimumOf(p) + 1e-9;

/** '3 pz', '300 g', '1,5 kg' (docs/product.md §9: grams below 1 kg, kilograms from there). */
export function formatQuantity(um: 'PZ' | 'KG', value: number): string {
  if (um === 'PZ') return `${formatDecimal(value, { maximumFractionDigits: 2 })} pz`;
  const grams = Math.round(value * 1000);
  return grams < 1000 ? `${grams} g` : `${formatDecimal(grams / 1000, { maximumFractionDigits: 2 })} kg`;
}

/** The quantity held in a cart row: pieces for PZ, kilograms otherwise. */
export const cartQuantity = (item: { um: 'PZ' | 'KG'; amount: number | null; weight: number | null }): number =>
  (item.um === 'PZ' ? item.amount : item.weight) ?? 0;

/** The toast of docs/product.md §8: 'Hai {amount} {unit} {description} nel carrello'. */
export function addedMessage(product: { um: 'PZ' | 'KG'; description: string; amount: number }): string {
  return `Hai ${formatDecimal(product.amount, { maximumFractionDigits: 2 })} ${product.um === 'PZ' ? 'pz' : 'kg'} ${product.description} nel carrello`;
}

export const UPDATE_CART_HINT = 'Dopo aver modificato la quantità aggiornare il carrello.';

/** Why a quantity breaks the rules of docs/product.md §5 (an Italian reason the server answers), or null when it does not. */
export function quantityProblem(p: Pick<Measured, 'um' | 'umStep' | 'minWeight'>, quantity: number): string | null {
  if (quantity === 0) return null; // zero removes the row
  const step = stepOf(p);
  const offGrid = Math.abs(quantity / step - Math.round(quantity / step)) > 1e-6;
  if (p.um === 'PZ') {
    if (!Number.isInteger(quantity)) return 'La quantità deve essere un numero intero di pezzi.';
    if (quantity < Math.max(1, step)) return 'La quantità minima è 1 pezzo.';
    return offGrid ? `La quantità deve essere un multiplo di ${step}.` : null;
  }
  const minimum = Math.max(step, p.minWeight ?? 0);
  if (quantity + 1e-9 < minimum) return `Il peso minimo è ${minimum} kg.`;
  if (Math.abs(round2(quantity) - quantity) > 1e-9 || offGrid) return `Il peso deve essere un multiplo di ${step} kg.`;
  return null;
}
