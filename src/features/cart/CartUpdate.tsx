// /cart/update (spec §2): change delivery mode and store of the open cart
// (cart/move); prices follow the new store.
import { routes } from '#src/shared/routes.ts';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { showToast } from '#src/lib/toast.store.ts';
import { $cart, $cartLoaded, ensureCart, move } from '#src/shop/cart.store.ts';
import { DELIVERY_MODE_LABELS } from '#src/shared/delivery-modes.ts';
import { DeliveryForm } from './DeliveryForm.tsx';
import { RequireShopper } from '#src/shop/LoginGate.tsx';

function UpdateForm() {
  const cart = useStore($cart);
  const loaded = useStore($cartLoaded);
  useEffect(() => {
    ensureCart()
      .catch(() => null)
      .then((c) => !c && window.location.replace(routes.cartCreate));
  }, []);
  if (!loaded || !cart)
    return (
      <p className="cart-loading" role="status">
        Caricamento…
      </p>
    );
  // The cart's description already starts with its mode ('Ritiro in negozio · Superstore Bari'): the mode once, then where.
  const mode = DELIVERY_MODE_LABELS[cart.deliveryMode];
  const where = cart.storeDescription.startsWith(`${mode} · `)
    ? cart.storeDescription.slice(mode.length + 3)
    : cart.storeDescription;
  return (
    <>
      <p className="cart-update__now">
        Ora: <strong>{mode}</strong> · {where}
        {cart.delivery.addressDescription && ` · ${cart.delivery.addressDescription}`}
      </p>
      <DeliveryForm
        initial={{ deliveryMode: cart.deliveryMode, storeId: cart.storeId, addressId: cart.addressId }}
        submitLabel="Aggiorna il carrello"
        onSubmit={async (input) => {
          await move({
            deliveryMode: input.deliveryMode,
            storeId: input.storeId ?? cart.storeId,
            ...(input.addressId ? { addressId: input.addressId } : {}),
          });
          showToast('Carrello aggiornato', 'success');
          window.location.assign(routes.cart);
        }}
      />
    </>
  );
}

export default function CartUpdate() {
  return (
    <RequireShopper reason="Per modificare il carrello accedi con il tuo account.">
      {() => <UpdateForm />}
    </RequireShopper>
  );
}
