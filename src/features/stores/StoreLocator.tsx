// The store locator island of /stores (docs/product.md §2): search (debounced 1 s),
// paged list with the page-number control of §9, map and detail panel side
// by side from desktop width, an accordion on phones, and "use my position"
// to sort by distance. Rendered at build time with every store as plain
// links, so the page works without JavaScript. On a phone the map (and
// Leaflet with its tiles) loads only when the shopper asks for it with
// "Mostra la mappa": the list is what a phone shows first.
import { useEffect, useState } from 'react';
import { LineIcon } from '#src/components/LineIcon.tsx';
import type { Store } from '#src/shared/contract/stores.ts';
import PageNumbers from '#src/components/PageNumbers.tsx';
import StoreDetail from './StoreDetail.tsx';
import StoreMap from './StoreMap.tsx';
import { formatDistance } from '#src/shared/store-finder.ts';
import { useStoreSearch } from './use-store-search.ts';
import { useGeolocation } from '#src/lib/use-geolocation.ts';
import { useHydrated } from '#src/shop/use-hydrated.ts';

interface Props {
  stores: Store[];
  pageSize: number;
  /** e.g. '/app/stores': each store's page is `${storePagesBase}/${id}/`. */
  storePagesBase: string;
}

/** From this width the map is beside the list and shown at once (stores.css has the same width). */
export const LOCATOR_DESKTOP = '(min-width: 64rem)';

