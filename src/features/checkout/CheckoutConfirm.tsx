// /checkout/confirm (spec §2): the thank-you page with the order number and
// code, slot and store, and the 10% variable-weight note. A card (XPAY) order
// waits in PAYMENT_PENDING: the page says so and points to the orders page,
// where the payment step of the payments issue will start.
import { useEffect, useState } from 'react';
import { formatSlot } from '#src/lib/dates.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { orderStatusLabels, type Order } from '#src/shared/contract/checkout.ts';
import type { Cart } from '#src/shared/contract/cart.ts';
import { loadCurrent } from '#src/features/cart/cart.store.ts';
import { paymentLabels } from './checkout-rules.ts';
import { bookedCart, checkoutPaths, orderOfCart } from './checkout.store.ts';
import { PreauthNote } from './PreauthNote.tsx';

export default function CheckoutConfirm() {
  const [booked, setBooked] = useState<Cart | null | undefined>(undefined);
  const [order, setOrder] = useState<Order | null>(null);
  useEffect(() => {
    const cart = bookedCart();
    setBooked(cart);
    void loadCurrent(true).catch(() => null); // the booked cart is gone: the header shows the new state
    if (cart) orderOfCart(cart.id).then(setOrder).catch(() => null);
  }, []);

  if (booked === undefined) return <p role="status">Caricamento…</p>;
  if (!booked) {
    return (
      <div className="checkout-notice">
        <p>Non ci sono prenotazioni recenti in questa finestra.</p>
        <a className="button button-primary" href={checkoutPaths.orders}>Vai ai tuoi ordini</a>
      </div>
    );
  }
  const pending = order ? order.status === 'PAYMENT_PENDING' : booked.paymentMode === 'XPAY';
  const slot = booked.delivery.timeSlot;
  return (
    <div className="checkout-confirm">
      <h1>{pending ? 'Ordine prenotato: pagamento in attesa' : 'Grazie, il tuo ordine è prenotato!'}</h1>
      <dl className="checkout-facts">
        <div><dt>Numero ordine</dt><dd data-testid="order-number">{order?.number ?? '…'}</dd></div>
        <div><dt>Codice ordine</dt><dd>{booked.code}</dd></div>
        {slot && <div><dt>Giorno e fascia oraria</dt><dd>{formatSlot(slot)}</dd></div>}
        <div><dt>{booked.delivery.addressDescription ? 'Indirizzo' : 'Punto vendita'}</dt><dd>{booked.delivery.addressDescription ?? booked.storeDescription}</dd></div>
        {booked.paymentMode && <div><dt>Pagamento</dt><dd>{paymentLabels[booked.paymentMode]}</dd></div>}
        <div><dt>Totale</dt><dd>{formatEuro(booked.totalToPay)}</dd></div>
        {order && <div><dt>Stato</dt><dd>{orderStatusLabels[order.status]}</dd></div>}
      </dl>
      {pending ? (
        <p className="checkout-pending" role="status">
          Il pagamento con carta non è ancora stato effettuato: l'ordine resta in attesa di pagamento e, se non viene pagato in tempo, viene annullato
          automaticamente. Puoi seguirlo dalla pagina dei tuoi ordini.
        </p>
      ) : (
        <p>Riceverai le comunicazioni sull'ordine all'indirizzo e-mail indicato. Pagherai al ritiro o alla consegna solo quanto effettivamente preparato.</p>
      )}
      <PreauthNote />
      <div className="checkout-actions">
        <a className="button button-primary" href={checkoutPaths.orders}>Vai ai tuoi ordini</a>
        <a className="button" href={`${import.meta.env.BASE_URL.replace(/\/$/, '')}/`}>Torna alla home</a>
      </div>
    </div>
  );
}
