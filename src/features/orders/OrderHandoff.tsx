// The hand-off of an order (docs/product.md §4): once the pickup code is issued and until
// the receipt, one large code with its QR for the store's scanner, and the amount that will
// be paid or charged, labelled as such (shared/order-charge.ts): the prepared total once the
// store picked the order, the prepared products' amount before. The QR is drawn by a module
// loaded only here.
import { lazy, Suspense } from 'react';
import type { Order } from '#src/shared/contract/checkout.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { isPickup } from '#src/shared/delivery-modes.ts';
import { chargeLabel, chargeLabelBeforePicking } from '#src/shared/order-charge.ts';
import { preparedTotals } from '#src/components/order-view.ts';

const PickupQr = lazy(() => import('#src/components/PickupQr.tsx'));

/** The statuses in which the shopper shows the pickup code: issued, not yet handed over. */
const HANDOFF_STATUSES: Order['status'][] = ['IN_PREPARATION', 'TO_BE_COLLECTED', 'TO_BE_DELIVERED', 'ISSUING_RECEIPT'];

export const showsHandoff = (order: Order): boolean =>
  order.pickupCode !== null && HANDOFF_STATUSES.includes(order.status);

export function OrderHandoff({ order }: { order: Order }) {
  const pickup = isPickup(order.cart.deliveryMode);
  const way = { paymentMode: order.cart.paymentMode, pickup };
  const prepared = preparedTotals(order);
  const card = order.cart.paymentMode === 'XPAY';
  const titleId = `order-${order.id}-handoff`;
  return (
    <section className="handoff" aria-labelledby={titleId}>
      <h3 id={titleId} className="handoff__title">
        {pickup ? 'Al ritiro mostra questo codice' : 'Alla consegna mostra questo codice'}
      </h3>
      <dl className="handoff__facts">
        <div className="handoff__code">
          <dt>Codice di ritiro</dt>
          <dd>{order.pickupCode}</dd>
        </div>
      </dl>
      <Suspense fallback={<span className="pickup-qr" />}>
        <PickupQr code={order.pickupCode!} />
      </Suspense>
      <dl className="handoff__facts">
        <div className="handoff__amount">
          <dt>{prepared ? chargeLabel(order.status, way) : chargeLabelBeforePicking(way)}</dt>
          <dd>{prepared ? formatEuro(prepared.total) : "l'importo dei prodotti preparati"}</dd>
        </div>
      </dl>
      <p className="handoff__hint">
        {pickup ? 'Alla cassa del punto vendita' : 'Al corriere'} fai leggere il codice QR o detta il codice.{' '}
        {card ? 'Sulla carta ti addebitiamo' : 'Paghi'}{' '}
        {prepared
          ? 'il totale dei prodotti preparati, non quello ordinato.'
          : 'solo i prodotti preparati: il totale è qui quando la spesa è pronta.'}
      </p>
    </section>
  );
}
