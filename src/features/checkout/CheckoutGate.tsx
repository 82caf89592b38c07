// Every checkout step needs a logged-in shopper and a current cart above the
// minimum order (docs/product.md §5, §6); otherwise a clear message and a way on.
import { routes } from '#src/shared/routes.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { RequireShopper } from '#src/shop/LoginGate.tsx';
import { $cart, $cartLoaded, ensureCart } from '#src/shop/cart.store.ts';
import type { Cart } from '#src/shared/contract/cart.ts';
import { belowMinimum, minimumOrderMessage } from '#src/shared/minimum-order.ts';
import type { SessionUser } from '#src/shared/contract/session.ts';
import { useFirstViewEnd } from '#src/shop/use-first-view.ts';
import { CHECKOUT_STEPS } from './checkout-rules.ts';

export function CheckoutGate({ children }: { children: (user: SessionUser, cart: Cart) => ReactNode }) {
  return (
    <RequireShopper look="notice" reason="Accedi per prenotare la tua spesa.">
      {(user) => <CartGate user={user}>{children}</CartGate>}
    </RequireShopper>
  );
}

export function CartGate({
  user,
  children,
}: {
  user: SessionUser;
  children: (user: SessionUser, cart: Cart) => ReactNode;
}) {
  const cart = useStore($cart);
  const loaded = useStore($cartLoaded);
  const [failed, setFailed] = useState(false);
  useFirstViewEnd(failed || loaded);
  useEffect(() => {
    ensureCart().catch(() => setFailed(true));
  }, []);

  if (failed)
    return (
      <p className="checkout-error" role="alert">
        Errore di comunicazione col server
      </p>
    );
  if (!loaded) return <p role="status">Caricamento del carrello…</p>;
  if (!cart || cart.itemsCount === 0) {
    return (
      <div className="checkout-notice">
        <p>Non hai un carrello da prenotare: riempi il carrello e poi scegli giorno e fascia oraria.</p>
        <a className="button button-primary" href={cart ? routes.cart : routes.cartCreate}>
          {cart ? 'Vai al carrello' : 'Crea il carrello'}
        </a>
      </div>
    );
  }
  if (belowMinimum(cart)) {
    return (
      <div className="checkout-notice">
        <p>{minimumOrderMessage(cart.minNetTotal)}</p>
        <a className="button button-primary" href={routes.cart}>
          Torna al carrello
        </a>
      </div>
    );
  }
  return <>{children(user, cart)}</>;
}

/** Where the shopper is in the checkout (docs/product.md §4 Checkout steps). */
export function CheckoutSteps({ current }: { current: 0 | 1 | 2 }) {
  return (
    <nav aria-label="Passaggi della prenotazione">
      <ol className="checkout-steps">
        {CHECKOUT_STEPS.map((step, i) => (
          <li
            key={step.href}
            className={i === current ? 'is-current' : i < current ? 'is-done' : undefined}
            aria-current={i === current ? 'step' : undefined}
          >
            {i < current ? <a href={step.href}>{step.label}</a> : <span>{step.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Store (or address) and delivery mode of the cart being booked. */
export function StoreLine({ cart }: { cart: Cart }) {
  return (
    <p className="checkout-store">
      <span className="checkout-store__label">
        {cart.delivery.addressDescription ? 'Consegna a:' : 'Punto vendita:'}
      </span>{' '}
      <strong>{cart.delivery.addressDescription ?? cart.storeDescription}</strong>
      {cart.delivery.addressDescription && <span> ({cart.storeDescription})</span>}
    </p>
  );
}
