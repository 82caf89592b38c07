// /staff: the minimal staff screen of the store's side (docs/architecture.md §4). An
// operator sees the open orders of the own store day by day and slot by slot,
// confirms a pre-order's availability row by row (ConfirmAvailability.tsx), sets
// the picked amount per row while preparing (0 = not available), and moves each
// order on with the buttons its status allows; the server's refusals are shown
// in Italian inside the order.
import { routes } from '#src/shared/routes.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ApiError, api, errorMessageOf, serverMessageOf } from '#src/lib/api-client.ts';
import { staffCalls } from '#src/shared/contract/calls.generated.ts';
import { formatDay, formatSlotTime } from '#src/lib/dates.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { useOrderEvents } from '#src/lib/order-events.ts';
import { $user, openOverlay } from '#src/shop/session.store.ts';
import { ModalDialog } from '#src/components/ModalDialog.tsx';
import { formatQuantity } from '#src/shared/quantity-rules.ts';
import { statusTone } from '#src/components/order-view.ts';
import { orderStatus, orderStatusLabels, type Order, type OrderStatus } from '#src/shared/contract/checkout.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { DELIVERY_MODE_LABELS } from '#src/shared/delivery-modes.ts';
import { canConfirm, canPick, nextStatuses } from '#src/shared/order-states.ts';
import { PAYMENT_MODE_LABELS } from '#src/shared/payment-rules.ts';
import { useHydrated } from '#src/shop/use-hydrated.ts';
import { ConfirmAvailability } from './ConfirmAvailability.tsx';
import {
  actionLabels,
  byDay,
  type ConfirmedRow,
  isStopping,
  orderedQuantity,
  parseAmount,
  pickedRowTotal,
  pickedTotals,
  slotSummary,
  staffStatusLabel,
  unsaved,
  waitingLabel,
} from './staff-rules.ts';

const loadStoreOrders = (status: OrderStatus | '') => api.data(staffCalls.orders, { query: status ? { status } : {} });
const moveOrder = (id: number, status: OrderStatus) =>
  api.data(staffCalls.setStatus, { params: { id }, body: { status } });
const savePicked = (id: number, rows: { id: number; operatorAmount: number }[]) =>
  api.data(staffCalls.setPicked, { params: { id }, body: { rows } });
const confirmOrder = (id: number, rows: ConfirmedRow[]) =>
  api.data(staffCalls.confirm, { params: { id }, body: { rows } });

/** The server's own Italian text of a refusal ('Il prodotto sostitutivo non è disponibile…'), else the code's. */
const message = (e: unknown) => (e instanceof ApiError ? serverMessageOf(e) : errorMessageOf(e));
const unit = (um: 'PZ' | 'KG') => (um === 'KG' ? 'kg' : 'pz');
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const typedOf = (order: Order) =>
  Object.fromEntries(
    order.cart.items.map((i) => [i.id, String(i.operatorAmount ?? orderedQuantity(i)).replace('.', ',')]),
  );

