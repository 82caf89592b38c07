// The list search overlay (docs/product.md §2, §5): from 3 characters, 1 s after the
// last key, catalogue products to add to the list; or the text itself as a
// custom item (amount 1), its button disabled under 3 characters.
import { DEFAULT_STORE_ID } from '#src/shared/contract/constants.ts';
import { routes } from '#src/shared/routes.ts';
import { useEffect, useId, useState } from 'react';
import { api } from '#src/lib/api-client.ts';
import { catalogueCalls } from '#src/shared/contract/calls.generated.ts';
import type { ListedProduct } from '#src/shared/contract/catalogue.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { ModalDialog } from '#src/components/ModalDialog.tsx';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '#src/shared/search-rules.ts';
import { addCustom, addProduct } from './lists.store.ts';

interface ListSearchProps {
  listId: number;
  listTitle: string;
  storeId: number | null;
  isOpen: boolean;
  onClose: () => void;
}

export function ListSearch({ listId, listTitle, storeId, isOpen, onClose }: ListSearchProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [results, setResults] = useState<ListedProduct[] | null>(null);
  const [searching, setSearching] = useState(false);
  const query = text.trim();

  useEffect(() => {
    setResults(null);
    if (query.length < SEARCH_MIN_CHARS) return;
    let live = true;
    const timer = setTimeout(async () => {
      setSearching(true);
      const page = await api
        .data(catalogueCalls.products, {
          params: { storeId: storeId ?? DEFAULT_STORE_ID },
          query: { q: query, p: 0, s: 12 },
        })
        .catch(() => null);
      if (!live) return;
      setResults(page?.data ?? []);
      setSearching(false);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, storeId]);

  function close() {
    setText('');
    setResults(null);
    onClose();
  }

  return (
    <ModalDialog title={`Aggiungi a "${listTitle}"`} isOpen={isOpen} onClose={close} size="wide">
      <div className="list-search">
        <label htmlFor={`${id}-q`}>Cerca un prodotto o scrivi cosa ti serve</label>
        <div className="list-search__row">
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            aria-describedby={`${id}-hint`}
          />
          <button
            type="button"
            className="button"
            disabled={query.length < SEARCH_MIN_CHARS}
            onClick={async () => (await addCustom(listId, query)) && setText('')}
          >
            Aggiungi come prodotto personalizzato
          </button>
        </div>
        <p id={`${id}-hint`} className="list-search__hint">
          Almeno {SEARCH_MIN_CHARS} caratteri.
        </p>
        <div role="status" aria-live="polite" className="list-search__status">
          {searching
            ? 'Ricerca in corso…'
            : results && results.length === 0
              ? 'Nessun prodotto trovato'
              : results
                ? `${results.length} prodotti trovati`
                : ''}
        </div>
        {results && results.length > 0 && (
          <ul className="list-search__results">
            {results.map((p) => (
              <li key={p.barcode}>
                <img src={p.imageUrl ?? routes.file('no-image.svg')} alt="" width="48" height="48" loading="lazy" />
                <span className="list-search__name">
                  {p.description}
                  <small>
                    {formatEuro(p.netPrice)}
                    {p.um === 'KG' ? ' al kg' : ''}
                  </small>
                </span>
                <button type="button" className="button" onClick={() => void addProduct(listId, p)}>
                  Aggiungi<span className="visually-hidden"> {p.description}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </ModalDialog>
  );
}
