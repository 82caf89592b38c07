import { describe, expect, it } from 'vitest';
import { choiceText, differsFromDefault } from './replacement.ts';

const named = {
  mode: 'PRODUCT',
  barcode: '8001234567890',
  description: 'Latte parzialmente scremato 1 l',
  price: 1.29,
} as const;
const none = { mode: 'NONE', barcode: null, description: null, price: null } as const;
const similar = { mode: 'SIMILAR', barcode: null, description: null, price: null } as const;

describe('a cart row’s choice of substitute', () => {
  it('says the order’s default on a row without a choice: a similar product until the shopper says no', () => {
    expect(choiceText(null, null)).toBe('Sostituisci con prodotto simile');
    expect(choiceText(undefined, true)).toBe('Sostituisci con prodotto simile');
    expect(choiceText(null, false)).toBe('Non sostituire');
  });

  it('says the row’s own choice whatever the order’s default', () => {
    expect(choiceText(none, true)).toBe('Non sostituire');
    expect(choiceText(similar, false)).toBe('Sostituisci con prodotto simile');
    expect(choiceText(named, false)).toBe('Sostituto: Latte parzialmente scremato 1 l (1,29\u00a0€)');
  });

  it('says so when the cart’s store does not sell the named substitute (after a move): nothing replaces the row', () => {
    expect(choiceText({ ...named, price: null }, true)).toBe(
      'Sostituto: Latte parzialmente scremato 1 l (non in vendita in questo punto vendita: non sarà sostituito)',
    );
  });

  it('differs from the default only when the row chose something else than the order’s consent gives', () => {
    expect(differsFromDefault(null, false)).toBe(false);
    expect(differsFromDefault(similar, true)).toBe(false);
    expect(differsFromDefault(similar, null)).toBe(false);
    expect(differsFromDefault(similar, false)).toBe(true);
    expect(differsFromDefault(none, null)).toBe(true);
    expect(differsFromDefault(none, false)).toBe(false);
    expect(differsFromDefault(named, true)).toBe(true);
    expect(differsFromDefault(named, false)).toBe(true);
  });
});
