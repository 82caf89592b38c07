// Beside the order's yes/no to substitutes on /checkout/data (decision 014): the rows that
// already have a choice of their own (the question is asked for the others only), and
// 'Scegli per ogni prodotto', which shows every row with the cart row's own control.
import { useId, useState } from 'react';
import type { Cart } from '#src/shared/contract/cart.ts';
import { ReplacementChoice } from '#src/shop/ReplacementChoice.tsx';
import { choiceText } from '#src/shop/replacement.ts';

export function RowReplacements({ cart, consent }: { cart: Cart; consent: boolean | null }) {
  const id = useId();
  const [each, setEach] = useState(false);
  const chosen = cart.items.filter((item) => item.replacement);
  return (
    <div className="row-replacements">
      {chosen.length > 0 && !each && (
        <>
          <p id={`${id}-chosen`} className="checkout-hint">
            Hai già scelto per questi prodotti:
          </p>
          <ul className="row-replacements__list" aria-labelledby={`${id}-chosen`}>
            {chosen.map((item) => (
              <li key={item.id}>
                <strong>{item.description}</strong>: {choiceText(item.replacement, consent)}
              </li>
            ))}
          </ul>
        </>
      )}
      <button
        type="button"
        className="link-button"
        aria-expanded={each}
        aria-controls={each ? `${id}-each` : undefined}
        onClick={() => setEach(!each)}
      >
        Scegli per ogni prodotto
      </button>
      {each && (
        <ul id={`${id}-each`} className="row-replacements__each">
          {cart.items.map((item) => (
            <li key={item.id}>
              <span className="row-replacements__name">{item.description}</span>
              <ReplacementChoice item={item} consent={consent} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