function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    setMatches(list.matches);
    const update = () => setMatches(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

export default function StoreLocator({ stores, pageSize, storePagesBase }: Props) {
  const hydrated = useHydrated();
  const desktop = useMedia(LOCATOR_DESKTOP);
  const search = useStoreSearch(stores, pageSize);
  const geo = useGeolocation(search.setPosition);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [mapAsked, setMapAsked] = useState(false);
  const mapShown = desktop || mapAsked;
  const pageHref = (id: number) => `${storePagesBase}/${id}/`;

  // Before hydration (and without JavaScript) every store is listed.
  const shown = hydrated ? search.result.data : stores;
  const selected = shown.find((s) => s.id === selectedId) ?? null;
  const total = hydrated ? search.result.totalElements : stores.length;
  const select = (id: number) => setSelectedId((current) => (current === id && !desktop ? null : id));
  // A marker always opens its store; on a phone the list is below the map, so bring the store into view.
  const selectFromMap = (id: number) => {
    setSelectedId(id);
    if (!desktop)
      requestAnimationFrame(() =>
        document
          .querySelector(`.store-item[data-store-id="${id}"]`)
          ?.scrollIntoView({ block: 'start', behavior: 'smooth' }),
      );
  };

  return (
    <div className={`store-locator${hydrated ? ' store-locator--live' : ''}`}>
      <div className="store-locator__tools">
        <form
          className="search-form store-search"
          role="search"
          aria-label="Cerca punti vendita"
          action={storePagesBase}
          onSubmit={(e) => {
            e.preventDefault();
            search.searchNow();
          }}
        >
          <label htmlFor="store-search-q" className="visually-hidden">
            Cerca per nome, città o indirizzo
          </label>
          <input
            id="store-search-q"
            type="search"
            name="q"
            placeholder="Città, nome o indirizzo"
            autoComplete="off"
            value={search.text}
            onChange={(e) => search.setText(e.target.value)}
          />
          <button type="submit" aria-label="Cerca">
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            >
              <circle cx="11" cy="11" r="7" />
              <path d="M20 20l-4-4" />
            </svg>
          </button>
        </form>
        <div className="store-geo">
          {search.position ? (
            <button type="button" className="button button-secondary" onClick={() => search.setPosition(null)}>
              Ordina per nome
            </button>
          ) : (
            <button
              type="button"
              className="button button-secondary"
              onClick={geo.ask}
              disabled={geo.status === 'asking'}
            >
              <LineIcon size={20}>
                <circle cx="12" cy="12" r="4" />
                <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
              </LineIcon>
              {geo.status === 'asking' ? 'Ricerca della posizione…' : 'Usa la mia posizione'}
            </button>
          )}
        </div>
      </div>
      <p className="store-locator__status" role="status">
        {!hydrated
          ? `${total} punti vendita`
          : search.loading
            ? 'Ricerca in corso…'
            : `${total === 1 ? '1 punto vendita' : `${total} punti vendita`}${search.query ? ` per «${search.query}»` : ''}${search.position ? ', dal più vicino' : ''}`}
        {geo.note && <span className="store-locator__note"> {geo.note}</span>}
      </p>
      {search.error && (
        <p className="form-error" role="alert">
          {search.error}
        </p>
      )}

      <div className="store-locator__layout">
        <div className={`store-locator__map${mapAsked ? ' store-locator__map--asked' : ''}`}>
          {/* Phones only (stores.css hides it from desktop width, where the map is always shown). */}
          <button
            type="button"
            className="button button-secondary store-locator__map-toggle"
            aria-expanded={mapAsked}
            aria-controls="store-locator-map"
            onClick={() => setMapAsked((asked) => !asked)}
          >
            <LineIcon size={20}>
              <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14" />
            </LineIcon>
            {mapAsked ? 'Nascondi la mappa' : 'Mostra la mappa'}
          </button>
          <div id="store-locator-map" className="store-locator__map-box">
            {/* Until the map loads, an empty box of its size keeps the list from jumping. */}
            {hydrated && mapShown ? (
              <StoreMap
                stores={shown}
                selectedId={selectedId}
                onSelect={selectFromMap}
                label="Mappa dei punti vendita"
              />
            ) : (
              <div className="store-map" aria-hidden="true" />
            )}
          </div>
        </div>
        <div className="store-locator__list">
          {shown.length === 0 ? (
            <p className="store-empty">
              Nessun punto vendita trovato. Prova con il nome di una città, ad esempio Bari.
            </p>
          ) : (
            <ol className="store-list" data-testid="store-list">
              {shown.map((store) => {
                const open = store.id === selectedId;
                const distance = formatDistance(store.distance);
                return (
                  <li
                    key={store.id}
                    className={`store-item${open ? ' store-item--selected' : ''}`}
                    data-store-id={store.id}
                  >
                    <h2 className="store-item__name">
                      {hydrated ? (
                        <button
                          type="button"
                          aria-expanded={open}
                          aria-controls={desktop ? 'store-detail-panel' : `store-item-detail-${store.id}`}
                          onClick={() => select(store.id)}
                        >
                          <span>{store.name}</span>
                          <LineIcon className="store-item__chevron" strokeWidth={2.5} size={20}>
                            <path d="M6 9l6 6 6-6" />
                          </LineIcon>
                        </button>
                      ) : (
                        <a href={pageHref(store.id)}>{store.name}</a>
                      )}
                    </h2>
                    <p className="store-item__address">
                      {store.address.address}, {store.address.town} ({store.address.county})
                      {distance && <span className="store-item__distance"> · {distance}</span>}
                    </p>
                    <a className="store-item__link" href={pageHref(store.id)}>
                      Pagina del punto vendita<span className="visually-hidden"> {store.name}</span>
                    </a>
                    {!desktop && hydrated && (
                      <div id={`store-item-detail-${store.id}`} className="store-item__detail" hidden={!open}>
                        {open && <StoreDetail store={store} level={3} withAddress={false} />}
                      </div>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
          {hydrated && (
            <PageNumbers
              current={search.result.number}
              total={search.result.totalPages}
              onPage={search.setPage}
              label="Pagine dei punti vendita"
            />
          )}
        </div>
        {hydrated && desktop && (
          <section id="store-detail-panel" className="store-locator__panel" aria-label="Dettagli del punto vendita">
            {selected ? (
              <StoreDetail store={selected} level={3} withTitle pageHref={pageHref(selected.id)} />
            ) : (
              <p className="store-panel__hint">
                Scegli un punto vendita dall'elenco o dalla mappa per vederne orari, servizi e contatti.
              </p>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
