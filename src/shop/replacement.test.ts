import { describe, expect, it } from 'vitest';
import { choiceText, priceDifference, replacementLines, undecidedRows } from './replacement.ts';

const named = {
  mode: 'PRODUCT',
  barcode: '8001234567890',
  description: 'Latte parzialmente scremato 1 l',
  price: 1.29,
} as const;
const none = { mode: 'NONE', barcode: null, description: null, price: null } as const;
const similar = { mode: 'SIMILAR', barcode: null, description: null, price: null } as const;

describe('a cart row’s choice of substitute', () => {
  it('says a row without a choice follows the order: undecided until the checkout’s answer, then that answer as the order’s', () => {
    expect(choiceText(null, null)).toBe("Scelta dell'ordine, da indicare prenotando");
    expect(choiceText(undefined, true)).toBe("Sostituisci con prodotto simile (scelta dell'ordine)");
    expect(choiceText(null, false)).toBe("Non sostituire (scelta dell'ordine)");
  });

  it('says the row’s own choice as chosen, whatever the order’s default', () => {
    expect(choiceText(none, true)).toBe('Non sostituire');
    expect(choiceText(similar, null)).toBe('Sostituisci con prodotto simile');
    expect(choiceText(similar, false)).toBe('Sostituisci con prodotto simile');
    expect(choiceText(named, false)).toBe('Sostituto: Latte parzialmente scremato 1 l (1,29\u00a0€)');
  });

  it('says so when the cart’s store does not sell the named substitute (after a move): nothing replaces the row', () => {
    expect(choiceText({ ...named, price: null }, true)).toBe(
      'Sostituto: Latte parzialmente scremato 1 l (non in vendita in questo punto vendita: non sarà sostituito)',
    );
  });

  it('leaves to the checkout’s question only the rows without a choice of their own', () => {
    const rows = [{ replacement: none }, { replacement: null }, { replacement: similar }, {}];
    expect(undecidedRows(rows)).toEqual([{ replacement: null }, {}]);
  });

  it('says a substitute’s price against the row’s', () => {
    expect(priceDifference(1.49, 1.29)).toBe('+0,20\u00a0€');
    expect(priceDifference(0.99, 1.34)).toBe('−0,35\u00a0€');
    expect(priceDifference(1.1, 1.1)).toBe('stesso prezzo');
  });

  it('lists for the summary each row’s own choice, then the other rows with the order’s answer', () => {
    const items = [
      { id: 1, description: 'Pasta', replacement: none },
      { id: 2, description: 'Latte', replacement: named },
      { id: 3, description: 'Pane', replacement: null },
      { id: 4, description: 'Uova', replacement: null },
    ];
    expect(replacementLines(items, true).map((l) => `${l.label}: ${l.text}`)).toEqual([
      'Pasta: Non sostituire',
      'Latte: Sostituto: Latte parzialmente scremato 1 l (1,29\u00a0€)',
      'Gli altri 2 prodotti: Sostituisci con prodotto simile',
    ]);
    expect(replacementLines(items.slice(0, 3), false).at(-1)).toMatchObject({
      label: "L'altro prodotto",
      text: 'Non sostituire',
    });
    expect(replacementLines(items.slice(2), false)).toEqual([
      { key: 'order', label: 'Tutti i prodotti', text: 'Non sostituire' },
    ]);
  });
});
