// The items of one list: image, description, amount with its unit (never
// below 1, docs/product.md §5) and delete.
import { routes } from '#src/shared/routes.ts';
import type { ShoppingList } from '#src/shared/contract/lists.ts';
import { deleteItem, updateItem } from './lists.store.ts';
import { TrashIcon } from '#src/components/TrashIcon.tsx';

const MAX_LIST_AMOUNT = 999;

/** The row's unit as the product sells it: a list row's amount is pieces or kilograms, as in the cart. */
const unitOf = (item: ShoppingList['items'][number]): string =>
  item.um === 'KG' ? 'kg' : item.um === 'PZ' ? 'pz' : '';

export function ListItems({ list }: { list: ShoppingList }) {
  if (list.items.length === 0)
    return <p className="empty">La lista è vuota: aggiungi prodotti o voci personalizzate.</p>;
  return (
    <ul className="list-items">
      {list.items.map((item) => (
        <li key={item.id} className="list-item">
          <img src={item.imageUrl ?? routes.file('no-image.svg')} alt="" width="56" height="56" loading="lazy" />
          <span className="list-item__name">
            {item.barcode ? <a href={routes.product(item.barcode)}>{item.description}</a> : item.description}
            {item.type === 'CUSTOM' && <small>Prodotto personalizzato</small>}
          </span>
          <div className="qty" role="group" aria-label={`Quantità di ${item.description}`}>
            <button
              type="button"
              className="qty__button"
              aria-label="Diminuisci quantità"
              disabled={item.amount <= 1}
              onClick={() => void updateItem(list.id, item.id, item.amount - 1)}
            >
              <span aria-hidden="true">−</span>
            </button>
            <output className="qty__value" aria-live="polite" aria-atomic="true">
              {item.amount}
              {unitOf(item) && ` ${unitOf(item)}`}
            </output>
            <button
              type="button"
              className="qty__button"
              aria-label="Aumenta quantità"
              disabled={item.amount >= MAX_LIST_AMOUNT}
              onClick={() => void updateItem(list.id, item.id, item.amount + 1)}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
          <button type="button" className="cart-row__remove" onClick={() => void deleteItem(list.id, item)}>
            <TrashIcon />
            <span className="visually-hidden">Rimuovi {item.description} dalla lista</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
