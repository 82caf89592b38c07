// /staff, «La giornata del punto vendita»: today's slots of the store, each with its orders in
// each status, how many wait for the store and how many for the shopper, which expire within
// the hour, and the slot's printable pick list (docs/product.md, Store staff).
import { useCallback, useEffect, useState } from 'react';
import { api, ApiError, errorMessageOf, serverMessageOf } from '#src/lib/api-client.ts';
import { storeDayCalls } from '#src/shared/contract/calls.generated.ts';
import { formatDay, formatSlotTime } from '#src/lib/dates.ts';
import { orderStatusLabels, type OrderStatus } from '#src/shared/contract/checkout.ts';
import { DELIVERY_MODE_LABELS } from '#src/shared/delivery-modes.ts';
import type { StoreDay as Day } from '#src/shared/contract/store-operations.ts';
import { routes } from '#src/shared/routes.ts';
import { pad2, romeWallClock } from '#src/shared/rome-clock.ts';

const message = (e: unknown) => (e instanceof ApiError ? serverMessageOf(e) : errorMessageOf(e));
const clock = (iso: string) => {
  const c = romeWallClock(new Date(iso));
  return `${pad2(c.hour)}:${pad2(c.minute)}`;
};
const orders = (n: number) => (n === 1 ? '1 ordine' : `${n} ordini`);
/** The statuses in the order of the day's work. */
const STATUS_ORDER: OrderStatus[] = [
  'TO_BE_PREPARED',
  'PAYMENT_PENDING',
  'IN_PREPARATION',
  'TO_BE_COLLECTED',
  'TO_BE_DELIVERED',
  'ISSUING_RECEIPT',
  'COLLECTED',
  'DELIVERED',
  'NOT_COLLECTED',
  'REFUSED',
  'ABORTED',
  'CANCELLED',
];
const REFRESH_MS = 60_000;

export default function StoreDay() {
  const [day, setDay] = useState<Day | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = useCallback(() => {
    api
      .data(storeDayCalls.day)
      .then((d) => {
        setDay(d);
        setProblem(null);
      })
      .catch((e: unknown) => setProblem(message(e)));
  }, []);
  useEffect(() => {
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  return (
    <section className="staff-section store-day" aria-labelledby="store-day-title">
      <div className="staff-section__head">
        <h2 id="store-day-title">La giornata del punto vendita{day && `: ${formatDay(day.day)}`}</h2>
        <button type="button" className="button" onClick={load}>
          Aggiorna
        </button>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {!day && !problem && <p role="status">Caricamento della giornata…</p>}
      {day && day.slots.length === 0 && <p>Nessuna fascia oraria oggi.</p>}
      {day && day.slots.length > 0 && (
        <ul className="store-day__slots">
          {day.slots.map((s) => {
            const total = Object.values(s.byStatus).reduce((n, v) => n + v, 0);
            return (
              <li key={s.slotId} className="store-day__slot">
                <h3>
                  {formatSlotTime(s.validFrom, s.validTo)} ·{' '}
                  {DELIVERY_MODE_LABELS[s.deliveryMode as keyof typeof DELIVERY_MODE_LABELS] ?? s.deliveryMode}
                </h3>
                <p className="store-day__booked">
                  {s.booked} prenotati su {s.capacity} posti · {orders(total)}
                </p>
                {total > 0 && (
                  <ul className="store-day__statuses" aria-label="Ordini per stato">
                    {STATUS_ORDER.filter((st) => s.byStatus[st]).map((st) => (
                      <li key={st}>
                        <span className="store-day__count">{s.byStatus[st]}</span> {orderStatusLabels[st]}
                      </li>
                    ))}
                  </ul>
                )}
                <dl className="store-day__waits">
                  <div className={s.waitingForStore ? 'store-day__wait--store' : undefined}>
                    <dt>Aspettano il punto vendita</dt>
                    <dd>{s.waitingForStore}</dd>
                  </div>
                  <div>
                    <dt>Aspettano il cliente</dt>
                    <dd>{s.waitingForShopper}</dd>
                  </div>
                </dl>
                {s.expiringSoon.length > 0 && (
                  <p className="store-day__soon" role="note">
                    Scadono entro un’ora:{' '}
                    {s.expiringSoon.map((o, i) => (
                      <span key={o.id}>
                        {i > 0 && ', '}ordine {o.number} alle {clock(o.expiresAt)} (
                        {orderStatusLabels[o.status].toLowerCase()})
                      </span>
                    ))}
                  </p>
                )}
                {total > 0 && (
                  <a className="button store-day__pick" href={routes.staffPickList(s.slotId)}>
                    Lista di prelievo
                    <span className="visually-hidden"> della fascia {formatSlotTime(s.validFrom, s.validTo)}</span>
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
