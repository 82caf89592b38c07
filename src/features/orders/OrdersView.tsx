// /profile/orders and /orders (docs/product.md §2, §4, §9): the shopper's orders, 5 per
// page, each with number, date, slot, store, status and totals; the detail
// shows the rows by status, and abort, pay-now and copy-to-cart. A change the
// store makes shows by itself (the live order stream, lib/order-events.ts).
import type { Paged } from '#src/shared/contract/constants.ts';
import { routes } from '#src/shared/routes.ts';
import { useEffect, useRef, useState } from 'react';
import PageNumbers from '#src/components/PageNumbers.tsx';
import { errorMessageOf } from '#src/lib/api-client.ts';
import { useOrderEvents } from '#src/lib/order-events.ts';
import { checkoutCalls } from '#src/shared/contract/calls.generated.ts';
import { RequireShopper } from '#src/shop/LoginGate.tsx';
import type { Order } from '#src/shared/contract/checkout.ts';
import { fetchOrder, loadOrders } from './orders.store.ts';
import { OrderCard } from './OrderCard.tsx';

function Orders() {
  const [page, setPage] = useState(0);
  const [orders, setOrders] = useState<Paged<Order> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = useRef({ page, orders });
  shown.current = { page, orders };

  useEffect(() => {
    let current = true;
    setError(null);
    loadOrders(page)
      .then((p) => current && setOrders(p))
      .catch((e: unknown) => current && setError(errorMessageOf(e)));
    return () => {
      current = false;
    };
  }, [page]);
  // An order on the page is read again alone (its card, open or not, shows the new status); anything else, the page.
  // A failed read keeps what is shown; the next change or poll reads again.
  useOrderEvents(checkoutCalls.orderEvents, (event) => {
    if (event && shown.current.orders?.data.some((o) => o.id === event.orderId)) {
      fetchOrder(event.orderId)
        .then(replace)
        .catch(() => {});
      return;
    }
    loadOrders(shown.current.page)
      .then((p) => shown.current.page === p.number && setOrders(p))
      .catch(() => {});
  });

  function goTo(next: number) {
    setPage(next);
    document.getElementById('orders-list')?.scrollIntoView({ block: 'start' });
  }
  const replace = (updated: Order) =>
    setOrders((p) => (p ? { ...p, data: p.data.map((o) => (o.id === updated.id ? updated : o)) } : p));

  if (error)
    return (
      <p className="checkout-error" role="alert">
        {error}
      </p>
    );
  if (!orders) return <p role="status">Caricamento degli ordini…</p>;
  if (orders.totalElements === 0) {
    return (
      <div className="orders-empty">
        <p>Non hai ancora effettuato ordini.</p>
        <a className="button button-primary" href={routes.home}>
          Inizia la spesa
        </a>
      </div>
    );
  }
  return (
    <div id="orders-list" className="orders">
      <p className="orders-count" aria-live="polite">
        {orders.totalElements === 1 ? '1 ordine' : `${orders.totalElements} ordini`} · pagina {orders.number + 1} di{' '}
        {orders.totalPages}
      </p>
      <ul className="orders-list">
        {orders.data.map((o) => (
          <li key={o.id}>
            <OrderCard order={o} onChange={replace} />
          </li>
        ))}
      </ul>
      <PageNumbers current={orders.number} total={orders.totalPages} onPage={goTo} label="Pagine degli ordini" />
    </div>
  );
}

export default function OrdersView() {
  return (
    <RequireShopper look="notice" reason="Accedi per vedere i tuoi ordini.">
      {() => <Orders />}
    </RequireShopper>
  );
}
