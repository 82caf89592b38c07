// One cart row (spec §2 /cart): image, description, promotion, price, the
// choice of substitute, the quantity counter, row total and remove. A change is
// sent once the shopper stops pressing for a moment; the cart the server answers
// is the truth.
import { routes } from '#src/shared/routes.ts';
import { useEffect, useRef, useState } from 'react';
import { lowestPriceLine, promotionBadge } from '#src/components/product-format.ts';
import type { CartItem } from '#src/shared/contract/cart.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { deleteItem, putInCart } from '#src/shop/cart.store.ts';
import { QuantityCounter } from '#src/components/QuantityCounter.tsx';
import { cartQuantity } from '#src/shared/quantity-rules.ts';
import { TrashIcon } from '#src/components/TrashIcon.tsx';
import { ReplacementChoice } from '#src/shop/ReplacementChoice.tsx';

const SEND_AFTER_MS = 500;

export function CartRow({ item }: { item: CartItem }) {
  const saved = cartQuantity(item);
  const [value, setValue] = useState(saved);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => setValue(saved), [saved]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  function change(next: number) {
    setValue(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      setBusy(true);
      if (!(await putInCart(item.barcode, item.um, next))) setValue(saved);
      setBusy(false);
    }, SEND_AFTER_MS);
  }

  async function remove() {
    setBusy(true);
    await deleteItem(item);
    setBusy(false);
  }

  const promo = item.promotions[0];
  const badge = promo ? promotionBadge(item.price, promo) : null;
  const discounted = item.netPrice < item.price;
  const lowest = lowestPriceLine(item);
  return (
    <li className={`cart-row${item.available ? '' : ' cart-row--out'}`}>
      <img
        className="cart-row__image"
        src={item.imageUrl ?? routes.file('no-image.svg')}
        alt=""
        width="80"
        height="80"
        loading="lazy"
      />
      <div className="cart-row__main">
        <h3 className="cart-row__title">
          <a href={routes.product(item.barcode)}>{item.description}</a>
        </h3>
        {badge && (
          <p className="cart-row__promo">
            <span className="badge badge--promo">
              <span className="visually-hidden">In offerta </span>
              {badge.label}
            </span>{' '}
            {promo?.description} {badge.until}
          </p>
        )}
        <p className="cart-row__price">
          {discounted && <span className="visually-hidden">Prezzo scontato: </span>}
          <strong>{formatEuro(item.netPrice)}</strong>
          {item.um === 'KG' && (
            <>
              <span aria-hidden="true">/kg</span>
              <span className="visually-hidden"> al chilo</span>
            </>
          )}
          {discounted && (
            <s className="cart-row__was">
              <span className="visually-hidden">Prezzo pieno: </span>
              {formatEuro(item.price)}
            </s>
          )}
        </p>
        {item.attrib3 && <p className="cart-row__unit">{item.attrib3}</p>}
        {lowest && <p className="cart-row__lowest">{lowest}</p>}
        {!item.available && <p className="cart-row__out">Momentaneamente non disponibile</p>}
      </div>
      <ReplacementChoice item={item} />
      <div className="cart-row__qty">
        <QuantityCounter
          product={item}
          value={value}
          inCart
          onChange={change}
          onRemove={() => void remove()}
          disabled={busy || !item.available}
        />
      </div>
      <p className="cart-row__total">
        <span className="visually-hidden">Totale riga: </span>
        {formatEuro(item.rowNetPrice)}
      </p>
      <button type="button" className="cart-row__remove" onClick={() => void remove()} disabled={busy}>
        <TrashIcon />
        <span className="visually-hidden">Rimuovi {item.description}</span>
      </button>
    </li>
  );
}
