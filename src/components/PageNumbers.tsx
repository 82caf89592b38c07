// The page-number control of docs/product.md §9 (logic in src/lib/page-numbers.ts): previous,
// the pages or a window with ellipsis controls, next.
import { pageItems } from '#src/lib/page-numbers.ts';

interface Props {
  /** 0-based. */
  current: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}

export default function PageNumbers({ current, total, onPage, label }: Props) {
  if (total <= 1) return null;
  return (
    <nav className="page-numbers" aria-label={label}>
      <ul>
        <li>
          <button
            type="button"
            className="page-numbers__step"
            onClick={() => onPage(current - 1)}
            disabled={current <= 0}
            aria-label="Pagina precedente"
          >
            ‹
          </button>
        </li>
        {pageItems(current, total).map((item) =>
          item.kind === 'gap' ? (
            <li key={`gap-${item.direction}`}>
              <button
                type="button"
                className="page-numbers__gap"
                onClick={() => onPage(item.page)}
                aria-label={`${item.direction === 'back' ? 'Indietro' : 'Avanti'} di più pagine, alla pagina ${item.page + 1}`}
              >
                …
              </button>
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                onClick={() => onPage(item.page)}
                aria-current={item.current ? 'page' : undefined}
                aria-label={`Pagina ${item.page + 1}`}
              >
                {item.page + 1}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="page-numbers__step"
            onClick={() => onPage(current + 1)}
            disabled={current >= total - 1}
            aria-label="Pagina successiva"
          >
            ›
          </button>
        </li>
      </ul>
    </nav>
  );
}
