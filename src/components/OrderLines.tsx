// Rows and amounts of a cart or an order (checkout summary, order detail):
// one table, so every amount the shopper is asked to pay is visible.
import { formatEuro } from '#src/shared/contract/money.ts';

export interface OrderLine {
  id: number;
  description: string;
  quantity: string;
  total: number;
  /** e.g. 'Non disponibile', shown under the description. */
  note?: string;
}

export interface OrderAmount {
  label: string;
  value: number;
  strong?: boolean;
}

export default function OrderLines({
  caption,
  lines,
  amounts,
}: {
  caption: string;
  lines: OrderLine[];
  amounts: OrderAmount[];
}) {
  return (
    <table className="order-lines">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Prodotto</th>
          <th scope="col" className="order-lines__num">
            Quantità
          </th>
          <th scope="col" className="order-lines__num">
            Importo
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id}>
            <td>
              {line.description}
              {line.note && <span className="order-lines__note">{line.note}</span>}
            </td>
            <td className="order-lines__num">{line.quantity}</td>
            <td className="order-lines__num">{formatEuro(line.total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {amounts.map((a) => (
          <tr key={a.label} className={a.strong ? 'order-lines__total' : undefined}>
            <th scope="row" colSpan={2}>
              {a.label}
            </th>
            <td className="order-lines__num">{formatEuro(a.value)}</td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}
