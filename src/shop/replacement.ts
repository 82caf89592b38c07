// The shopper's choice of substitute for a cart row (decision 014): what the row says,
// its own choice or the order's consent given at checkout, the default of the rows
// without a choice of their own. A row says a choice as chosen only when it
// is its own; otherwise it says it is the order's. Pure: tested beside this file.
import type { CartItem, Replacement } from '#src/shared/contract/cart.ts';
import { formatEuro } from '#src/shared/contract/money.ts';

export const REPLACEMENT_LABELS = {
  SIMILAR: 'Sostituisci con prodotto simile',
  NONE: 'Non sostituire',
  PRODUCT: 'Scegli un sostituto…',
} as const;

/** A named substitute the cart's store does not sell: the shopper accepted that one only. */
const NAMED_NOT_SOLD = 'non in vendita in questo punto vendita: non sarà sostituito';
/** A row without a choice of its own, before the checkout's question is answered. */
const ORDER_CHOICE_PENDING = "Scelta dell'ordine, da indicare prenotando";
const ORDER_CHOICE = "scelta dell'ordine";

/** A row's own choice, as the cart answers it: null when the order's consent decides. */
export type RowChoice = Replacement | null | undefined;

/** What a row without a choice of its own gets: the order's consent; a similar product while nothing is decided. */
const orderDefaultMode = (consent: boolean | null): 'SIMILAR' | 'NONE' => (consent === false ? 'NONE' : 'SIMILAR');

/** The row's own choice in words: its named substitute (with its price, or that the store does not sell it), or its mode. */
function ownChoiceText(choice: Replacement): string {
  if (choice.mode === 'PRODUCT' && choice.description)
    return choice.price === null
      ? `Sostituto: ${choice.description} (${NAMED_NOT_SOLD})`
      : `Sostituto: ${choice.description} (${formatEuro(choice.price)})`;
  return REPLACEMENT_LABELS[choice.mode === 'PRODUCT' ? 'SIMILAR' : choice.mode];
}

/** What the order's consent gives a row without a choice of its own: pending until the checkout answers it. */
const orderChoiceText = (consent: boolean | null): string =>
  consent === null ? ORDER_CHOICE_PENDING : REPLACEMENT_LABELS[orderDefaultMode(consent)];

/**
 * The row's choice in words: its own (named substitute, after a move maybe not sold by the
 * cart's store, then nothing replaces the row; or its mode), else the order's, said as such.
 */
export function choiceText(choice: RowChoice, consent: boolean | null): string {
  if (choice) return ownChoiceText(choice);
  return consent === null ? ORDER_CHOICE_PENDING : `${orderChoiceText(consent)} (${ORDER_CHOICE})`;
}

/** The rows the checkout's yes/no decides: those without a choice of their own. */
export const undecidedRows = <R extends Pick<CartItem, 'replacement'>>(items: R[]): R[] =>
  items.filter((item) => !item.replacement);

/**
 * A substitute's price against the row's, per piece or per kg as both are sold: 'stesso prezzo',
 * '+0,20 €' or '−0,35 €'.
 */
export function priceDifference(substitute: number, row: number): string {
  const cents = Math.round(substitute * 100) - Math.round(row * 100);
  if (cents === 0) return 'stesso prezzo';
  return `${cents > 0 ? '+' : '−'}${formatEuro(Math.abs(cents) / 100)}`;
}

/**
 * The summary's lines (docs/product.md §4): each row with a choice of its own, then the
 * other rows together with the order's answer.
 */
export function replacementLines(
  items: Pick<CartItem, 'id' | 'description' | 'replacement'>[],
  consent: boolean,
): { key: string; label: string; text: string }[] {
  const own = items.filter((item) => item.replacement);
  const others = items.length - own.length;
  const lines = own.map((item) => ({
    key: String(item.id),
    label: item.description,
    text: ownChoiceText(item.replacement as Replacement),
  }));
  if (others > 0)
    lines.push({
      key: 'order',
      label: own.length === 0 ? 'Tutti i prodotti' : others === 1 ? "L'altro prodotto" : `Gli altri ${others} prodotti`,
      text: orderChoiceText(consent),
    });
  return lines;
}
