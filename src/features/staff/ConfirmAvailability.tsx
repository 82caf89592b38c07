// The store's confirmation of a pre-order (docs/product.md §1 terms, decision 014): each
// row available, not available, or substituted — by the product the shopper named, or
// by a similar one the operator finds in the store's catalogue by name or barcode; never
// for a row the shopper wants no substitute for. The order then waits for the shopper.
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { api } from '#src/lib/api-client.ts';
import type { CartItem } from '#src/shared/contract/cart.ts';
import type { Product } from '#src/shared/contract/catalogue.ts';
import type { Order } from '#src/shared/contract/checkout.ts';
import { catalogueCalls } from '#src/shared/contract/calls.generated.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { formatQuantity } from '#src/shared/quantity-rules.ts';
import {
  type ConfirmedRow,
  confirmedRows,
  orderedQuantity,
  replacementText,
  type RowChoice,
  type RowOutcome,
  substitutable,
} from './staff-rules.ts';

const SEARCH_RESULTS = 6;
const unit = (um: 'PZ' | 'KG') => (um === 'KG' ? 'kg' : 'pz');
type Found = Pick<Product, 'barcode' | 'description' | 'netPrice' | 'um'>;

/** Products of the order's store by name, sold the same way as the row (the server refuses a kg product for pieces). */
function SubstituteSearch({
  storeId,
  item,
  onChoose,
}: {
  storeId: number;
  item: CartItem;
  onChoose: (product: Found) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<Found[] | null>(null);
  const [searching, setSearching] = useState(false);

  async function search() {
    const q = text.trim();
    if (q.length < 2) return;
    setSearching(true);
    const page = await api
      .data(catalogueCalls.products, { params: { storeId }, query: { q, p: 0, s: 24 } })
      .catch(() => null);
    setSearching(false);
    setFound(
      (page?.data ?? [])
        .filter((p) => p.available && p.um === item.um && p.barcode !== item.barcode)
        .slice(0, SEARCH_RESULTS),
    );
  }
  // Enter searches here instead of sending the whole confirmation.
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void search();
  };

  return (
    <div className="staff-search">
      <label htmlFor={`${id}-q`}>Cerca il sostituto per nome</label>
      <div className="staff-search__row">
        <input
          id={`${id}-q`}
          type="search"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
        />
        <button type="button" className="button" disabled={searching} onClick={() => void search()}>
          Cerca<span className="visually-hidden"> un sostituto di {item.description}</span>
        </button>
      </div>
      <p className="staff-search__status" role="status">
        {searching
          ? 'Ricerca in corso…'
          : found === null
            ? ''
            : found.length === 0
              ? `Nessun prodotto trovato per «${text.trim()}».`
              : found.length === 1
                ? '1 prodotto trovato'
                : `${found.length} prodotti trovati`}
      </p>
      {found && found.length > 0 && (
        <ul className="staff-search__results" aria-label={`Sostituti trovati per ${item.description}`}>
          {found.map((p) => (
            <li key={p.barcode}>
              <span className="staff-search__name">{p.description}</span>
              <span className="staff-search__price">
                {formatEuro(p.netPrice)}/{unit(p.um)}
              </span>
              <button
                type="button"
                className="button"
                onClick={() => {
                  onChoose(p);
                  setFound(null);
                }}
              >
                Scegli<span className="visually-hidden"> {p.description}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const OUTCOMES: { value: RowOutcome; label: string }[] = [
  { value: 'AVAILABLE', label: 'Disponibile' },
  { value: 'UNAVAILABLE', label: 'Non disponibile' },
  { value: 'SUBSTITUTED', label: 'Sostituito' },
];

function ConfirmRow({
  storeId,
  item,
  choice,
  chosen,
  onChange,
  onChoose,
}: {
  storeId: number;
  item: CartItem;
  choice: RowChoice;
  chosen: Found | undefined;
  onChange: (choice: RowChoice) => void;
  onChoose: (product: Found) => void;
}) {
  const id = `confirm-${item.id}`;
  const named = item.replacement?.mode === 'PRODUCT';
  const outcomes = OUTCOMES.filter((o) => o.value !== 'SUBSTITUTED' || substitutable(item.replacement));
  return (
    <fieldset className={`staff-confirm-row staff-confirm-row--${choice.outcome.toLowerCase()}`}>
      <legend>{item.description}</legend>
      <p className="staff-confirm-row__ordered">
        Ordinato {formatQuantity(item.um, orderedQuantity(item))} · {formatEuro(item.netPrice)}/{unit(item.um)} ·{' '}
        {formatEuro(item.rowNetPrice)}
      </p>
      <p className="staff-confirm-row__wish" id={`${id}-wish`}>
        {replacementText(item.replacement)}
      </p>
      <div className="staff-confirm-row__outcomes">
        {outcomes.map((o) => (
          <label key={o.value} className="choice">
            <input
              type="radio"
              name={id}
              value={o.value}
              checked={choice.outcome === o.value}
              aria-describedby={o.value === 'SUBSTITUTED' ? `${id}-wish` : undefined}
              onChange={() => onChange({ ...choice, outcome: o.value })}
            />
            {o.label}
          </label>
        ))}
      </div>
      {choice.outcome === 'SUBSTITUTED' && named && (
        <p className="staff-confirm-row__substitute">
          Sostituito con {item.replacement?.description}
          {item.replacement?.price != null && ` (${formatEuro(item.replacement.price)})`}
        </p>
      )}
      {choice.outcome === 'SUBSTITUTED' && !named && (
        <div className="staff-confirm-row__similar">
          <label htmlFor={`${id}-barcode`}>Codice a barre del sostituto</label>
          <input
            id={`${id}-barcode`}
            className="staff-barcode"
            inputMode="numeric"
            autoComplete="off"
            aria-describedby={`${id}-chosen`}
            value={choice.barcode}
            onChange={(e) => onChange({ ...choice, barcode: e.target.value })}
          />
          <p id={`${id}-chosen`} className="staff-confirm-row__substitute" aria-live="polite">
            {chosen && chosen.barcode === choice.barcode.trim()
              ? `Sostituto: ${chosen.description} (${formatEuro(chosen.netPrice)}/${unit(chosen.um)})`
              : ''}
          </p>
          <SubstituteSearch storeId={storeId} item={item} onChoose={onChoose} />
        </div>
      )}
    </fieldset>
  );
}

/** The confirmation panel of an order waiting for the store: every row starts available. */
export function ConfirmAvailability({
  order,
  busy,
  onConfirm,
  onProblem,
}: {
  order: Order;
  busy: boolean;
  onConfirm: (rows: ConfirmedRow[]) => void;
  /** A message to show, or null to clear the last one once the operator changes a choice. */
  onProblem: (message: string | null) => void;
}) {
  const items = order.cart.items;
  const [choices, setChoices] = useState<Record<number, RowChoice>>({});
  const [chosen, setChosen] = useState<Record<number, Found>>({});
  const titleId = `confirm-title-${order.id}`;
  const choiceOf = (item: CartItem): RowChoice => choices[item.id] ?? { outcome: 'AVAILABLE', barcode: '' };

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = confirmedRows(items, choices);
    if ('problem' in result) onProblem(result.problem);
    else onConfirm(result.rows);
  }

  return (
    <form className="staff-confirm" aria-labelledby={titleId} onSubmit={submit} noValidate>
      <h5 id={titleId} className="staff-confirm__title">
        Conferma disponibilità<span className="visually-hidden"> dell'ordine {order.number}</span>
      </h5>
      <p className="staff-confirm__hint">
        Se tutto è disponibile, conferma con un clic: l'ordine va in preparazione da solo (con la carta, se la banca
        accetta il pagamento senza il cliente). Altrimenti indica per ogni prodotto se è disponibile: entro le scelte
        del cliente l'ordine va avanti da solo, oltre aspetta il cliente.
      </p>
      <p>
        <button
          type="button"
          className="button button-primary staff-confirm__all"
          // With a row already marked unavailable or substituted, the rows' own answers are confirmed below.
          disabled={busy || Object.values(choices).some((c) => c.outcome !== 'AVAILABLE')}
          onClick={() => onConfirm([])}
        >
          Tutto disponibile<span className="visually-hidden"> nell'ordine {order.number}</span>
        </button>
      </p>
      {items.map((item) => (
        <ConfirmRow
          key={item.id}
          storeId={order.cart.storeId}
          item={item}
          choice={choiceOf(item)}
          chosen={chosen[item.id]}
          onChange={(c) => {
            onProblem(null);
            setChoices((all) => ({ ...all, [item.id]: c }));
          }}
          onChoose={(p) => {
            onProblem(null);
            setChosen((all) => ({ ...all, [item.id]: p }));
            setChoices((all) => ({ ...all, [item.id]: { outcome: 'SUBSTITUTED', barcode: p.barcode } }));
          }}
        />
      ))}
      <button type="submit" className="button button-primary staff-confirm__send" disabled={busy}>
        Conferma disponibilità
      </button>
    </form>
  );
}
