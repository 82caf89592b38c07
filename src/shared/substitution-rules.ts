// What a substitute must be to replace a row, written once for the shopper's choice
// (cart), the store's confirmation (order lifecycle) and the picker that offers them.

/**
 * A substitute is sold as the row it replaces: by the piece, or by weight. A row of
 * 3 pieces cannot be filled with a product weighed by the kilo, nor the reverse.
 */
export const soldAlike = (um: string, rowUm: string): boolean => (um === 'KG') === (rowUm === 'KG');

export const SOLD_ALIKE_MESSAGE =
  'Scegli un sostituto venduto allo stesso modo (a pezzi o a peso) del prodotto ordinato.';
