// The 'Attenzione' popup shown when the server closed the shopper's cart and
// moved its products to a shopping list (spec §8, code 4008). The island
// hydrates when the cart store reports it (CART_CLOSED_EVENT).
import { routes } from '#src/shared/routes.ts';
import { useStore } from '@nanostores/react';
import { flags } from '#src/lib/flags.ts';
import { messageFor, ErrorCode } from '#src/shared/contract/errors.ts';
import { $cartClosed } from '#src/shop/cart.store.ts';
import { ModalDialog } from '#src/components/ModalDialog.tsx';

export default function CartClosedDialog() {
  const closed = useStore($cartClosed);
  return (
    <ModalDialog title="Attenzione" role="alertdialog" isOpen={closed} onClose={() => $cartClosed.set(false)}>
      <p>{messageFor(ErrorCode.CART_CLOSED_MOVED_TO_LIST)}</p>
      <p>Il punto vendita non offre più la modalità di consegna scelta: crea un nuovo carrello e aggiungi la lista.</p>
      <div className="cart-actions">
        {flags.ENABLED_SLIST && (
          <a className="button" href={routes.profileSmartlists}>
            Vai alle liste della spesa
          </a>
        )}
        <a className="button button-primary" href={routes.cartCreate}>
          Crea un nuovo carrello
        </a>
      </div>
    </ModalDialog>
  );
}