function StaffOrder({ order, onChange }: { order: Order; onChange: (o: Order) => void }) {
  const items = order.cart.items;
  const [typed, setTyped] = useState<Record<number, string>>(() => typedOf(order));
  const [problem, setProblem] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<OrderStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const picking = canPick(order.status);
  const confirming = canConfirm(order.status);
  const preview = picking ? pickedTotals(order, typed) : null;
  const prepared = order.operatorCart;
  const titleId = `staff-order-${order.id}`;

  /** The typed amounts, checked; null (and the message shown) when one is unreadable. */
  function pickedRows(): { id: number; operatorAmount: number }[] | null {
    const rows = items.map((i) => ({ id: i.id, operatorAmount: parseAmount(typed[i.id] ?? '') }));
    const bad = rows.findIndex((r) => r.operatorAmount === null);
    if (bad < 0) return rows as { id: number; operatorAmount: number }[];
    setProblem(
      `Quantità non valida per ${items[bad]!.description}: scrivi un numero, ad esempio 0,8 (0 se non disponibile).`,
    );
    return null;
  }
  async function run(work: () => Promise<Order>, done: string) {
    setBusy(true);
    setProblem(null);
    try {
      onChange(await work());
      showToast(done, 'success');
    } catch (e) {
      setProblem(message(e));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  }
  function save() {
    const rows = pickedRows();
    if (rows) void run(() => savePicked(order.id, rows), `Ordine ${order.number}: quantità preparate salvate`);
  }
  function move(status: OrderStatus) {
    // Handing over saves the amounts still on screen first, so nothing typed is lost.
    if (picking && status !== 'CANCELLED' && unsaved(order, typed)) {
      const rows = pickedRows();
      if (!rows) return setConfirm(null);
      return void run(async () => {
        onChange(await savePicked(order.id, rows));
        return moveOrder(order.id, status);
      }, `Ordine ${order.number}: ${orderStatusLabels[status]}`);
    }
    void run(() => moveOrder(order.id, status), `Ordine ${order.number}: ${orderStatusLabels[status]}`);
  }

  return (
    <article className="staff-order" aria-labelledby={titleId}>
      <header className="order-card__head">
        <h4 id={titleId}>Ordine {order.number}</h4>
        <span className={`order-status order-status--${statusTone(order.status)}`}>
          {staffStatusLabel(order.status, order.cart.paymentMode)}
        </span>
      </header>
      <dl className="order-card__facts">
        <div>
          <dt>Codice</dt>
          <dd>{order.code}</dd>
        </div>
        <div>
          <dt>Consegna</dt>
          <dd>{DELIVERY_MODE_LABELS[order.cart.deliveryMode] ?? order.cart.deliveryMode}</dd>
        </div>
        {order.cart.delivery.addressDescription && (
          <div>
            <dt>Indirizzo</dt>
            <dd>{order.cart.delivery.addressDescription}</dd>
          </div>
        )}
        {order.cart.paymentMode && (
          <div>
            <dt>Pagamento</dt>
            <dd>{order.cart.paymentMode ? PAYMENT_MODE_LABELS[order.cart.paymentMode] : undefined}</dd>
          </div>
        )}
        <div>
          <dt>Totale ordinato</dt>
          <dd>{formatEuro(order.cart.total)}</dd>
        </div>
        <div>
          <dt>{waitingLabel(order).label}</dt>
          <dd>{waitingLabel(order).text}</dd>
        </div>
        {preview && (
          <div>
            <dt>Totale preparato</dt>
            <dd>{formatEuro(preview.total)}</dd>
          </div>
        )}
        {!picking && prepared && (
          <div>
            <dt>Totale preparato</dt>
            <dd>{formatEuro(prepared.total)}</dd>
          </div>
        )}
        {prepared?.payed != null && (
          <div>
            <dt>Addebitato</dt>
            <dd>{formatEuro(prepared.payed)}</dd>
          </div>
        )}
      </dl>
      {confirming && (
        <ConfirmAvailability
          order={order}
          busy={busy}
          onProblem={setProblem}
          onConfirm={(rows) =>
            void run(() => confirmOrder(order.id, rows), `Ordine ${order.number}: disponibilità confermata`)
          }
        />
      )}
      {!confirming && (
        <ul className="staff-rows" aria-label={`Prodotti dell'ordine ${order.number}`}>
          {items.map((i) => {
            const amount = picking ? parseAmount(typed[i.id] ?? '') : i.operatorAmount;
            const rowTotal = picking
              ? amount === null
                ? null
                : pickedRowTotal(i, amount)
              : (i.operatorTotal ?? i.rowNetPrice);
            const inputId = `picked-${i.id}`;
            return (
              <li key={i.id} className={`staff-row${amount === 0 ? ' staff-row--missing' : ''}`}>
                <span className="staff-row__name">
                  {i.description}
                  {i.confirmation?.outcome === 'SUBSTITUTED' && i.confirmation.original && (
                    <span className="staff-row__instead">Al posto di {i.confirmation.original.description}</span>
                  )}
                </span>
                <span className="staff-row__ordered">
                  Ordinato {formatQuantity(i.um, orderedQuantity(i))} · {formatEuro(i.netPrice)}/{unit(i.um)}
                </span>
                {picking ? (
                  <span className="staff-row__pick">
                    <label htmlFor={inputId}>Preparato ({unit(i.um)})</label>
                    <input
                      id={inputId}
                      className="staff-amount"
                      inputMode="decimal"
                      autoComplete="off"
                      aria-describedby={`${inputId}-hint`}
                      aria-invalid={amount === null}
                      value={typed[i.id] ?? ''}
                      onChange={(e) => setTyped((t) => ({ ...t, [i.id]: e.target.value }))}
                    />
                    <span id={`${inputId}-hint`} className="visually-hidden">
                      {i.description}: 0 se non disponibile
                    </span>
                    <button
                      type="button"
                      className="button staff-row__none"
                      disabled={busy || amount === 0}
                      onClick={() => setTyped((t) => ({ ...t, [i.id]: '0' }))}
                    >
                      Non disponibile<span className="visually-hidden">: {i.description}</span>
                    </button>
                  </span>
                ) : i.operatorAmount !== null ? (
                  <span className="staff-row__picked">
                    {i.operatorAmount === 0 ? 'Non disponibile' : `Preparato ${formatQuantity(i.um, i.operatorAmount)}`}
                  </span>
                ) : null}
                <span className="staff-row__total">{rowTotal === null ? '—' : formatEuro(rowTotal)}</span>
              </li>
            );
          })}
        </ul>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="order-card__actions">
        {picking && (
          <button type="button" className="button" disabled={busy} onClick={save}>
            Salva quantità preparate
          </button>
        )}
        {nextStatuses(order.status, order.cart.deliveryMode).map((s) => (
          <button
            key={s}
            type="button"
            className={`button${isStopping(s) ? ' order-card__abort' : ' button-primary'}`}
            disabled={busy}
            onClick={() => (isStopping(s) ? setConfirm(s) : move(s))}
          >
            {actionLabels[s]}
          </button>
        ))}
      </div>
      <ModalDialog title="Confermi?" role="alertdialog" isOpen={confirm !== null} onClose={() => setConfirm(null)}>
        <p>
          L'ordine {order.number} passerà a «{confirm ? orderStatusLabels[confirm] : ''}». L'operazione non si può
          annullare.
        </p>
        <div className="cart-actions">
          <button type="button" className="button" onClick={() => setConfirm(null)}>
            No
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => confirm && move(confirm)}
          >
            Sì, {confirm ? actionLabels[confirm].toLowerCase() : ''}
          </button>
        </div>
      </ModalDialog>
    </article>
  );
}

function StoreOrders() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => {
    setError(null);
    loadStoreOrders(status)
      .then(setOrders)
      .catch((e: unknown) => setError(message(e)));
  };
  useEffect(load, [status]);
  // A new order, or a change of one by the shopper or another till, shows by itself (lib/order-events.ts).
  useOrderEvents(staffCalls.orderEvents, load);
  const replace = (o: Order) => setOrders((list) => list?.map((x) => (x.id === o.id ? o : x)) ?? null);

  return (
    <>
      <div className="staff-toolbar">
        <label htmlFor="staff-status">Stato</label>
        <select id="staff-status" value={status} onChange={(e) => setStatus(e.target.value as OrderStatus | '')}>
          <option value="">Tutti gli ordini aperti</option>
          {orderStatus.options.map((s) => (
            <option key={s} value={s}>
              {orderStatusLabels[s]}
            </option>
          ))}
        </select>
        <button type="button" className="button" onClick={load}>
          Aggiorna
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!orders && !error && <p role="status">Caricamento degli ordini…</p>}
      {orders && (
        <p className="orders-count" role="status">
          {orders.length === 0
            ? 'Nessun ordine da gestire.'
            : orders.length === 1
              ? '1 ordine'
              : `${orders.length} ordini`}
        </p>
      )}
      {orders &&
        byDay(orders).map(({ day, slots }) => (
          <section key={day ?? 'none'} className="staff-day" aria-labelledby={`day-${day ?? 'none'}`}>
            <h2 id={`day-${day ?? 'none'}`}>{day ? capitalised(formatDay(day)) : 'Senza fascia oraria'}</h2>
            {slots.map((g) => (
              <section key={g.key} className="staff-slot" aria-labelledby={`day-${day ?? 'none'} slot-${g.key}`}>
                <h3 id={`slot-${g.key}`}>
                  {g.validFrom && g.validTo
                    ? `Fascia ${formatSlotTime(g.validFrom, g.validTo)}`
                    : 'Fascia non indicata'}
                  <span className="staff-slot__count">
                    {' '}
                    · {g.orders.length === 1 ? '1 ordine' : `${g.orders.length} ordini`}
                  </span>
                </h3>
                <p className="staff-slot__summary">{slotSummary(g.orders)}</p>
                {g.orders.map((o) => (
                  // A new status starts the card afresh: the amounts typed come from the rows the store confirmed.
                  <StaffOrder key={`${o.id}:${o.status}`} order={o} onChange={replace} />
                ))}
              </section>
            ))}
          </section>
        ))}
    </>
  );
}

export default function StaffOrders() {
  const hydrated = useHydrated();
  const user = useStore($user);
  if (!hydrated) return <p role="status">Caricamento…</p>;
  if (!user) {
    return (
      <div className="checkout-notice">
        <p>Area riservata al personale dei punti vendita: accedi con le credenziali del negozio.</p>
        <button
          type="button"
          className="button button-primary"
          aria-haspopup="dialog"
          onClick={() => openOverlay('login')}
        >
          Accedi
        </button>
      </div>
    );
  }
  // Checked here so a shopper is not logged out by the server's 403; the server checks again.
  if (user.role !== 'OPERATOR') {
    return (
      <div className="checkout-notice" role="alert">
        <p>Questa pagina è riservata al personale dei punti vendita.</p>
        <p>
          <a href={routes.profileOrders}>Vai ai tuoi ordini</a>
        </p>
      </div>
    );
  }
  return <StoreOrders />;
}
