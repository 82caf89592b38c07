// One order in the list: number, status, the hand-off (the pickup code with its QR
// and the amount to pay, OrderHandoff.tsx), date, slot, store and totals, the order's
// code as a small reference; the detail (rows by status, prepared totals, the one
// that is paid labelled so) and the actions the status allows;
// a card order shows its hold, charge and release, and pay-now runs the card
// payment (no card linked: the profile's card page, which then offers to pay).
import { OrderChoices } from './OrderChoices.tsx';
import { routes } from '#src/shared/routes.ts';
import { useState } from 'react';
import OrderLines from '#src/components/OrderLines.tsx';
import { errorMessageOf } from '#src/lib/api-client.ts';
import { formatDateTime, formatSlot } from '#src/lib/dates.ts';
import { flags } from '#src/lib/flags.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { cartQuantity, formatQuantity } from '#src/shared/quantity-rules.ts';
import { ChangedItems } from '#src/components/ChangedItems.tsx';
import { ModalDialog } from '#src/components/ModalDialog.tsx';
import type { Order } from '#src/shared/contract/checkout.ts';
import type { CartItem } from '#src/shared/contract/cart.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { useOrderPayment } from '#src/components/OrderPayment.tsx';
import { canAbort, canAccept, canModify, canPayNow, OPEN_STATUSES, statusLabel } from '#src/shared/order-states.ts';
import { PAYMENT_MODE_LABELS } from '#src/shared/payment-rules.ts';
import { cardPaymentFacts, preparedTotals, shownRows, statusTone } from '#src/components/order-view.ts';
import { isPickup } from '#src/shared/delivery-modes.ts';
import { chargeLabel, ORDERED_TOTAL_LABEL } from '#src/shared/order-charge.ts';
import { abortOrder, acceptOrder, copyOrder, fetchOrder, modifyOrder, reorder } from './orders.store.ts';
import { OrderHandoff, showsHandoff } from './OrderHandoff.tsx';

/** What the store's confirmation changed: rows it cannot supply, rows it replaced (decision 014). */
function changedRows(order: Order) {
  return order.cart.items.flatMap((i) => {
    const c = i.confirmation;
    if (c?.outcome === 'UNAVAILABLE') return [{ id: i.id, text: `${i.description}: non disponibile` }];
    if (c?.outcome === 'SUBSTITUTED')
      return [
        {
          id: i.id,
          text: `${c.original?.description ?? 'Prodotto'}: sostituito con ${i.description} (${formatEuro(i.netPrice)})`,
        },
      ];
    return [];
  });
}

/** The store confirmed it and waits for the shopper: what changed, and until when to pay or accept. */
function Confirmed({ order }: { order: Order }) {
  const changes = changedRows(order);
  return (
    <div className="order-card__confirmed" role="status">
      <p>
        <strong>Il punto vendita ha confermato la disponibilità</strong>
        {changes.length === 0 ? ': tutti i prodotti sono disponibili.' : ', con queste variazioni:'}
      </p>
      {changes.length > 0 && (
        <ul className="order-card__changes">
          {changes.map((c) => (
            <li key={c.id}>{c.text}</li>
          ))}
        </ul>
      )}
      {order.requestedTotal !== null && order.requestedTotal !== order.cart.totalToPay && (
        <p>
          Totale richiesto {formatEuro(order.requestedTotal)}, totale confermato{' '}
          <strong>{formatEuro(order.cart.totalToPay)}</strong>.
        </p>
      )}
      {order.expiresAt && (
        <p>
          {order.cart.paymentMode === 'XPAY' ? 'Paga' : 'Accetta'} entro il {formatDateTime(order.expiresAt)},
          altrimenti l'ordine scade e la fascia oraria viene liberata.
        </p>
      )}
    </div>
  );
}

