// /checkout (docs/product.md §2): store shown, the 10-day strip and the slots of the
// chosen day; 'Avanti' only with a day and a slot (docs/product.md §5).
import { routes } from '#src/shared/routes.ts';
import { useStore } from '@nanostores/react';
import type { Cart } from '#src/shared/contract/cart.ts';
import { formatSlot } from '#src/lib/dates.ts';
import { CheckoutGate, CheckoutSteps, StoreLine } from './CheckoutGate.tsx';
import { $checkout, checkoutFor, chooseSlot } from './checkout.store.ts';
import { SlotPicker } from './SlotPicker.tsx';

export function Slots({ cart }: { cart: Cart }) {
  useStore($checkout);
  const { slot } = checkoutFor(cart.id);
  return (
    <>
      <CheckoutSteps current={0} />
      <StoreLine cart={cart} />
      <SlotPicker cartId={cart.id} value={slot} onChange={(s) => chooseSlot(cart.id, s)} idPrefix="checkout" />
      <p className="checkout-choice" aria-live="polite">
        {slot ? (
          <>
            Hai scelto: <strong>{formatSlot(slot)}</strong>
          </>
        ) : (
          'Scegli un giorno e una fascia oraria per continuare.'
        )}
      </p>
      <div className="checkout-actions">
        <a className="button" href={routes.cart}>
          Torna al carrello
        </a>
        <button
          type="button"
          className="button button-primary"
          disabled={!slot}
          onClick={() => window.location.assign(routes.checkoutData)}
        >
          Avanti
        </button>
      </div>
    </>
  );
}

export default function CheckoutSlots() {
  return <CheckoutGate>{(_user, cart) => <Slots cart={cart} />}</CheckoutGate>;
}
