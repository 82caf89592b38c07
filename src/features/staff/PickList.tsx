// /staff/pick-list?slot=…: the printable pick list of one of the store's slots (docs/product.md,
// Store staff), for the staff who pick by hand: each order of the slot with its rows grouped by
// department, the quantity and the shopper's choice when a product is missing; then the whole
// slot's quantities per product. Printed on A4 (@media print in staff.css): one order never
// split across pages when it fits on one.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { api, ApiError, errorMessageOf, serverMessageOf } from '#src/lib/api-client.ts';
import { storeDayCalls } from '#src/shared/contract/calls.generated.ts';
import { formatSlot } from '#src/lib/dates.ts';
import { orderStatusLabels } from '#src/shared/contract/checkout.ts';
import { DELIVERY_MODE_LABELS } from '#src/shared/delivery-modes.ts';
import { PAYMENT_MODE_LABELS } from '#src/shared/payment-rules.ts';
import { formatQuantity } from '#src/shared/quantity-rules.ts';
import type { PickList as List } from '#src/shared/contract/store-operations.ts';
import { routes } from '#src/shared/routes.ts';
import { $user, openOverlay } from '#src/shop/session.store.ts';
import { useHydrated } from '#src/shop/use-hydrated.ts';

const message = (e: unknown) => (e instanceof ApiError ? serverMessageOf(e) : errorMessageOf(e));
const mode = (m: string) => DELIVERY_MODE_LABELS[m as keyof typeof DELIVERY_MODE_LABELS] ?? m;
const um = (u: string) => (u === 'KG' ? 'KG' : 'PZ') as 'KG' | 'PZ';

type Row = List['orders'][number]['departments'][number]['rows'][number];
function substitute(r: Row): string {
  if (r.confirmation === 'UNAVAILABLE') return 'Non disponibile (confermato)';
  if (r.substitute.kind === 'PRODUCT') return `Sostituire con ${r.substitute.description ?? r.substitute.barcode}`;
  if (r.substitute.kind === 'SIMILAR') return 'Simile se manca';
  return 'Nessuna sostituzione';
}

function Sheet({ slotId }: { slotId: number }) {
  const [list, setList] = useState<List | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    api
      .data(storeDayCalls.pickList, { params: { slotId } })
      .then(setList)
      .catch((e: unknown) => setProblem(message(e)));
  }, [slotId]);
  if (problem)
    return (
      <p className="form-error" role="alert">
        {problem}
      </p>
    );
  if (!list) return <p role="status">Caricamento della lista…</p>;
  return (
    <article className="pick-list" aria-labelledby="pick-list-title">
      <header className="pick-list__head">
        <h1 id="pick-list-title">Lista di prelievo</h1>
        <p className="pick-list__slot">
          {list.storeName} · {mode(list.deliveryMode)} · {formatSlot(list)}
        </p>
        <p className="pick-list__count">
          {list.orders.length === 1 ? '1 ordine' : `${list.orders.length} ordini`} da preparare
        </p>
        <div className="pick-list__actions">
          <button type="button" className="button button-primary" onClick={() => window.print()}>
            Stampa
          </button>
          <a className="button" href={routes.staff}>
            Torna agli ordini
          </a>
        </div>
      </header>
      {list.orders.length === 0 && <p>Nessun ordine da preparare in questa fascia.</p>}
      {list.orders.map((o) => (
        <section key={o.id} className="pick-order" aria-labelledby={`pick-order-${o.id}`}>
          <h2 id={`pick-order-${o.id}`}>
            Ordine {o.number} · {o.customer}
          </h2>
          <p className="pick-order__facts">
            {mode(o.deliveryMode)} ·{' '}
            {PAYMENT_MODE_LABELS[o.paymentMode as keyof typeof PAYMENT_MODE_LABELS] ?? o.paymentMode} · tel. {o.phone} ·{' '}
            {orderStatusLabels[o.status]}
          </p>
          {o.notes && <p className="pick-order__notes">Note del cliente: {o.notes}</p>}
          <table className="pick-table">
            <thead>
              <tr>
                <th scope="col" className="pick-table__check">
                  <span className="visually-hidden">Preso</span>
                </th>
                <th scope="col">Prodotto</th>
                <th scope="col" className="pick-table__qty">
                  Quantità
                </th>
                <th scope="col">Se manca</th>
              </tr>
            </thead>
            {o.departments.map((d) => (
              <tbody key={d.name}>
                <tr className="pick-table__department">
                  <th scope="rowgroup" colSpan={4}>
                    {d.name}
                  </th>
                </tr>
                {d.rows.map((r) => (
                  <tr key={r.id} className={r.confirmation === 'UNAVAILABLE' ? 'pick-table__row--out' : undefined}>
                    <td className="pick-table__check">
                      <span className="pick-box" aria-hidden="true" />
                    </td>
                    <td>
                      {r.description}
                      <span className="pick-table__barcode">{r.barcode}</span>
                    </td>
                    <td className="pick-table__qty">{formatQuantity(um(r.um), r.quantity)}</td>
                    <td className="pick-table__substitute">{substitute(r)}</td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </section>
      ))}
      {list.totals.length > 0 && (
        <section className="pick-order pick-totals" aria-labelledby="pick-totals-title">
          <h2 id="pick-totals-title">Totale della fascia per prodotto</h2>
          <table className="pick-table">
            <thead>
              <tr>
                <th scope="col">Reparto</th>
                <th scope="col">Prodotto</th>
                <th scope="col" className="pick-table__qty">
                  Quantità
                </th>
              </tr>
            </thead>
            <tbody>
              {list.totals.map((t) => (
                <tr key={t.barcode}>
                  <td>{t.department}</td>
                  <td>
                    {t.description}
                    <span className="pick-table__barcode">{t.barcode}</span>
                  </td>
                  <td className="pick-table__qty">{formatQuantity(um(t.um), t.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </article>
  );
}

export default function PickList() {
  const hydrated = useHydrated();
  const user = useStore($user);
  if (!hydrated) return <p role="status">Caricamento…</p>;
  const slotId = Number(new URLSearchParams(window.location.search).get('slot'));
  if (!user)
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
  if (user.role !== 'OPERATOR')
    return (
      <div className="checkout-notice" role="alert">
        <p>Questa pagina è riservata al personale dei punti vendita.</p>
      </div>
    );
  if (!Number.isSafeInteger(slotId) || slotId <= 0)
    return (
      <p className="form-error" role="alert">
        Fascia oraria non indicata: apri la lista dalla giornata del punto vendita.
      </p>
    );
  return <Sheet slotId={slotId} />;
}
