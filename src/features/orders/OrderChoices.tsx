// What the store's confirmation of an order may do without asking the shopper again
// (decision 018), as they chose at checkout: shown on the order, and changeable while
// the order waits for the store.
import { useState } from 'react';
import type { Order } from '#src/shared/contract/checkout.ts';
import { DEFAULT_ACCEPT_CHANGES_LIMIT } from '#src/shared/contract/constants.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { ACCEPT_CHANGES_LIMITS, canConfirm, choicesText } from '#src/shared/order-states.ts';
import { errorMessageOf } from '#src/lib/api-client.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { setOrderChoices } from './orders.store.ts';

export function OrderChoices({ order, onChange }: { order: Order; onChange: (o: Order) => void }) {
  const [editing, setEditing] = useState(false);
  const [accept, setAccept] = useState(order.acceptChanges);
  const [limit, setLimit] = useState(order.acceptChangesLimit ?? DEFAULT_ACCEPT_CHANGES_LIMIT);
  const [busy, setBusy] = useState(false);
  const waiting = canConfirm(order.status);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      onChange(await setOrderChoices(order.id, accept, limit));
      setEditing(false);
      showToast('Scelte aggiornate', 'success');
    } catch (e) {
      showToast(errorMessageOf(e), 'error');
    } finally {
      setBusy(false);
    }
  }

  if (editing)
    return (
      <form className="order-choices" onSubmit={(e) => void save(e)}>
        <label className="checkout-option">
          <input type="checkbox" checked={accept} onChange={(e) => setAccept(e.target.checked)} />
          <span>
            Se qualche prodotto non è disponibile o viene sostituito come hai scelto, confermalo senza chiedermelo se il
            totale cambia al massimo di{' '}
            <select
              aria-label="Variazione massima del totale"
              value={limit}
              disabled={!accept}
              onChange={(e) => setLimit(Number(e.target.value))}
            >
              {ACCEPT_CHANGES_LIMITS.map((l) => (
                <option key={l} value={l}>
                  {formatEuro(l)}
                </option>
              ))}
            </select>
          </span>
        </label>
        <p className="order-choices__actions">
          <button type="button" className="button" onClick={() => setEditing(false)}>
            Annulla
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            Salva
          </button>
        </p>
      </form>
    );
  return (
    <p className="order-choices">
      <span>Alla conferma del punto vendita: {choicesText(order)}.</span>{' '}
      {waiting && (
        <button type="button" className="link-button" onClick={() => setEditing(true)}>
          Cambia<span className="visually-hidden"> le scelte dell'ordine {order.number}</span>
        </button>
      )}
    </p>
  );
}
