// The availability overlay of docs/product.md §2: the day and time-slot picker as a
// dialog, from the header or the cart. A slot chosen here is the one the
// checkout starts from. The button is built into every page and shown only
// to a logged-in shopper (CSS on html[data-session]).
import { routes } from '#src/shared/routes.ts';
import '#src/styles/checkout.css';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $user } from '#src/shop/session.store.ts';
import { $cart, ensureCart } from '#src/shop/cart.store.ts';
import { ModalDialog } from '#src/components/ModalDialog.tsx';
import { formatSlot } from '#src/lib/dates.ts';
import { checkoutFor, chooseSlot, type ChosenSlot } from './checkout.store.ts';
import { SlotPicker } from './SlotPicker.tsx';

export default function AvailabilityOverlay({ label = 'Disponibilità' }: { label?: string }) {
  const user = useStore($user);
  const cart = useStore($cart);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<ChosenSlot | null>(null);

  function show() {
    if (!user) return;
    void ensureCart().catch(() => null);
    setChoice(cart ? checkoutFor(cart.id).slot : null);
    setOpen(true);
  }
  function keep() {
    if (cart) chooseSlot(cart.id, choice);
    setOpen(false);
  }

  return (
    <>
      <button type="button" className="availability-trigger" aria-haspopup="dialog" onClick={show}>
        {label}
      </button>
      <ModalDialog title="Giorni e fasce orarie disponibili" isOpen={open} onClose={() => setOpen(false)} size="wide">
        {!cart ? (
          <p>
            Le fasce orarie dipendono dal punto vendita e dalla modalità scelti:{' '}
            <a href={routes.cartCreate}>crea il carrello</a> per vederle.
          </p>
        ) : (
          <>
            <p className="checkout-store">
              Punto vendita: <strong>{cart.storeDescription}</strong>
            </p>
            <SlotPicker cartId={cart.id} value={choice} onChange={setChoice} idPrefix="overlay" />
            <p className="checkout-choice" aria-live="polite">
              {choice ? (
                <>
                  Fascia scelta: <strong>{formatSlot(choice)}</strong>
                </>
              ) : (
                'Scegli un giorno e una fascia oraria.'
              )}
            </p>
            <div className="cart-actions">
              <button type="button" className="button" onClick={() => setOpen(false)}>
                Chiudi
              </button>
              <button type="button" className="button button-primary" disabled={!choice} onClick={keep}>
                Tieni questa fascia
              </button>
            </div>
          </>
        )}
      </ModalDialog>
    </>
  );
}
