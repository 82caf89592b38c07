// Paying an order waiting for payment by card (docs/product.md §4 Checkout steps, XPAY):
// ask for a 3-D Secure nonce; esito OK shows the provider's page in a modal
// frame, and when the frame lands back on the shop, 'confirm' in its path goes
// to the thank-you page and any other shop page to the failed page; esito KO
// goes to the failed page; no card (4211) goes to the profile's card page.
import { APP_BASE, routes } from '#src/shared/routes.ts';
import { useRef, useState } from 'react';
import { ApiError, errorMessageOf } from '#src/lib/api-client.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { requestNonce } from '#src/shop/payments.api.ts';
import { threeDsLanding } from '#src/components/card-payment.ts';
import { ModalDialog } from './ModalDialog.tsx';

const withOrder = (path: string, orderCode: string) => `${path}?orderCode=${encodeURIComponent(orderCode)}`;

export type PayStart = 'challenge' | 'failed' | 'no-card' | 'error';

/** The pay step and its dialog; `pay` starts it, `dialog` goes somewhere in the island's tree. */
export function useOrderPayment() {
  const [payment, setPayment] = useState<{ orderCode: string; html: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function pay(orderCode: string): Promise<PayStart> {
    setBusy(true);
    try {
      const nonce = await requestNonce(orderCode);
      if (nonce.esito === 'OK' && nonce.html) {
        setPayment({ orderCode, html: nonce.html });
        return 'challenge';
      }
      window.location.assign(withOrder(routes.checkoutFailed, orderCode));
      return 'failed';
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.NO_CARD) {
        window.location.assign(withOrder(routes.profilePayments, orderCode));
        return 'no-card';
      }
      if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403))
        showToast(errorMessageOf(error), 'error');
      return 'error';
    } finally {
      setBusy(false);
    }
  }

  const dialog = payment ? (
    <ThreeDSecureDialog key={payment.orderCode} html={payment.html} onClose={() => setPayment(null)} />
  ) : null;
  return { pay, busy, dialog };
}

function ThreeDSecureDialog({ html, onClose }: { html: string; onClose: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [done, setDone] = useState(false);

  function landed() {
    let where: Location | undefined;
    try {
      where = frame.current?.contentWindow?.location;
      if (!where) return;
      const outcome = threeDsLanding(where.pathname, APP_BASE);
      if (!outcome) return;
      setDone(true);
      window.location.assign(
        `${outcome === 'confirm' ? routes.checkoutConfirm : routes.checkoutFailed}${where.search}`,
      );
    } catch {
      // The provider's own pages are of another origin: nothing to read until it sends the shopper back.
    }
  }

  return (
    <ModalDialog title="Pagamento con carta" size="frame" isOpen dismissable={!done} onClose={onClose}>
      <p className="payment-frame-note">Completa il pagamento nella pagina sicura del circuito della tua carta.</p>
      <iframe ref={frame} className="payment-frame" title="Pagamento sicuro 3-D Secure" srcDoc={html} onLoad={landed} />
      {done && <p role="status">Un momento…</p>}
    </ModalDialog>
  );
}
