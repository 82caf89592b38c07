// The buy control of product cards and the product page (docs/product.md §4 Product to
// add, Quantity counter): a counter and 'Aggiungi'. A visitor is asked to log
// in, a shopper without a cart to create one, and the product is added
// afterwards. For a product already in the cart the counter starts from the
// cart's quantity and 'Aggiorna' saves a change (with the reminder of docs/product.md §8).
// The controls are live from the first paint: the island hydrates on the
// first touch and that click is replayed (client:interaction).
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { showToast } from '#src/lib/toast.store.ts';
import { isOffline } from '#src/lib/api-client.ts';
import { OFFLINE_WRITE_REFUSED } from '#src/shared/offline-refusal.ts';
import { $user, requestLoginFor } from './session.store.ts';
import { $cart, buy, deleteItem } from './cart.store.ts';
import { QuantityCounter } from '#src/components/QuantityCounter.tsx';
import { cartQuantity, minimumOf, UPDATE_CART_HINT, type Measured } from '#src/shared/quantity-rules.ts';
import { useHydrated } from './use-hydrated.ts';

export interface BuyableProduct extends Measured {
  barcode: string;
  description: string;
  available: boolean;
}

/** What the buy control needs of a product. */
export function buyable(product: BuyableProduct): BuyableProduct {
  const { barcode, description, um, umStep, minWeight, maxAmount, available } = product;
  return { barcode, description, um, umStep, minWeight, maxAmount, available };
}

export default function AddToCart({ product, large = false }: { product: BuyableProduct; large?: boolean }) {
  const user = useStore($user);
  const cart = useStore($cart);
  const hydrated = useHydrated();
  const row = hydrated ? cart?.items.find((i) => i.barcode === product.barcode) : undefined;
  const inCart = row !== undefined;
  const saved = row ? cartQuantity(row) : minimumOf(product);
  const [value, setValue] = useState(saved);
  const [busy, setBusy] = useState(false);
  const hinted = useRef(false);

  // The cart changed (here, in another island or another tab): follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: inCart is a trigger: the counter follows the cart also when only the row's presence changes
  useEffect(() => {
    setValue(saved);
    hinted.current = false;
  }, [saved, inCart]);

  if (!product.available) return null;

  function change(next: number) {
    setValue(next);
    if (inCart && next !== saved && !hinted.current) {
      hinted.current = true;
      showToast(UPDATE_CART_HINT, 'info');
    }
    if (next === saved) hinted.current = false;
  }

  async function submit() {
    if (!user) {
      requestLoginFor({ barcode: product.barcode, amount: value, um: product.um });
      return;
    }
    // Offline, not even a cart's creation starts: the shopper stays on this page.
    if (isOffline()) {
      showToast(OFFLINE_WRITE_REFUSED, 'error', { key: `cart:${product.barcode}` });
      return;
    }
    setBusy(true);
    await buy(product, value);
    setBusy(false);
  }

  async function remove() {
    setBusy(true);
    if (row) await deleteItem(row);
    setBusy(false);
  }

  const changed = inCart && value !== saved;
  return (
    <div className={`buy${large ? ' buy--large' : ''}`}>
      <QuantityCounter
        product={product}
        value={value}
        inCart={inCart}
        onChange={change}
        onRemove={() => void remove()}
        disabled={busy}
      />
      {(!inCart || changed) && (
        <button
          type="button"
          className="button button-primary buy__button"
          onClick={() => void submit()}
          disabled={busy}
        >
          {inCart ? 'Aggiorna' : 'Aggiungi'}
          <span className="visually-hidden">
            {' '}
            {product.description}
            {inCart ? ' nel carrello' : ' al carrello'}
          </span>
        </button>
      )}
      {inCart && !changed && <p className="buy__in-cart">Nel carrello</p>}
    </div>
  );
}
