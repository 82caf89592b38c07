// The store chooser of /cart/create and /cart/update (docs/product.md §2): the stores offering
// the chosen mode, searched by name, town or address as the shopper types, sorted by distance
// with 'Usa la mia posizione' (the store locator's rule: the API sorts by the position), the
// shopper's last store first and chosen.
import { useId, useState } from 'react';
import type { Store } from '#src/shared/contract/stores.ts';
import { formatDistance, storeMatches } from '#src/shared/store-finder.ts';
import { type Position, useGeolocation } from '#src/lib/use-geolocation.ts';

interface StoreChooserProps {
  stores: Store[];
  storeId: number | null;
  onChoose: (id: number) => void;
  /** The store of the shopper's current or last cart: listed first while sorted by name. */
  lastStoreId: number | null;
  position: Position | null;
  onPosition: (position: Position | null) => void;
}

export function StoreChooser({ stores, storeId, onChoose, lastStoreId, position, onPosition }: StoreChooserProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const geo = useGeolocation(onPosition);
  const found = stores.filter((s) => storeMatches(s, query));
  const last = position ? undefined : found.find((s) => s.id === lastStoreId);
  const shown = last ? [last, ...found.filter((s) => s !== last)] : found;
  return (
    <>
      <div className="store-chooser__tools">
        <label htmlFor={`${id}-q`}>Cerca un punto vendita</label>
        <input
          id={`${id}-q`}
          type="search"
          value={query}
          placeholder="Nome, città o indirizzo"
          autoComplete="off"
          onChange={(e) => setQuery(e.target.value)}
          // Inside the form, Enter would create the cart: here it only searches.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        />
        {position ? (
          <button type="button" className="button" onClick={() => onPosition(null)}>
            Ordina per nome
          </button>
        ) : (
          <button type="button" className="button" onClick={geo.ask} disabled={geo.status === 'asking'}>
            {geo.status === 'asking' ? 'Ricerca della posizione…' : 'Usa la mia posizione'}
          </button>
        )}
      </div>
      <p className="store-chooser__status" role="status">
        {shown.length === 1 ? '1 punto vendita' : `${shown.length} punti vendita`}
        {position ? ', dal più vicino' : ''}
        {geo.note && ` · ${geo.note}`}
      </p>
      {shown.length === 0 ? (
        <p>Nessun punto vendita trovato: prova con il nome della città.</p>
      ) : (
        <div className="choice-list">
          {shown.map((s) => {
            const distance = formatDistance(s.distance);
            return (
              <label key={s.id} className="choice">
                <input
                  type="radio"
                  name="storeId"
                  value={s.id}
                  checked={storeId === s.id}
                  onChange={() => onChoose(s.id)}
                />
                <span>
                  <strong>{s.name}</strong>
                  <small>
                    {s.address.address}, {s.address.town} ({s.address.county}){distance && ` · ${distance}`}
                  </small>
                  {s.id === lastStoreId && <small className="choice__tag">Il tuo ultimo punto vendita</small>}
                </span>
              </label>
            );
          })}
        </div>
      )}
    </>
  );
}
