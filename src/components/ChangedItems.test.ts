// The 4105 popup's content as a shopper reads it, from a freeze check answer.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { changedItems } from '#src/shared/contract/cart.ts';
import { ChangedItems } from './ChangedItems.tsx';
import { cartItem } from '#src/shared/contract/cart.test-data.ts';

const item = cartItem;

describe('the changed-items popup', () => {
  it("marks updated items 'Variazione prezzo' with the new price and removed ones 'Momentaneamente non disponibile'", () => {
    const answer = {
      responseCode: 4105,
      data: {
        updated: [item({ netPrice: 1.49 })],
        removed: [item({ barcode: '8009999999999', description: 'Mozzarella', available: false, status: 'danger' })],
      },
    };
    const data = changedItems.parse(answer.data);
    const html = renderToStaticMarkup(createElement(ChangedItems, data));
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Latte intero 1 l Variazione prezzo Nuovo prezzo: 1,49 €');
    expect(text).toContain('Mozzarella Momentaneamente non disponibile Rimosso dal carrello');
  });

  it('says a row dropped for the 5 water packs of an order was dropped for that limit, not that it is unavailable', () => {
    const limit = "Superato il numero massimo di confezioni d'acqua per ordine (5).";
    const answer = {
      updated: [],
      removed: [
        item({
          description: 'Acqua minerale naturale 6 x 0,5 L',
          available: false,
          status: 'danger',
          removedReason: limit,
        }),
      ],
    };
    const html = renderToStaticMarkup(createElement(ChangedItems, changedItems.parse(answer)));
    const text = html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/&#x27;/g, "'");
    expect(text).toContain(`Acqua minerale naturale 6 x 0,5 L ${limit} Rimosso dal carrello`);
    expect(text).not.toContain('Momentaneamente non disponibile');
  });

  it('shows only what the answer lists', () => {
    const html = renderToStaticMarkup(createElement(ChangedItems, { updated: [item({})], removed: [] }));
    expect(html).toContain('Variazione prezzo');
    expect(html).not.toContain('Momentaneamente non disponibile');
  });
});
