// /staff, «Disponibilità dei prodotti»: the store's staff find a product of their store by
// name or barcode and mark it unavailable, or available again, during the day (docs/product.md,
// Store staff). Shoppers see it on their next answer, the static pages at the next rebuild,
// and a cart holding it gets 4105 at booking; the ERP's next feed sets it again.
import { useId, useState } from 'react';
import { api, ApiError, errorMessageOf, serverMessageOf } from '#src/lib/api-client.ts';
import { storeDayCalls } from '#src/shared/contract/calls.generated.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import type { ShelfProduct } from '#src/shared/contract/store-operations.ts';

const message = (e: unknown) => (e instanceof ApiError ? serverMessageOf(e) : errorMessageOf(e));

export default function ProductAvailability() {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<ShelfProduct[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const inputId = useId();

  async function search(e: React.FormEvent) {
    e.preventDefault();
    setProblem(null);
    const q = query.trim();
    if (q.length < 2) return setProblem('Scrivi almeno 2 caratteri o un codice a barre.');
    try {
      setFound(await api.data(storeDayCalls.shelf, { query: { q } }));
    } catch (error) {
      setProblem(message(error));
    }
  }
  async function mark(product: ShelfProduct, available: boolean) {
    setBusy(product.productId);
    setProblem(null);
    try {
      const changed = await api.data(storeDayCalls.setAvailability, {
        params: { productId: product.productId },
        body: { available },
      });
      setFound((list) => list?.map((p) => (p.productId === changed.productId ? changed : p)) ?? null);
      showToast(`${changed.description}: ${available ? 'di nuovo disponibile' : 'non disponibile'}`, 'success');
    } catch (error) {
      setProblem(message(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="staff-section staff-shelf" aria-labelledby="staff-shelf-title">
      <h2 id="staff-shelf-title">Disponibilità dei prodotti</h2>
      <p className="staff-section__hint">
        Un prodotto finito oggi? Segnalo non disponibile: i clienti lo vedono subito e chi lo ha nel carrello viene
        avvisato alla prenotazione. Il prossimo aggiornamento dal gestionale lo imposta di nuovo.
      </p>
      <form className="staff-search" onSubmit={(e) => void search(e)}>
        <label htmlFor={inputId}>Nome o codice a barre</label>
        <div className="staff-search__row">
          <input
            id={inputId}
            type="search"
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            enterKeyHint="search"
          />
          <button type="submit" className="button button-primary">
            Cerca
          </button>
        </div>
      </form>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {found && (
        <p role="status" className="orders-count">
          {found.length === 0
            ? 'Nessun prodotto del punto vendita trovato.'
            : found.length === 1
              ? '1 prodotto'
              : `${found.length} prodotti`}
        </p>
      )}
      {found && found.length > 0 && (
        <ul className="staff-shelf__list">
          {found.map((p) => (
            <li key={p.productId} className={`staff-shelf__item${p.available ? '' : ' staff-shelf__item--out'}`}>
              <span className="staff-shelf__name">
                {p.description}
                {p.brand && <span className="staff-shelf__brand"> · {p.brand}</span>}
              </span>
              <span className="staff-shelf__facts">
                {p.barcode} · {formatEuro(p.price)} · <strong>{p.available ? 'Disponibile' : 'Non disponibile'}</strong>
                {p.changedAt && <> · cambiato {formatDateTime(p.changedAt)}</>}
              </span>
              <button
                type="button"
                className={`button${p.available ? '' : ' button-primary'}`}
                disabled={busy === p.productId}
                aria-label={`${p.available ? 'Segna non disponibile' : 'Di nuovo disponibile'}: ${p.description}`}
                onClick={() => void mark(p, !p.available)}
              >
                {p.available ? 'Segna non disponibile' : 'Di nuovo disponibile'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
