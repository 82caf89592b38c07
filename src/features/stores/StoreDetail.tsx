// Everything about one store (docs/product.md §2 detail panel, §3 Store): address,
// contacts, distance, weekly hours, exceptions, services, departments and
// delivery modes. Pure markup: rendered in the locator's island and, without
// any JavaScript, on the static store page.
import type { Store } from '#src/shared/contract/stores.ts';
import { STORE_SERVICE_LABELS } from '#src/shared/delivery-modes.ts';
import { formatDistance } from '#src/shared/store-finder.ts';
import { fullAddress, openingLine, telHref, weekHours } from './store-format.ts';

interface Props {
  store: Store;
  /** Level of the section headings: 2 on the store page (under its h1), 3 inside the locator. */
  level: 2 | 3;
  /** Shows the store's name as a heading of `level - 1` with the logo (the locator's panel). */
  withTitle?: boolean;
  pageHref?: string;
  /** Address and distance already shown just above (the locator's accordion) are left out. */
  withAddress?: boolean;
}

export default function StoreDetail({ store, level, withTitle = false, pageHref, withAddress = true }: Props) {
  const H = `h${level}` as const;
  const Title = `h${level - 1}` as 'h2' | 'h1';
  const distance = formatDistance(store.distance);
  const idPrefix = `store-${store.id}`;
  return (
    <div className="store-detail">
      <div className="store-detail__head">
        {store.logoImageUrl && (
          <img className="store-detail__logo" src={store.logoImageUrl} alt="" width={64} height={64} loading="lazy" />
        )}
        <div>
          {withTitle && <Title className="store-detail__name">{store.name}</Title>}
          {withAddress && <p className="store-detail__address">{fullAddress(store)}</p>}
          {withAddress && distance && <p className="store-detail__distance">A {distance} da te</p>}
        </div>
      </div>
      <ul className="store-detail__contacts">
        {store.phone && (
          <li>
            <span className="store-detail__label">Telefono</span> <a href={telHref(store.phone)}>{store.phone}</a>
          </li>
        )}
        {store.email && (
          <li>
            <span className="store-detail__label">E-mail</span> <a href={`mailto:${store.email}`}>{store.email}</a>
          </li>
        )}
        {store.webUrl && (
          <li>
            <a href={store.webUrl} rel="noopener">
              Sito web del punto vendita
            </a>
          </li>
        )}
        {pageHref && (
          <li>
            <a href={pageHref}>
              Scheda del punto vendita<span className="visually-hidden"> {store.name}</span>
            </a>
          </li>
        )}
      </ul>
      <section aria-labelledby={`${idPrefix}-hours`}>
        <H id={`${idPrefix}-hours`}>Orari di apertura</H>
        <table className="store-hours">
          <caption className="visually-hidden">Orari settimanali di {store.name}</caption>
          <tbody>
            {weekHours(store.timetables).map((row) => (
              <tr key={row.day} className={row.hours === 'Chiuso' ? 'store-hours__closed' : undefined}>
                <th scope="row">{row.day}</th>
                <td>{row.hours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {store.openings.length > 0 && (
        <section aria-labelledby={`${idPrefix}-openings`}>
          <H id={`${idPrefix}-openings`}>Aperture e chiusure straordinarie</H>
          <ul className="store-openings">
            {store.openings.map((o) => {
              const line = openingLine(o);
              return (
                <li key={o.day}>
                  <strong>{line.date}</strong>: {line.hours}
                  {line.note && <span className="store-openings__note"> ({line.note})</span>}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {store.deliveryModes.length > 0 && (
        <section aria-labelledby={`${idPrefix}-modes`}>
          <H id={`${idPrefix}-modes`}>Come fare la spesa</H>
          <ul className="store-tags">
            {store.deliveryModes.map((m) => (
              <li key={m}>{STORE_SERVICE_LABELS[m]}</li>
            ))}
          </ul>
        </section>
      )}
      {store.services.length > 0 && (
        <section aria-labelledby={`${idPrefix}-services`}>
          <H id={`${idPrefix}-services`}>Servizi</H>
          <ul className="store-tags">
            {store.services.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </section>
      )}
      {store.departments.length > 0 && (
        <section aria-labelledby={`${idPrefix}-departments`}>
          <H id={`${idPrefix}-departments`}>Reparti</H>
          <ul className="store-departments">
            {store.departments.map((d) => (
              <li key={d.name}>
                <strong>{d.name}</strong>
                {d.hours && <span className="store-departments__hours">{d.hours}</span>}
                {d.phone && (
                  <a href={telHref(d.phone)}>
                    <span className="visually-hidden">Telefono {d.name}: </span>
                    {d.phone}
                  </a>
                )}
                {d.email && <a href={`mailto:${d.email}`}>{d.email}</a>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
