// The header search box and its results overlay (docs/product.md §2, §5): nothing under
// 3 characters; from 3, instant suggestions from the static index, then
// 1 second after the last key the API's results with the prices of the
// shopper's store, folded into the rows already shown so none moves under the
// shopper's finger. Each row names the brand: the catalogue has products of
// the same name at different prices. Enter (or the button) opens the search
// page; without JavaScript the form does the same.
import { DEFAULT_STORE_ID } from '#src/shared/contract/constants.ts';
import { routes } from '#src/shared/routes.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $overlay, openOverlay } from '#src/shop/session.store.ts';
import { $shopperStoreId } from '#src/shop/cart.store.ts';
import { fetchProducts } from './catalogue.store.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { suggest, warmUpIndex, type Suggestion } from './pagefind.ts';
import { mergeSuggestions, OVERLAY_RESULTS, searchHref } from './search-rules.ts';
import { SEARCH_DEBOUNCE_MS, searchText } from '#src/shared/search-rules.ts';

type Found = { text: string; from: 'index' | 'api'; rows: Suggestion[] };

export default function HeaderSearch({ action }: { action: string }) {
  const storeId = useStore($shopperStoreId);
  const overlay = useStore($overlay);
  const [input, setInput] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const text = searchText(input);

  const field = useRef<HTMLInputElement>(null);
  // On the search page the box shows what is being searched. Letters typed
  // while the island hydrated may be in the box without React having seen
  // them: the shopper is in the box, so they are searched at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    const typed = field.current?.value ?? '';
    if (typed !== '' && document.activeElement === field.current) change(typed);
    else if (window.location.pathname.replace(/\/$/, '') === routes.search)
      setInput(new URLSearchParams(window.location.search).get('q') ?? '');
  }, []);

  // Instant suggestions from the index, at every key.
  useEffect(() => {
    if (!text) return setFound(null);
    let live = true;
    void suggest(text, OVERLAY_RESULTS).then((rows) => {
      if (live && rows) setFound((f) => (f?.from === 'api' && f.text === text ? f : { text, from: 'index', rows }));
    });
    return () => {
      live = false;
    };
  }, [text]);

  // The API, 1 s after the last key (docs/product.md §5).
  useEffect(() => {
    if (!text) return;
    let live = true;
    const timer = setTimeout(() => {
      fetchProducts(storeId, { q: text, p: 0, s: OVERLAY_RESULTS })
        .then((page) => {
          if (!live) return;
          const rows = page.data.map((p) => ({
            barcode: p.barcode,
            description: p.description,
            brand: p.brand,
            href: routes.product(p.barcode),
            imageUrl: p.imageUrl,
            netPrice: p.netPrice,
            unitPrice: p.attrib3,
            um: p.um,
          }));
          // The index's prices are the default store's (pagefind.ts).
          setFound((f) => ({
            text,
            from: 'api',
            rows:
              f?.text === text ? mergeSuggestions(f.rows, rows, OVERLAY_RESULTS, storeId === DEFAULT_STORE_ID) : rows,
          }));
        })
        .catch(() => undefined);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, storeId]);

  // Another overlay took the screen: the results close. Only a change away
  // from 'search' counts, not the first render: letters typed while the
  // island hydrated open the results before this effect first runs.
  const lastOverlay = useRef(overlay);
  useEffect(() => {
    if (lastOverlay.current === 'search' && overlay !== 'search') setOpen(false);
    lastOverlay.current = overlay;
  }, [overlay]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: bound while the list is open; close() is a new function at every render
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (box.current && e.target instanceof Node && !box.current.contains(e.target)) close();
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  function change(value: string) {
    setInput(value);
    if (searchText(value)) {
      setOpen(true);
      if ($overlay.get() !== 'search') openOverlay('search');
    } else setOpen(false);
  }
  function close() {
    setOpen(false);
    if ($overlay.get() === 'search') $overlay.set(null);
  }

  const current = found && found.text === text ? found : null;
  const showPrices = current?.from === 'api' || storeId === DEFAULT_STORE_ID;
  const visible = open && text !== null;
  const nothingFound = current?.from === 'api' && current.rows.length === 0;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape pressed in the field or on a suggestion bubbles here and closes the list
    <div
      className="header-search-box"
      ref={box}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !visible) return;
        e.preventDefault();
        close();
      }}
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget as Node | null)) close();
      }}
    >
      <form className="search-form" action={action} method="get" role="search">
        <label htmlFor="header-search-q" className="visually-hidden">
          Cerca prodotti
        </label>
        <input
          id="header-search-q"
          ref={field}
          type="search"
          name="q"
          minLength={3}
          required
          placeholder="Cerca prodotti"
          autoComplete="off"
          value={input}
          aria-describedby="header-search-status"
          onFocus={() => {
            warmUpIndex();
            if (text) change(input);
          }}
          onChange={(e) => change(e.target.value)}
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
      <p id="header-search-status" className="visually-hidden" role="status">
        {visible
          ? current
            ? current.rows.length === 0
              ? 'Nessun prodotto trovato'
              : `${current.rows.length} prodotti suggeriti`
            : 'Ricerca in corso…'
          : ''}
      </p>
      {visible && (
        <div className="search-overlay" role="region" aria-label="Risultati della ricerca">
          {/* The notes repeat the status line above, which screen readers already announce. */}
          {(!current || (current.rows.length === 0 && current.from === 'index')) && (
            <p className="search-overlay__note" aria-hidden="true">
              Ricerca in corso…
            </p>
          )}
          {nothingFound && (
            <p className="search-overlay__note" aria-hidden="true">
              Nessun prodotto trovato
            </p>
          )}
          {current && current.rows.length > 0 && (
            <ul className="search-overlay__list">
              {current.rows.map((row) => (
                <li key={row.href}>
                  <a href={row.href} className="search-row">
                    <img
                      src={row.imageUrl ?? routes.file('no-image.svg')}
                      alt=""
                      width="48"
                      height="48"
                      loading="lazy"
                    />
                    <span className="search-row__name">
                      {row.description}
                      {row.brand && <span className="search-row__brand"> {row.brand}</span>}
                    </span>
                    {showPrices && row.netPrice !== null && (
                      <span className="search-row__price">
                        {formatEuro(row.netPrice)}
                        {row.um === 'KG' ? '/kg' : ''}
                        {row.unitPrice && <span className="search-row__unit">{row.unitPrice}</span>}
                      </span>
                    )}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {!nothingFound && (
            <a className="search-overlay__all" href={searchHref({ q: text })}>
              Vedi tutti i risultati per «{text}»
            </a>
          )}
        </div>
      )}
    </div>
  );
}
