// A cart row's choice of substitute (decision 014), on the cart and at checkout: a
// disclosure button saying the current choice ('Se non disponibile: …'); open, the
// three choices, and for 'Scegli un sostituto…' a catalogue search of the cart's
// store (3 characters, 1 s after the last key, as the shop's search) naming one,
// each result with its image, brand, price and the difference from the row's.
// After a choice the panel closes and the focus goes back to the button.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { CartItem, ReplacementMode } from '#src/shared/contract/cart.ts';
import type { ListedProduct } from '#src/shared/contract/catalogue.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { routes } from '#src/shared/routes.ts';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, searchText } from '#src/shared/search-rules.ts';
import { soldAlike } from '#src/shared/substitution-rules.ts';
import { $cart, $shopperStoreId, setReplacement } from './cart.store.ts';
import { $replacementConsent, consentOf } from './replacement-consent.store.ts';
import { searchProducts } from './product.api.ts';
import { choiceText, priceDifference, REPLACEMENT_LABELS } from './replacement.ts';

const RESULTS = 6;

type Row = Pick<CartItem, 'id' | 'barcode' | 'description' | 'um' | 'netPrice' | 'replacement'>;

/**
 * `consent`: the order's yes/no as the checkout form has it; by default, as the checkout last
 * answered it for the current cart. The closed control is also drawn by the cart's first view.
 */
export function ReplacementChoice({ item, consent: given }: { item: Row; consent?: boolean | null }) {
  const kept = useStore($replacementConsent);
  const cart = useStore($cart);
  const consent = given === undefined ? consentOf(kept, cart?.id) : given;
  const id = useId();
  const [open, setOpen] = useState(false);
  const [searching, setSearching] = useState(false);
  const [busy, setBusy] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // Pressed only when the row has a choice of its own: the order's default is not the row's choice.
  const current: ReplacementMode | null = item.replacement?.mode ?? null;

  function close() {
    setOpen(false);
    setSearching(false);
    toggle.current?.focus();
  }

  async function choose(mode: ReplacementMode, barcode?: string) {
    setBusy(true);
    const done = await setReplacement(item, mode, barcode);
    setBusy(false);
    if (done) close();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    close();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the open panel closes it, as a disclosure's
    <div className="replacement" onKeyDown={open ? onKeyDown : undefined}>
      <button
        ref={toggle}
        type="button"
        className="replacement__toggle"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <span className="replacement__label">Se non disponibile:</span>{' '}
        <span className="replacement__value">{choiceText(item.replacement, consent)}</span>
      </button>
      {open && (
        <div id={`${id}-panel`} className="replacement__panel">
          <div className="replacement__options" role="group" aria-label={`Se ${item.description} non è disponibile`}>
            {(['SIMILAR', 'NONE'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                className="replacement__option"
                aria-pressed={current === mode && !searching}
                disabled={busy}
                onClick={() => void choose(mode)}
              >
                {REPLACEMENT_LABELS[mode]}
              </button>
            ))}
            <button
              type="button"
              className="replacement__option"
              aria-expanded={searching}
              disabled={busy}
              onClick={() => setSearching(true)}
            >
              {REPLACEMENT_LABELS.PRODUCT}
            </button>
          </div>
          {searching && (
            <SubstituteSearch item={item} busy={busy} onChoose={(p) => void choose('PRODUCT', p.barcode)} />
          )}
        </div>
      )}
    </div>
  );
}

function SubstituteSearch({
  item,
  busy,
  onChoose,
}: {
  item: Row;
  busy: boolean;
  onChoose: (product: ListedProduct) => void;
}) {
  const id = useId();
  const storeId = useStore($shopperStoreId);
  const [text, setText] = useState('');
  const [results, setResults] = useState<ListedProduct[] | null>(null);
  const [loading, setLoading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const query = searchText(text);

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    setResults(null);
    if (!query) return;
    let live = true;
    const timer = setTimeout(async () => {
      setLoading(true);
      const found = await searchProducts(storeId, query, RESULTS * 3).catch(() => null);
      if (!live) return;
      // The row's own product cannot stand in for itself; a product out of stock, or sold otherwise
      // (by weight for a row of pieces, or the reverse), cannot either.
      setResults(
        (found ?? [])
          .filter((p) => p.barcode !== item.barcode && p.available && soldAlike(p.um, item.um))
          .slice(0, RESULTS),
      );
      setLoading(false);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, storeId, item.barcode, item.um]);

  return (
    <div className="replacement__search">
      <label htmlFor={`${id}-q`}>Cerca il prodotto sostitutivo</label>
      <input
        ref={input}
        id={`${id}-q`}
        type="search"
        value={text}
        autoComplete="off"
        aria-describedby={`${id}-hint`}
        onChange={(e) => setText(e.target.value)}
        // Inside the checkout's form, Enter would send the form: here it only searches.
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
      />
      <p id={`${id}-hint`} className="replacement__hint" role="status" aria-live="polite">
        {!query
          ? `Almeno ${SEARCH_MIN_CHARS} caratteri.`
          : loading
            ? 'Ricerca in corso…'
            : results?.length === 0
              ? 'Nessun prodotto trovato'
              : results
                ? `${results.length} ${results.length === 1 ? 'prodotto trovato' : 'prodotti trovati'}`
                : ''}
      </p>
      {results && results.length > 0 && (
        <ul className="replacement__results">
          {results.map((p) => (
            <li key={p.barcode}>
              <button type="button" className="replacement__result" disabled={busy} onClick={() => onChoose(p)}>
                <img
                  className="replacement__image"
                  src={p.imageUrl ?? routes.file('no-image.svg')}
                  alt=""
                  width="40"
                  height="40"
                  loading="lazy"
                />
                <span className="replacement__name">
                  <span className="visually-hidden">Scegli </span>
                  {p.description}
                  {p.brand && <small className="replacement__brand"> {p.brand}</small>}
                </span>
                <span className="replacement__price">
                  {formatEuro(p.netPrice)}
                  {p.um === 'KG' ? ' al kg' : ''}
                  <small className="replacement__difference">
                    {' '}
                    ({priceDifference(p.netPrice, item.netPrice)}
                    <span className="visually-hidden"> rispetto a {item.description}</span>)
                  </small>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
