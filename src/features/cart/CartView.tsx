// /cart (spec §2): the current cart's summary (mode, store, first
// availability, item count, totals, fees, minimum order), its rows, booking,
// the open carts, the cart-update link and deleting the cart. Without a cart
// it goes to /cart/create.
import { routes } from '#src/shared/routes.ts';
import { GENERIC_ERROR } from '#src/shared/contract/errors.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { flags } from '#src/lib/flags.ts';
import { $firstSlot } from '#src/shop/cart-summary.store.ts';
import { showToast } from '#src/lib/toast.store.ts';
import type { Cart } from '#src/shared/contract/cart.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import type { SessionUser } from '#src/shared/contract/session.ts';
import { $cart, $cartLoaded, abort, ensureCart } from '#src/shop/cart.store.ts';
import { BookButton } from './BookButton.tsx';
import { CartRow } from './CartRow.tsx';
import { DELIVERY_MODE_LABELS } from '#src/shared/delivery-modes.ts';
import { ModalDialog } from '#src/components/ModalDialog.tsx';
import { OpenCarts } from './OpenCarts.tsx';
import { RequireShopper } from '#src/shop/LoginGate.tsx';
import { useFirstViewEnd } from '#src/shop/use-first-view.ts';
import { cartStoreName, firstSlotText, shortOfMinimumText } from './cart.first-view.ts';

function Summary({ cart }: { cart: Cart }) {
  const slot = useStore($firstSlot);
  return (
    <dl className="cart-summary__facts">
      <div>
        <dt>Modalità</dt>
        <dd>{DELIVERY_MODE_LABELS[cart.deliveryMode]}</dd>
      </div>
      <div>
        <dt>{cart.delivery.addressDescription ? 'Indirizzo' : 'Punto vendita'}</dt>
        <dd>{cart.delivery.addressDescription ?? cartStoreName(cart)}</dd>
      </div>
      <div>
        <dt>Prima disponibilità</dt>
        <dd>{firstSlotText(slot)}</dd>
      </div>
    </dl>
  );
}

function Totals({ cart }: { cart: Cart }) {
  const short = shortOfMinimumText(cart);
  return (
    <div className="cart-totals" aria-live="polite" aria-atomic="true">
      <dl>
        <div>
          <dt>Prodotti</dt>
          <dd>{cart.itemsCount}</dd>
        </div>
        <div>
          <dt>Totale prodotti</dt>
          <dd data-testid="cart-net-total">{formatEuro(cart.netTotal)}</dd>
        </div>
        {cart.fees.map((fee) => (
          <div key={fee.id} className="cart-totals__fee">
            <dt>{fee.description}</dt>
            <dd>{formatEuro(fee.value)}</dd>
          </div>
        ))}
        <div className="cart-totals__total">
          <dt>Totale</dt>
          <dd data-testid="cart-total">{formatEuro(cart.total)}</dd>
        </div>
        <div>
          <dt>Ordine minimo</dt>
          <dd>{formatEuro(cart.minNetTotal)}</dd>
        </div>
      </dl>
      {short && <p className="cart-totals__below">{short}</p>}
    </div>
  );
}

function DeleteCart() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      const next = await abort();
      setOpen(false);
      showToast('Carrello eliminato', 'success');
      if (!next) window.location.assign(routes.cartCreate);
    } catch {
      showToast(GENERIC_ERROR, 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className="button cart-delete" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Elimina carrello
      </button>
      <ModalDialog title="Eliminare il carrello?" role="alertdialog" isOpen={open} onClose={() => setOpen(false)}>
        <p>Il carrello e tutti i prodotti che contiene saranno eliminati.</p>
        <div className="cart-actions">
          <button type="button" className="button" onClick={() => setOpen(false)}>
            Annulla
          </button>
          <button type="button" className="button button-primary" onClick={() => void confirm()} disabled={busy}>
            Elimina
          </button>
        </div>
      </ModalDialog>
    </>
  );
}

export function CartScreen({ user }: { user: SessionUser }) {
  const cart = useStore($cart);
  const loaded = useStore($cartLoaded);
  useFirstViewEnd(cart !== null);
  useEffect(() => {
    ensureCart().catch(() => null);
  }, []);
  useEffect(() => {
    if (loaded && !cart) window.location.replace(routes.cartCreate);
  }, [loaded, cart]);
  if (!cart)
    return (
      <p className="cart-loading" role="status">
        Caricamento del carrello…
      </p>
    );
  return (
    <div className="cart-layout">
      <section className="cart-items" aria-labelledby="cart-items-title">
        <h2 id="cart-items-title">Prodotti nel carrello</h2>
        {cart.items.length === 0 ? (
          <p className="empty">
            Il carrello è vuoto. <a href={routes.home}>Scegli i prodotti</a>
          </p>
        ) : (
          <ul className="cart-rows">
            {cart.items.map((item) => (
              <CartRow key={item.barcode} item={item} />
            ))}
          </ul>
        )}
      </section>
      <aside className="cart-summary" aria-labelledby="cart-summary-title">
        <h2 id="cart-summary-title">Riepilogo</h2>
        <Summary cart={cart} />
        {flags.SHOW_CART_UPDATE && (
          <p>
            <a href={routes.cartUpdate}>Cambia modalità o punto vendita</a>
          </p>
        )}
        <Totals cart={cart} />
        <BookButton cart={cart} user={user} />
        <div className="cart-summary__more">
          {flags.SHOW_CART_LISTS && <OpenCarts current={cart} />}
          <DeleteCart />
        </div>
      </aside>
    </div>
  );
}

export default function CartView() {
  return (
    <RequireShopper reason="Per vedere il carrello accedi con il tuo account.">
      {(user) => <CartScreen user={user} />}
    </RequireShopper>
  );
}
