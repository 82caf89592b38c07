// Under the order's yes/no to substitutes on /checkout/data (decision 014): the rows whose own
// choice differs from it, and 'Scegli per ogni prodotto', which shows every row with the
// cart row's own control to change its choice.
import { useId, useState } from 'react';
import type { Cart } from '#src/shared/contract/cart.ts';
import { ReplacementChoice } from '#src/shop/ReplacementChoice.tsx';
import { choiceText, differsFromDefault } from '#src/shop/replacement.ts';

export function RowReplacements({ cart, consent }: { cart: Cart; consent: boolean | null }) {
  const id = useId();
  const [each, setEach] = useState(false);
  const differing = cart.items.filter((item) => differsFromDefault(item.replacement, consent));
  return (
    <div className="row-replacements">
      <p className="checkout-hint">Vale per i prodotti per cui non hai scelto diversamente.</p>
      {differing.length > 0 && !each && (
        <>
          <p id={`${id}-differing`} className="checkout-hint">
            Per questi prodotti hai scelto diversamente:
          </p>
          <ul className="row-replacements__list" aria-labelledby={`${id}-differing`}>
            {differing.map((item) => (
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
