// The shopper's choice of substitute for a cart row (decision 014): what the row says,
// and whether it differs from the order's consent given at checkout, the default of
// the rows without a choice of their own. Pure: tested beside this file.
import type { Replacement } from '#src/shared/contract/cart.ts';
import { formatEuro } from '#src/shared/contract/money.ts';

export const REPLACEMENT_LABELS = {
  SIMILAR: 'Sostituisci con prodotto simile',
  NONE: 'Non sostituire',
  PRODUCT: 'Scegli un sostituto…',
} as const;

/** A named substitute the cart's store does not sell: the shopper accepted that one only. */
const NAMED_NOT_SOLD = 'non in vendita in questo punto vendita: non sarà sostituito';

/** A row's own choice, as the cart answers it: null when the order's consent decides. */
export type RowChoice = Replacement | null | undefined;

/** What a row without a choice of its own gets: the order's consent; a similar product while nothing is decided. */
export const orderDefaultMode = (consent: boolean | null): 'SIMILAR' | 'NONE' =>
  consent === false ? 'NONE' : 'SIMILAR';

/**
 * The row's choice in words: its named substitute (with its price in the cart's store, or that the
 * store does not sell it, after the cart moved: then nothing replaces the row), else the mode it
 * has or the order's default.
 */
export function choiceText(choice: RowChoice, consent: boolean | null): string {
  if (choice?.mode === 'PRODUCT' && choice.description)
    return choice.price === null
      ? `Sostituto: ${choice.description} (${NAMED_NOT_SOLD})`
      : `Sostituto: ${choice.description} (${formatEuro(choice.price)})`;
  const mode = choice && choice.mode !== 'PRODUCT' ? choice.mode : orderDefaultMode(consent);
  return REPLACEMENT_LABELS[mode];
}

/** The row has a choice of its own that is not what the order's consent gives. */
export const differsFromDefault = (choice: RowChoice, consent: boolean | null): boolean =>
  !!choice && (choice.mode === 'PRODUCT' || choice.mode !== orderDefaultMode(consent));
