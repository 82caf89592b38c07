// The booking warning of docs/product.md §4: after a freeze check answered 4105, the
// items whose price changed ('Variazione prezzo') and those no longer
// available ('Momentaneamente non disponibile') or over a limit (its reason,
// e.g. the 5 water packs of an order); and, in the same words, the rows of a
// shopping list the cart could not take. Pure rendering, tested with
// react-dom/server beside this file.
import type { CartItem } from '#src/shared/contract/cart.ts';
import { MOMENTARILY_UNAVAILABLE } from '#src/shared/contract/constants.ts';
import { formatEuro } from '#src/shared/contract/money.ts';

const PRICE_CHANGED = 'Variazione prezzo';
const NOT_AVAILABLE = MOMENTARILY_UNAVAILABLE;

export function ChangedItems({ updated, removed }: { updated: CartItem[]; removed: CartItem[] }) {
  return (
    <>
      <p>Dal momento in cui li hai aggiunti al carrello, alcuni prodotti sono cambiati:</p>
      <ul className="changed-items">
        {updated.map((item) => (
          <li key={`u-${item.barcode}`} className="changed-item">
            <span className="changed-item__name">{item.description}</span>
            <span className="changed-item__tag changed-item__tag--price">{PRICE_CHANGED}</span>
            <span className="changed-item__detail">
              Nuovo prezzo: {formatEuro(item.netPrice)}
              {item.um === 'KG' ? ' al kg' : ''}
            </span>
          </li>
        ))}
        {removed.map((item) => (
          <li key={`r-${item.barcode}`} className="changed-item">
            <span className="changed-item__name">{item.description}</span>
            <span className="changed-item__tag changed-item__tag--removed">{item.removedReason ?? NOT_AVAILABLE}</span>
            <span className="changed-item__detail">Rimosso dal carrello</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Rows of a shopping list the cart did not take, each with its reason ('Momentaneamente non disponibile' or a limit). */
export function NotAddedItems({ rows }: { rows: { description: string; reason: string }[] }) {
  return (
    <ul className="changed-items">
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a list shown once per answer, whose rows may repeat a name
        <li key={index} className="changed-item">
          <span className="changed-item__name">{row.description}</span>
          <span className="changed-item__tag changed-item__tag--removed">{row.reason}</span>
          <span className="changed-item__detail">Non aggiunto al carrello</span>
        </li>
      ))}
    </ul>
  );
}
