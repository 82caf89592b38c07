// The minimum order (docs/product.md §5): a cart whose products cost less than the
// store's minimum cannot be booked; the cart's button, the checkout's gate and
// the server's refusal (4208) say it with the same words.
import { formatDecimal } from './number-format.ts';

/** Whether the products' total is under the minimum (both in euro, as on the wire). */
export const belowMinimum = (cart: { netTotal: number; minNetTotal: number }): boolean =>
  cart.netTotal < cart.minNetTotal;

/** docs/product.md §5: 'l'importo minimo per prenotare è: {min}€', the amount with 2 decimals and a comma. */
export const minimumOrderMessage = (minNetTotal: number): string =>
  `l'importo minimo per prenotare è: ${formatDecimal(minNetTotal, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })}€`;
