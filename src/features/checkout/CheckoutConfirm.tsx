// /checkout/confirm (docs/product.md §2): the thank-you page with the order number and
// code, slot and store, and the 10% variable-weight note. Just booked, the order is a
// pre-order the store confirms first (decision 014): the page says what happens next.
// A card (XPAY) order comes back here from the 3-D Secure step with ?orderCode=: the
// page shows that order, its pickup code and the amount held on the card; one still
// waiting for payment says so and points to the orders page.
import { routes } from '#src/shared/routes.ts';
import { useEffect, useState } from 'react';
import { formatSlot } from '#src/lib/dates.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import type { Order } from '#src/shared/contract/checkout.ts';
import { statusLabel } from '#src/shared/order-states.ts';
import type { Cart } from '#src/shared/contract/cart.ts';
import { loadCurrent } from '#src/shop/cart.store.ts';
import { PreauthAmount } from '#src/components/PreauthAmount.tsx';
import { orderCodeOf } from '#src/components/card-payment.ts';
import { PAYMENT_MODE_LABELS } from '#src/shared/payment-rules.ts';
import { bookedCart, orderByCode, orderOfCart } from './checkout.store.ts';
import { PreauthNote } from './PreauthNote.tsx';

export default function CheckoutConfirm() {
  const [booked, setBooked] = useState<Cart | null | undefined>(undefined);
  const [order, setOrder] = useState<Order | null>(null);
  useEffect(() => {
    const code = orderCodeOf(window.location.search);
    const recent = bookedCart();
    void loadCurrent(true).catch(() => null); // the booked cart is gone: the header shows the new state
    if (recent && (!code || recent.code === code)) {
      setBooked(recent);
      orderOfCart(recent.id)
        .then(setOrder)
        .catch(() => null);
    } else if (code) {
      // Paid from the orders page or another tab: the order itself says what was booked.
      orderByCode(code)
        .then((found) => {
          setOrder(found);
          setBooked(found?.cart ?? null);
        })
        .catch(() => setBooked(null));
    } else {
      setBooked(null);
    }
  }, []);

  if (booked === undefined) return <p role="status">Caricamento…</p>;
  if (!booked) {
    return (
      <div className="checkout-notice">
        <p>Non ci sono prenotazioni recenti in questa finestra.</p>
        <a className="button button-primary" href={routes.profileOrders}>
          Vai ai tuoi ordini
        </a>
      </div>
    );
  }
  const card = booked.paymentMode === 'XPAY';
  // Just booked: a pre-order the store confirms before the shopper pays or accepts (decision 014).
  const preOrder = order ? order.status === 'TO_BE_PREPARED' : true;
  const pending = order?.status === 'PAYMENT_PENDING';
  const slot = booked.delivery.timeSlot;
  const code = order?.code ?? booked.code;
  return (
    <div className="checkout-confirm">
      <h1>
        {preOrder
          ? 'Grazie, il tuo pre-ordine è inviato al punto vendita!'
          : pending
            ? 'Ordine confermato: pagamento in attesa'
            : 'Grazie, il tuo ordine è prenotato!'}
      </h1>
      {card && !pending && !preOrder && order && (
        <p className="checkout-paid" role="status">
          Il pagamento con carta è andato a buon fine.
        </p>
      )}
      <dl className="checkout-facts">
        <div>
          <dt>Numero ordine</dt>
          <dd data-testid="order-number">{order?.number ?? booked.orderNumber ?? '…'}</dd>
        </div>
        <div>
          <dt>Codice ordine</dt>
          <dd>{code}</dd>
        </div>
        {slot && (
          <div>
            <dt>Giorno e fascia oraria</dt>
            <dd>{formatSlot(slot)}</dd>
          </div>
        )}
        <div>
          <dt>{booked.delivery.addressDescription ? 'Indirizzo' : 'Punto vendita'}</dt>
          <dd>{booked.delivery.addressDescription ?? booked.storeDescription}</dd>
        </div>
        {booked.paymentMode && (
          <div>
            <dt>Pagamento</dt>
            <dd>{PAYMENT_MODE_LABELS[booked.paymentMode]}</dd>
          </div>
        )}
        <div>
          <dt>Totale</dt>
          <dd>{formatEuro(booked.totalToPay)}</dd>
        </div>
        {order && (
          <div>
            <dt>Stato</dt>
            <dd>{statusLabel(order.status, order.cart.paymentMode)}</dd>
          </div>
        )}
      </dl>
      {card && code && <PreauthAmount of={{ orderCode: code }} />}
      {order?.pickupCode && (
        <p className="checkout-paid">
          Codice di ritiro: <strong>{order.pickupCode}</strong>
        </p>
      )}
      {preOrder ? (
        <p className="checkout-pending" role="status">
          Il punto vendita verifica la disponibilità dei prodotti. Se conferma l'ordine come l'hai chiesto, o con le
          variazioni che hai accettato, l'ordine va in preparazione da solo
          {card ? ' e il totale viene bloccato sulla carta associata' : ''}: ti scriviamo con il codice di ritiro, non
          devi fare nulla. Altrimenti ti scriviamo cosa è cambiato e{' '}
          {card ? "paghi l'ordine con la carta" : "accetti l'ordine"} dalla pagina dei tuoi ordini entro il tempo
          indicato, con un promemoria prima della scadenza.
        </p>
      ) : pending ? (
        <p className="checkout-pending" role="status">
          Il pagamento con carta non è ancora stato effettuato: l'ordine resta in attesa di pagamento e, se non viene
          pagato in tempo, viene annullato automaticamente. Puoi pagarlo dalla pagina dei tuoi ordini.
        </p>
      ) : card ? (
        <p>
          Riceverai le comunicazioni sull'ordine all'indirizzo e-mail indicato. Alla consegna o al ritiro ti addebitiamo
          solo quanto effettivamente preparato.
        </p>
      ) : (
        <p>
          Riceverai le comunicazioni sull'ordine all'indirizzo e-mail indicato. Pagherai al ritiro o alla consegna solo
          quanto effettivamente preparato.
        </p>
      )}
      <PreauthNote />
      <div className="checkout-actions">
        <a className="button button-primary" href={routes.profileOrders}>
          Vai ai tuoi ordini
        </a>
        <a className="button" href={routes.home}>
          Torna alla home
        </a>
      </div>
    </div>
  );
}
