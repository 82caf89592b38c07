// On every page: loads the shopper's current cart (so the header shows its
// total) and shows the 'Attenzione' popup when the server closed the cart and
// moved its products to a shopping list (spec §8, code 4008).
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { flags } from '#src/lib/flags.ts';
import { $user } from '#src/features/session/session.store.ts';
import { messageFor, ErrorCode } from '#src/shared/contract/errors.ts';
import { $cartClosed, cartPaths, loadCurrent } from './cart.store.ts';
import { ModalDialog } from '#src/components/ModalDialog.tsx';

const listsHref = cartPaths.home.replace(/\/$/, '') + '/profile/smartlists';

export default function CartBootstrap() {
  const closed = useStore($cartClosed);
  useEffect(() => {
    if ($user.get()) loadCurrent().catch(() => undefined);
  }, []);
  return (
    <ModalDialog title="Attenzione" role="alertdialog" isOpen={closed} onClose={() => $cartClosed.set(false)}>
      <p>{messageFor(ErrorCode.CART_CLOSED_MOVED_TO_LIST)}</p>
      <p>Il punto vendita non offre più la modalità di consegna scelta: crea un nuovo carrello e aggiungi la lista.</p>
      <div className="cart-actions">
        {flags.ENABLED_SLIST && (
          <a className="button" href={listsHref}>
            Vai alle liste della spesa
          </a>
        )}
        <a className="button button-primary" href={cartPaths.create}>
          Crea un nuovo carrello
        </a>
      </div>
    </ModalDialog>
  );
}