function Detail({ order }: { order: Order }) {
  const rows = shownRows(order);
  const prepared = preparedTotals(order);
  const lines = rows.items.map((i) => ({
    id: i.id,
    description: i.description,
    quantity: formatQuantity(i.um, cartQuantity(i)),
    total: i.rowNetPrice,
    ...((rows.kind === 'prepared' && !i.available) || i.confirmation?.outcome === 'UNAVAILABLE'
      ? { note: 'Non disponibile' }
      : i.confirmation?.outcome === 'SUBSTITUTED'
        ? { note: `Sostituisce ${i.confirmation.original?.description ?? ''}` }
        : {}),
  }));
  const way = { paymentMode: order.cart.paymentMode, pickup: isPickup(order.cart.deliveryMode) };
  const amounts = prepared
    ? [
        { label: 'Totale prodotti preparati', value: prepared.netTotal },
        ...order.cart.fees.map((f) => ({ label: f.description, value: f.value })),
        { label: chargeLabel(order.status, way), value: prepared.total, strong: true },
      ]
    : [
        { label: 'Totale prodotti', value: order.cart.netTotal },
        ...order.cart.fees.map((f) => ({ label: f.description, value: f.value })),
        { label: ORDERED_TOTAL_LABEL, value: order.cart.total, strong: true },
      ];
  return (
    <div className="order-detail">
      <h3>{rows.kind === 'prepared' ? 'Prodotti preparati' : 'Prodotti ordinati'}</h3>
      <OrderLines caption={`Prodotti dell'ordine ${order.number}`} lines={lines} amounts={amounts} />
      {prepared && prepared.payed !== null && (
        <p>
          Importo addebitato: <strong>{formatEuro(prepared.payed)}</strong>
        </p>
      )}
    </div>
  );
}

