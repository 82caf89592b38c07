// Booking (spec §4 Booking, §5): below the minimum order the spec's message;
// a shopper without mobile phone or e-mail goes to the profile; then the
// freeze check: 0 goes to the checkout, 4105 shows what changed first.
import { routes } from '#src/shared/routes.ts';
import { useState } from 'react';
import { ApiError, errorMessageOf } from '#src/lib/api-client.ts';
import { showToast } from '#src/lib/toast.store.ts';
import type { Cart, CartItem } from '#src/shared/contract/cart.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import type { SessionUser } from '#src/shared/contract/session.ts';
import { freezeCheck } from '#src/shop/cart.store.ts';
import { ChangedItems } from '#src/components/ChangedItems.tsx';
import { ModalDialog } from '#src/components/ModalDialog.tsx';
import { belowMinimum, minimumOrderMessage } from '#src/shared/minimum-order.ts';

export function BookButton({ cart, user }: { cart: Cart; user: SessionUser }) {
  const [message, setMessage] = useState<string | null>(null);
  const [changed, setChanged] = useState<{ updated: CartItem[]; removed: CartItem[] } | null>(null);
  const [busy, setBusy] = useState(false);

  async function book() {
    setMessage(null);
    if (belowMinimum(cart)) return setMessage(minimumOrderMessage(cart.minNetTotal));
    if (!user.profile.mobilePhone || !user.profile.email) {
      showToast('Per prenotare completa il profilo con numero di cellulare ed e-mail.', 'info');
      return window.location.assign(routes.profile);
    }
    setBusy(true);
    try {
      const check = await freezeCheck();
      if (check.kind === 'ok') return window.location.assign(routes.checkout);
      setChanged({ updated: check.updated, removed: check.removed });
    } catch (error) {
      const text = errorMessageOf(error);
      if (error instanceof ApiError && error.code === ErrorCode.BELOW_MINIMUM) setMessage(text);
      else showToast(text, 'error');
    } finally {
      setBusy(false);
    }
  }

  function continueToCheckout() {
    setChanged(null);
    window.location.assign(routes.checkout);
  }

  return (
    <>
      <button type="button" className="button button-primary cart-book" onClick={() => void book()} disabled={busy}>
        Prenota
      </button>
      <p className="cart-book__message" role="alert">
        {message}
      </p>
      <ModalDialog title="Attenzione!" role="alertdialog" isOpen={changed !== null} onClose={continueToCheckout}>
        {changed && <ChangedItems {...changed} />}
        <div className="cart-actions">
          <button type="button" className="button button-primary" onClick={continueToCheckout}>
            Continua
          </button>
        </div>
      </ModalDialog>
    </>
  );
}
