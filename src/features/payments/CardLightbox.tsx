// The provider's lightbox in a modal frame (docs/product.md §4 Card state): a signed
// card-association transaction of amount 0; the lightbox tells its result with
// a window message (XPay_Payment_Result), accepted only from the provider's
// origin and from this frame.
import { useEffect, useRef } from 'react';
import { lightboxResult, type LightboxOutcome } from '#src/components/card-payment.ts';
import { ModalDialog } from '#src/components/ModalDialog.tsx';

export function CardLightbox({
  url,
  providerOrigin,
  onResult,
  onClose,
}: {
  url: string;
  providerOrigin: string;
  onResult: (esito: LightboxOutcome) => void;
  onClose: () => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (frame.current && event.source !== frame.current.contentWindow) return;
      const result = lightboxResult(event.origin, event.data, providerOrigin);
      if (result) onResult(result.esito);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [providerOrigin, onResult]);

  return (
    <ModalDialog title="Associa la tua carta" size="frame" isOpen onClose={onClose}>
      <p className="payment-frame-note">
        Inserisci i dati della carta nella pagina sicura del circuito: non viene addebitato alcun importo.
      </p>
      <iframe ref={frame} className="payment-frame" title="Associazione carta, pagina sicura del circuito" src={url} />
    </ModalDialog>
  );
}