export function OrderCard({ order, onChange }: { order: Order; onChange: (o: Order) => void }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [modifying, setModifying] = useState(false);
  const [changed, setChanged] = useState<{ updated: CartItem[]; removed: CartItem[]; next?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const payment = useOrderPayment();
  const slot = order.cart.delivery.timeSlot;
  const prepared = preparedTotals(order);
  const handoff = showsHandoff(order);
  const way = { paymentMode: order.cart.paymentMode, pickup: isPickup(order.cart.deliveryMode) };
  const detailId = `order-${order.id}-detail`;
  const fail = (e: unknown) => showToast(errorMessageOf(e), 'error');

  async function toggle() {
    if (!open) fetchOrder(order.id).then(onChange).catch(fail);
    setOpen(!open);
  }
  async function abort() {
    setBusy(true);
    try {
      onChange(await abortOrder(order.id));
      showToast(`Ordine ${order.number} annullato`, 'success');
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }
  async function accept() {
    setBusy(true);
    try {
      onChange(await acceptOrder(order.id));
      showToast(`Ordine ${order.number} accettato: il punto vendita lo prepara`, 'success');
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }
  async function modify() {
    setBusy(true);
    try {
      const result = await modifyOrder(order.id);
      if (result.kind === 'copied') return window.location.assign(routes.cart);
      setChanged({ updated: result.updated, removed: result.removed });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }
  async function again() {
    setBusy(true);
    try {
      const result = await reorder(order);
      if (result.kind === 'copied') return window.location.assign(routes.checkout);
      setChanged({ updated: result.updated, removed: result.removed, next: routes.checkout });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }
  async function copy() {
    setBusy(true);
    try {
      const result = await copyOrder(order.id);
      if (result.kind === 'copied') return window.location.assign(routes.cart);
      setChanged({ updated: result.updated, removed: result.removed });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="order-card" aria-labelledby={`order-${order.id}-title`}>
      <header className="order-card__head">
        <h2 id={`order-${order.id}-title`}>Ordine {order.number}</h2>
        <span className={`order-status order-status--${statusTone(order.status)}`}>
          {statusLabel(order.status, order.cart.paymentMode)}
        </span>
      </header>
      {handoff && <OrderHandoff order={order} />}
      <dl className="order-card__facts">
        <div>
          <dt>Data ordine</dt>
          <dd>{formatDateTime(order.createdAt)}</dd>
        </div>
        {slot && (
          <div>
            <dt>Giorno e fascia</dt>
            <dd>{formatSlot(slot)}</dd>
          </div>
        )}
        <div>
          <dt>{order.cart.delivery.addressDescription ? 'Indirizzo' : 'Punto vendita'}</dt>
          <dd>{order.cart.delivery.addressDescription ?? order.cart.storeDescription}</dd>
        </div>
        {order.cart.paymentMode && (
          <div>
            <dt>Pagamento</dt>
            <dd>{order.cart.paymentMode ? PAYMENT_MODE_LABELS[order.cart.paymentMode] : undefined}</dd>
          </div>
        )}
        <div>
          <dt>{ORDERED_TOTAL_LABEL}</dt>
          <dd>{formatEuro(order.cart.total)}</dd>
        </div>
        {prepared && !handoff && !(order.cardPayment && order.cardPayment.captured !== null) && (
          <div>
            <dt>{chargeLabel(order.status, way)}</dt>
            <dd>{formatEuro(prepared.payed ?? prepared.total)}</dd>
          </div>
        )}
        {order.cardPayment &&
          cardPaymentFacts(order.cardPayment).map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>{formatEuro(f.value)}</dd>
            </div>
          ))}
        <div className="order-card__reference">
          <dt>Riferimento ordine</dt>
          <dd>{order.code}</dd>
        </div>
      </dl>
      {order.status === 'TO_BE_PREPARED' && (
        <>
          <p className="order-card__waiting">
            Il punto vendita sta verificando la disponibilità dei prodotti. Se conferma l'ordine come l'hai chiesto (o
            con le variazioni che hai accettato) lo prepara subito: non devi fare nulla. Altrimenti ti avvisiamo per
            email.
          </p>
          <OrderChoices order={order} onChange={onChange} />
        </>
      )}
      {order.withinChoices && order.status !== 'PAYMENT_PENDING' && OPEN_STATUSES.includes(order.status) && (
        <p className="order-card__through">Confermato dal punto vendita entro le tue scelte: non devi fare nulla.</p>
      )}
      {order.status === 'PAYMENT_PENDING' && <Confirmed order={order} />}
      {canAccept(order.status, order.cart.paymentMode) && (
        <p className="order-card__pay">
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void accept()}>
            Accetta ordine
          </button>
        </p>
      )}
      {canPayNow(order.status, order.cart.paymentMode) && (
        <p className="order-card__pay">
          {flags.ENABLED_PAYMENTS ? (
            <button
              type="button"
              className="button button-primary"
              disabled={payment.busy}
              onClick={() => void payment.pay(order.code)}
            >
              Paga ora
            </button>
          ) : (
            <>
              <button
                type="button"
                className="button button-primary"
                disabled
                aria-describedby={`order-${order.id}-pay-off`}
              >
                Paga ora
              </button>
              <span id={`order-${order.id}-pay-off`} className="checkout-hint">
                Il pagamento online non è attivo al momento: puoi annullare l'ordine e prenotarlo pagando al ritiro.
              </span>
            </>
          )}
        </p>
      )}
      <div className="order-card__actions">
        <button
          type="button"
          className="button"
          aria-expanded={open}
          aria-controls={detailId}
          onClick={() => void toggle()}
        >
          {open ? 'Nascondi dettagli' : 'Dettagli'}
        </button>
        {canModify(order.status) ? (
          <button type="button" className="button" disabled={busy} onClick={() => setModifying(true)}>
            Modifica ordine
          </button>
        ) : !OPEN_STATUSES.includes(order.status) ? (
          <button type="button" className="button" disabled={busy} onClick={() => void again()}>
            Riordina
          </button>
        ) : (
          <button type="button" className="button" disabled={busy} onClick={() => void copy()}>
            Copia nel carrello
          </button>
        )}
        {canAbort(order.status) && (
          <button
            type="button"
            className="button order-card__abort"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Annulla ordine
          </button>
        )}
      </div>
      <div id={detailId} hidden={!open}>
        {open && <Detail order={order} />}
      </div>
      {payment.dialog}
      <ModalDialog
        title="Annullare l'ordine?"
        role="alertdialog"
        isOpen={confirming}
        onClose={() => setConfirming(false)}
      >
        <p>
          Vuoi annullare l'ordine {order.number}
          {slot ? ` per ${formatSlot(slot)}` : ''}? La fascia oraria prenotata verrà liberata.
        </p>
        <div className="cart-actions">
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            No, mantieni l'ordine
          </button>
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void abort()}>
            Sì, annulla l'ordine
          </button>
        </div>
      </ModalDialog>
      <ModalDialog
        title="Modificare l'ordine?"
        role="alertdialog"
        isOpen={modifying}
        onClose={() => setModifying(false)}
      >
        <p>
          L'ordine {order.number} verrà annullato e i suoi prodotti, come confermati dal punto vendita, torneranno nel
          carrello: potrai cambiarli e prenotare di nuovo una fascia oraria.
        </p>
        <div className="cart-actions">
          <button type="button" className="button" onClick={() => setModifying(false)}>
            No, mantieni l'ordine
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => {
              setModifying(false);
              void modify();
            }}
          >
            Sì, modifica l'ordine
          </button>
        </div>
      </ModalDialog>
      <ModalDialog
        title="Attenzione!"
        role="alertdialog"
        isOpen={changed !== null}
        onClose={() => window.location.assign(changed?.next ?? routes.cart)}
      >
        {changed && <ChangedItems updated={changed.updated} removed={changed.removed} />}
        <div className="cart-actions">
          {changed?.next && (
            <a className="button button-primary" href={changed.next}>
              Scegli la fascia oraria
            </a>
          )}
          <a className={`button${changed?.next ? '' : ' button-primary'}`} href={routes.cart}>
            Vai al carrello
          </a>
        </div>
      </ModalDialog>
    </article>
  );
}
