// /profile/payments (docs/product.md §2, §4 Card state, §8): the linked card with
// Remove (confirm → 'Rimozione carta avvenuta correttamente!'), or Associate
// (confirm → the provider's lightbox; its result event → the methods again:
// an XPAY method → 'Associazione avvenuta correttamente!', none → 'Qualcosa è
// andato storto'). With ?orderCode= (pay-now, or a card checkout without a
// card) a linked card offers to pay that order straight away.
import { useCallback, useEffect, useState } from 'react';
import { ApiError, errorMessageOf } from '#src/lib/api-client.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { RequireShopper } from '#src/shop/LoginGate.tsx';
import { linkedCard, loadLightboxConfig, removeCard, startBoarding } from '#src/shop/payments.api.ts';
import {
  ASSOCIATION_KO,
  ASSOCIATION_KO_TEXT,
  ASSOCIATION_OK,
  REMOVAL_OK,
  orderCodeOf,
  type LightboxOutcome,
} from '#src/components/card-payment.ts';
import { CardFacts } from './CardFacts.tsx';
import { CardLightbox } from './CardLightbox.tsx';
import { useOrderPayment } from '#src/components/OrderPayment.tsx';
import { ModalDialog } from '#src/components/ModalDialog.tsx';
import { OutcomePopup } from './OutcomePopup.tsx';
import { useCard } from './use-card.ts';

type Outcome = 'associated' | 'failed' | 'removed';
const fail = (e: unknown) => {
  if (!(e instanceof ApiError) || (e.status !== 401 && e.status !== 403)) showToast(errorMessageOf(e), 'error');
};

function PayOrder({ orderCode, hasCard }: { orderCode: string; hasCard: boolean }) {
  const { pay, busy, dialog } = useOrderPayment();
  return (
    <section className="payment-order" aria-labelledby="payment-order-title">
      <h2 id="payment-order-title">Ordine {orderCode} in attesa di pagamento</h2>
      {hasCard ? (
        <>
          <p>La tua carta è associata: puoi pagare l'ordine adesso.</p>
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void pay(orderCode)}>
            Paga ora l'ordine
          </button>
        </>
      ) : (
        <p>Nessuna carta associata: associa una carta qui sotto per pagare l'ordine online.</p>
      )}
      {dialog}
    </section>
  );
}

function Cards() {
  const { methods, card, error, reload, setMethods } = useCard();
  const [orderCode, setOrderCode] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'associate' | 'remove' | null>(null);
  const [lightbox, setLightbox] = useState<{ url: string; providerOrigin: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setOrderCode(orderCodeOf(window.location.search)), []);

  async function openLightbox() {
    setBusy(true);
    try {
      const [config, start] = await Promise.all([loadLightboxConfig(), startBoarding()]);
      setLightbox({ url: start.lightboxUrl, providerOrigin: config.providerOrigin });
      setConfirming(null);
    } catch (e) {
      setConfirming(null);
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  const onResult = useCallback(
    async (esito: LightboxOutcome) => {
      setLightbox(null);
      if (esito === 'ANNULLO') return; // the shopper closed the lightbox
      const list = await reload();
      setOutcome(list && linkedCard(list) ? 'associated' : 'failed');
    },
    [reload],
  );

  async function remove() {
    setBusy(true);
    try {
      setMethods(await removeCard());
      setConfirming(null);
      setOutcome('removed');
    } catch (e) {
      setConfirming(null);
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  if (error && !methods)
    return (
      <p className="form-alert" role="alert">
        {error}
      </p>
    );
  if (!methods) return <p role="status">Caricamento della carta…</p>;
  return (
    <>
      {orderCode && <PayOrder orderCode={orderCode} hasCard={!!card} />}
      <section className="payment-card" aria-labelledby="payment-card-title">
        <h2 id="payment-card-title">{card ? 'La tua carta' : 'Nessuna carta associata'}</h2>
        {card ? (
          <>
            <CardFacts card={card} />
            <button
              type="button"
              className="button button-danger"
              aria-haspopup="dialog"
              onClick={() => setConfirming('remove')}
            >
              Rimuovi carta
            </button>
          </>
        ) : (
          <>
            <p>
              Associa una carta per pagare online le tue spese: i dati della carta restano al circuito di pagamento, il
              negozio non li conosce.
            </p>
            <button
              type="button"
              className="button button-primary"
              aria-haspopup="dialog"
              onClick={() => setConfirming('associate')}
            >
              Associa carta
            </button>
          </>
        )}
      </section>
      <ModalDialog
        title={confirming === 'remove' ? 'Rimuovere la carta?' : 'Associare una carta?'}
        role="alertdialog"
        isOpen={confirming !== null}
        dismissable={!busy}
        onClose={() => setConfirming(null)}
      >
        <p>
          {confirming === 'remove'
            ? 'La carta non sarà più utilizzabile per pagare online. Potrai associarne una nuova quando vuoi.'
            : 'Si aprirà la pagina sicura del circuito di pagamento, dove inserire i dati della carta. Non verrà addebitato alcun importo.'}
        </p>
        <div className="payment-actions">
          <button type="button" className="button" disabled={busy} onClick={() => setConfirming(null)} autoFocus>
            Annulla
          </button>
          {confirming === 'remove' ? (
            <button type="button" className="button button-danger" disabled={busy} onClick={() => void remove()}>
              Sì, rimuovi la carta
            </button>
          ) : (
            <button type="button" className="button button-primary" disabled={busy} onClick={() => void openLightbox()}>
              Sì, associa una carta
            </button>
          )}
        </div>
      </ModalDialog>
      {lightbox && (
        <CardLightbox
          url={lightbox.url}
          providerOrigin={lightbox.providerOrigin}
          onResult={(esito) => void onResult(esito)}
          onClose={() => setLightbox(null)}
        />
      )}
      {outcome === 'associated' && (
        <OutcomePopup
          title={ASSOCIATION_OK}
          text="La carta è pronta per i tuoi pagamenti online."
          tone="success"
          onClose={() => setOutcome(null)}
        />
      )}
      {outcome === 'removed' && (
        <OutcomePopup
          title={REMOVAL_OK}
          text="La carta non è più associata al tuo profilo."
          tone="success"
          onClose={() => setOutcome(null)}
        />
      )}
      {outcome === 'failed' && (
        <OutcomePopup title={ASSOCIATION_KO} text={ASSOCIATION_KO_TEXT} tone="error" onClose={() => setOutcome(null)} />
      )}
    </>
  );
}

export default function ProfilePayments() {
  return (
    <RequireShopper look="profile">
      {() => (
        <>
          <p className="payment-intro">
            La carta che associ può essere usata solo per i pagamenti su questo sito e sull'app mobile della spesa
            online. Al momento dell'associazione non viene addebitato nulla.
          </p>
          <Cards />
        </>
      )}
    </RequireShopper>
  );
}
