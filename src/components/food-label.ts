// What the product page states of a food's mandatory information (Reg. (EU)
// 1169/2011 art. 9): every field has a line, and a missing one reads
// "Informazione non disponibile" instead of disappearing.
import type { Product } from '#src/shared/contract/catalogue.ts';
import { NOT_AVAILABLE } from '#src/shared/food-info.ts';

export interface LabelLine {
  term: string;
  /** The lines of the value (the operator's name and address are two). */
  lines: string[];
  missing: boolean;
}

const has = (t: string | null | undefined): t is string => !!t && t.trim() !== '';

/** The "Informazioni sul prodotto" list of a food: name, net quantity and the food business operator. */
export function foodLabelLines(
  p: Pick<Product, 'description' | 'netQuantity' | 'operatorName' | 'operatorAddress'>,
): LabelLine[] {
  const line = (term: string, value: string | null): LabelLine =>
    has(value) ? { term, lines: [value], missing: false } : { term, lines: [NOT_AVAILABLE], missing: true };
  const operator: LabelLine =
    !has(p.operatorName) && !has(p.operatorAddress)
      ? { term: 'Operatore responsabile', lines: [NOT_AVAILABLE], missing: true }
      : {
          term: 'Operatore responsabile',
          lines: [
            has(p.operatorName) ? p.operatorName : `Nome: ${NOT_AVAILABLE.toLowerCase()}`,
            has(p.operatorAddress) ? p.operatorAddress : `Indirizzo: ${NOT_AVAILABLE.toLowerCase()}`,
          ],
          missing: !has(p.operatorName) || !has(p.operatorAddress),
        };
  return [line('Denominazione', p.description), line('Quantità netta', p.netQuantity), operator];
}

/** A section's text, or the missing-information words for a food (null: a non-food without it shows no section). */
export function sectionText(food: boolean, text: string | null): { text: string; missing: boolean } | null {
  if (has(text)) return { text, missing: false };
  return food ? { text: NOT_AVAILABLE, missing: true } : null;
}
