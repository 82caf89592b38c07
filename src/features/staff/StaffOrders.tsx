// /staff: the minimal staff screen of the store's side (DESIGN.md §4). An
// operator sees the open orders of the own store slot by slot, sets the
// picked amount per row while preparing, and moves each order on with the
// buttons its status allows; the server's refusal (4205) is shown as is.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { api, ApiError } from '#src/lib/api-client.ts';
import { formatSlot } from '#src/lib/dates.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { $user, openOverlay } from '#src/features/session/session.store.ts';
import { ModalDialog } from '#src/features/cart/ModalDialog.tsx';
import { order as orderSchema, orderStatus, orderStatusLabels, type Order, type OrderStatus } from '#src/shared/contract/checkout.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { actionLabels, bySlot, canPick, isStopping, nextStatuses, parseAmount, roleOf } from './staff-rules.ts';

const loadStoreOrders = (status: OrderStatus | '') => api.data('get', '/cli/ops/orders', z.array(orderSchema), status ? { searchParams: { status } } : {});
const moveOrder = (id: number, status: OrderStatus) => api.data('post', `/cli/ops/orders/${id}/status`, orderSchema, { json: { status } });
const savePicked = (id: number, rows: { id: number; operatorAmount: number }[]) => api.data('post', `/cli/ops/orders/${id}/picked`, orderSchema, { json: { rows } });

const message = (e: unknown) => (e instanceof ApiError ? e.message : 'Errore generico.');

function StaffOrder({ order, onChange }: { order: Order; onChange: (o: Order) => void }) {
  const items = order.cart.items;
  const [amounts, setAmounts] = useState<Record<number, string>>(() =>
    Object.fromEntries(items.map((i) => [i.id, String(i.operatorAmount ?? (i.um === 'KG' ? i.weight : i.amount) ?? 0).replace('.', ',')])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<OrderStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const picking = canPick(order);

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
  function pick() {
    const rows = items.map((i) => ({ id: i.id, operatorAmount: parseAmount(amounts[i.id] ?? '') }));
    const bad = rows.findIndex((r) => r.operatorAmount === null);
    if (bad >= 0) return setProblem(`Quantità non valida per ${items[bad]!.description}.`);
    void run(() => savePicked(order.id, rows as { id: number; operatorAmount: number }[]), `Quantità dell'ordine ${order.number} salvate`);
  }
  const move = (status: OrderStatus) => void run(() => moveOrder(order.id, status), `Ordine ${order.number}: ${orderStatusLabels[status]}`);

  return (
    <article className="staff-order" aria-labelledby={`staff-${order.id}`}>
      <header className="order-card__head">
        <h3 id={`staff-${order.id}`}>Ordine {order.number} · codice {order.code}</h3>
        <span className="order-status">{orderStatusLabels[order.status]}</span>
      </header>
      <p className="checkout-hint">{order.cart.delivery.addressDescription ?? order.cart.storeDescription} · Totale {formatEuro(order.cart.total)}</p>
      <table className="order-lines">
        <caption className="visually-hidden">Righe dell'ordine {order.number}</caption>
        <thead>
          <tr><th scope="col">Prodotto</th><th scope="col" className="order-lines__num">Ordinato</th><th scope="col" className="order-lines__num">Preparato</th></tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.id}>
              <td>{i.description}</td>
              <td className="order-lines__num">{(i.um === 'KG' ? i.weight : i.amount) ?? 0} {i.um === 'KG' ? 'kg' : 'pz'}</td>
              <td className="order-lines__num">
                {picking ? (
                  <input
                    className="staff-amount"
                    inputMode="decimal"
                    aria-label={`Quantità preparata di ${i.description} (${i.um === 'KG' ? 'kg' : 'pezzi'}), 0 se non disponibile`}
                    value={amounts[i.id] ?? ''}
                    onChange={(e) => setAmounts((a) => ({ ...a, [i.id]: e.target.value }))}
                  />
                ) : i.operatorAmount !== null ? (
                  `${i.operatorAmount} ${i.um === 'KG' ? 'kg' : 'pz'}`
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {problem && <p className="form-error" role="alert">{problem}</p>}
      <div className="order-card__actions">
        {picking && <button type="button" className="button" disabled={busy} onClick={pick}>Salva quantità preparate</button>}
        {nextStatuses(order.status, order.cart.deliveryMode).map((s) => (
          <button key={s} type="button" className={`button${isStopping(s) ? '' : ' button-primary'}`} disabled={busy} onClick={() => (isStopping(s) ? setConfirm(s) : move(s))}>
            {actionLabels[s]}
          </button>
        ))}
      </div>
      <ModalDialog title="Confermi?" role="alertdialog" isOpen={confirm !== null} onClose={() => setConfirm(null)}>
        <p>L'ordine {order.number} passerà a «{confirm ? orderStatusLabels[confirm] : ''}». L'operazione non si può annullare.</p>
        <div className="cart-actions">
          <button type="button" className="button" onClick={() => setConfirm(null)}>No</button>
          <button type="button" className="button button-primary" disabled={busy} onClick={() => confirm && move(confirm)}>Sì, {confirm ? actionLabels[confirm].toLowerCase() : ''}</button>
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
    loadStoreOrders(status).then(setOrders).catch((e: unknown) => setError(message(e)));
  };
  useEffect(load, [status]);
  const replace = (o: Order) => setOrders((list) => list?.map((x) => (x.id === o.id ? o : x)) ?? null);

  return (
    <>
      <div className="staff-toolbar">
        <label htmlFor="staff-status">Stato</label>
        <select id="staff-status" value={status} onChange={(e) => setStatus(e.target.value as OrderStatus | '')}>
          <option value="">Tutti gli ordini aperti</option>
          {orderStatus.options.map((s) => <option key={s} value={s}>{orderStatusLabels[s]}</option>)}
        </select>
        <button type="button" className="button" onClick={load}>Aggiorna</button>
      </div>
      {error && <p className="form-error" role="alert">{error}</p>}
      {!orders && !error && <p role="status">Caricamento degli ordini…</p>}
      {orders?.length === 0 && <p>Nessun ordine da gestire.</p>}
      {orders &&
        bySlot(orders).map((g) => (
          <section key={g.key} className="staff-slot" aria-labelledby={`slot-${g.key}`}>
            <h2 id={`slot-${g.key}`}>{g.validFrom && g.validTo ? formatSlot({ validFrom: g.validFrom, validTo: g.validTo }) : 'Senza fascia oraria'}</h2>
            {g.orders.map((o) => <StaffOrder key={o.id} order={o} onChange={replace} />)}
          </section>
        ))}
    </>
  );
}

export default function StaffOrders() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const user = useStore($user);
  if (!hydrated) return <p role="status">Caricamento…</p>;
  if (!user) {
    return (
      <div className="checkout-notice">
        <p>Area riservata al personale dei punti vendita: accedi con le credenziali del negozio.</p>
        <button type="button" className="button button-primary" aria-haspopup="dialog" onClick={() => openOverlay('login')}>Accedi</button>
      </div>
    );
  }
  // Checked here so a shopper is not logged out by the server's 403; the server checks again.
  if (roleOf(user.jwt) !== 'OPERATOR') return <p className="checkout-notice" role="alert">Questa pagina è riservata al personale dei punti vendita.</p>;
  return <StoreOrders />;
}
