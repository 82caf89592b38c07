// /profile/orders and /orders (docs/product.md §2, §4, §9): the shopper's orders, 5 per
// page, each with number, date, slot, store, status and totals; the detail
// shows the rows by status, and abort, pay-now and copy-to-cart.
import { routes } from '#src/shared/routes.ts';
import { useEffect, useState } from 'react';
import PageNumbers from '#src/components/PageNumbers.tsx';
import { errorMessageOf } from '#src/lib/api-client.ts';
import { RequireShopper } from '#src/shop/LoginGate.tsx';
import type { Order } from '#src/shared/contract/checkout.ts';
import type { Paged } from '#src/shared/contract/envelope.ts';
import { loadOrders } from './orders.store.ts';
import { OrderCard } from './OrderCard.tsx';

function Orders() {
  const [page, setPage] = useState(0);
  const [orders, setOrders] = useState<Paged<Order> | null>(null);
  const [error, setError] = useState<string | null>(null);

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
