// The step after booking with a card (docs/product.md §4 Checkout steps, XPAY): the
// order waits in PAYMENT_PENDING; the 3-D Secure step starts at once, and if
// the shopper closes it the order can still be paid from here or the orders page.
import { routes } from '#src/shared/routes.ts';
import { useEffect, useRef } from 'react';
import { PreauthAmount } from '#src/components/PreauthAmount.tsx';
import { useOrderPayment } from '#src/components/OrderPayment.tsx';
import { CheckoutSteps } from './CheckoutGate.tsx';

export function PayBookedOrder({ orderCode }: { orderCode: string }) {
  const { pay, busy, dialog } = useOrderPayment();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void pay(orderCode);
  }, [orderCode, pay]);

  return (
    <>
      <CheckoutSteps current={2} />
      <div className="checkout-notice">
        <h2>Ordine prenotato: ora il pagamento con carta</h2>
        <p>
          L'ordine (codice {orderCode}) è in attesa di pagamento. Completa il pagamento nella finestra sicura del
          circuito della tua carta; se la chiudi, puoi pagare da qui o dalla pagina dei tuoi ordini.
        </p>
        <PreauthAmount of={{ orderCode }} />
        <div className="checkout-actions">
          <a className="button" href={routes.profileOrders}>
            Vai ai tuoi ordini
          </a>
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void pay(orderCode)}>
            Paga ora
          </button>
        </div>
      </div>
      {dialog}
    </>
  );
}
