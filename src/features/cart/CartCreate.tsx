// /cart/create (spec §2): choose how and where to shop and open the cart.
// With a cart already open it goes home; a product chosen before (spec §4
// Product to add) is added as soon as the cart exists.
import { routes } from '#src/shared/routes.ts';
import { useEffect, useState } from 'react';
import { ensureCart, openCart, putInCart, takePendingForNewCart } from '#src/shop/cart.store.ts';
import { DeliveryForm } from './DeliveryForm.tsx';
import { RequireShopper } from '#src/shop/LoginGate.tsx';

function CreateForm() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    ensureCart()
      .catch(() => null)
      .then((cart) => (cart ? window.location.replace(routes.home) : setReady(true)));
  }, []);
  if (!ready)
    return (
      <p className="cart-loading" role="status">
        Caricamento…
      </p>
    );
  return (
    <DeliveryForm
      submitLabel="Crea il carrello"
      onSubmit={async (input) => {
        await openCart(input);
        const pending = takePendingForNewCart();
        // The 'Hai … nel carrello' toast is shown by the page the shopper lands
        // on, for a toast's whole time: here it would go with the page.
        if (pending) await putInCart(pending.barcode, pending.um ?? null, pending.amount, { onNextPage: true });
        window.location.assign(pending?.returnTo ?? routes.home);
      }}
    />
  );
}

export default function CartCreate() {
  return (
    <RequireShopper reason="Per creare il carrello accedi con il tuo account.">{() => <CreateForm />}</RequireShopper>
  );
}
