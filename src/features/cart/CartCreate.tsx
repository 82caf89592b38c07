// /cart/create (spec §2): choose how and where to shop and open the cart.
// With a cart already open it goes home; a product or a shopping list chosen
// before (spec §4 Product to add) is added as soon as the cart exists, and the
// shopper goes back to the page it was chosen on.
import { routes } from '#src/shared/routes.ts';
import { useEffect, useState } from 'react';
import {
  addListToCart,
  ensureCart,
  isPendingList,
  openCart,
  putInCart,
  takePendingForNewCart,
  type PendingForNewCart,
} from '#src/shop/cart.store.ts';
import type { Cart, LastChoice } from '#src/shared/contract/cart.ts';
import { api } from '#src/lib/api-client.ts';
import { cartCalls } from '#src/shared/contract/calls.generated.ts';
import { rememberListOutcome } from '#src/shop/list-outcome.ts';
import { DeliveryForm } from './DeliveryForm.tsx';
import { RequireShopper } from '#src/shop/LoginGate.tsx';

/** Adds what waited for the cart; its toast or list of rows not added is shown by the next page. */
async function addPending(pending: PendingForNewCart, cart: Cart): Promise<void> {
  if (!isPendingList(pending)) {
    // The 'Hai … nel carrello' toast is shown by the page the shopper lands
    // on, for a toast's whole time: here it would go with the page.
    await putInCart(pending.barcode, pending.um ?? null, pending.amount, { onNextPage: true });
    return;
  }
  try {
    rememberListOutcome({ listId: pending.listId, notAdded: await addListToCart(pending.listId, cart.id) });
  } catch {
    // The list is gone (deleted in another tab): the lists page shows the lists there are.
  }
}

function CreateForm() {
  const [ready, setReady] = useState(false);
  const [last, setLast] = useState<LastChoice | null>(null);
  useEffect(() => {
    ensureCart()
      .catch(() => null)
      .then(async (cart) => {
        if (cart) return window.location.replace(routes.home);
        // The next cart starts as the last one (docs/product.md §4 Next cart): one tap confirms it.
        setLast(await api.data(cartCalls.lastChoice).catch(() => null));
        setReady(true);
      });
  }, []);
  if (!ready)
    return (
      <p className="cart-loading" role="status">
        Caricamento…
      </p>
    );
  return (
    <DeliveryForm
      {...(last ? { initial: last } : {})}
      submitLabel="Crea il carrello"
      onSubmit={async (input) => {
        const cart = await openCart(input);
        const pending = takePendingForNewCart();
        if (pending) await addPending(pending, cart);
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
