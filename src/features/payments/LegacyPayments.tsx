// Legacy /payments (docs/product.md §2): no card → it says so, with a button opening the
// boarding page in a new tab; a card → 'already set' and a Remove button. The
// provider sends the shopper back here with ?boarding=ok|ko.
import { routes } from '#src/shared/routes.ts';
import { useEffect, useState } from 'react';
import { ApiError, errorMessageOf } from '#src/lib/api-client.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { RequireShopper } from '#src/shop/LoginGate.tsx';
import { removeCard } from '#src/shop/payments.api.ts';
import { REMOVAL_OK, boardingOutcome } from '#src/components/card-payment.ts';
import { CardFacts } from './CardFacts.tsx';
import { ModalDialog } from '#src/components/ModalDialog.tsx';
import { OutcomePopup } from './OutcomePopup.tsx';
import { useCard } from './use-card.ts';

function Legacy() {
  const { methods, card, error, setMethods } = useCard();
  const [boarding, setBoarding] = useState<'ok' | 'ko' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [removed, setRemoved] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setBoarding(boardingOutcome(window.location.search)), []);

  async function remove() {
    setBusy(true);
    try {
      setMethods(await removeCard());
      setRemoved(true);
      setBoarding(null);
    } catch (e) {
      if (!(e instanceof ApiError) || (e.status !== 401 && e.status !== 403)) showToast(errorMessageOf(e), 'error');
    } finally {
      setBusy(false);
      setConfirming(false);
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
      {boarding === 'ok' && card && (
        <p className="payment-notice payment-notice--ok" role="status">
          La verifica della carta è andata a buon fine: la carta è associata.
        </p>
      )}
      {boarding === 'ko' && (
        <p className="payment-notice payment-notice--ko" role="alert">
          La verifica della carta non è andata a buon fine: la carta non è stata associata. Puoi riprovare.
        </p>
      )}
      {card ? (
        <section className="payment-card" aria-labelledby="legacy-card-title">
          <h2 id="legacy-card-title">Carta già impostata</h2>
          <p>Hai già impostato una carta di pagamento per i tuoi acquisti online.</p>
          <CardFacts card={card} />
          <button
            type="button"
            className="button button-danger"
            aria-haspopup="dialog"
            onClick={() => setConfirming(true)}
          >
            Rimuovi
          </button>
        </section>
      ) : (
        <section className="payment-card" aria-labelledby="legacy-card-title">
          <h2 id="legacy-card-title">Nessuna carta associata</h2>
          <p>
            Non hai ancora associato una carta di pagamento. La associ sulla pagina sicura del circuito, che si apre in
            una nuova scheda.
          </p>
          <a className="button button-primary" href={routes.paymentsBoarding} target="_blank" rel="noopener">
            Associa una carta<span className="visually-hidden"> (si apre in una nuova scheda)</span>
          </a>
        </section>
      )}
      <ModalDialog
        title="Rimuovere la carta?"
        role="alertdialog"
        isOpen={confirming}
        dismissable={!busy}
        onClose={() => setConfirming(false)}
      >
        <p>La carta non sarà più utilizzabile per pagare online.</p>
        <div className="payment-actions">
          <button type="button" className="button" disabled={busy} onClick={() => setConfirming(false)} autoFocus>
            Annulla
          </button>
          <button type="button" className="button button-danger" disabled={busy} onClick={() => void remove()}>
            Sì, rimuovi la carta
          </button>
        </div>
      </ModalDialog>
      {removed && (
        <OutcomePopup
          title={REMOVAL_OK}
          text="La carta non è più associata al tuo profilo."
          tone="success"
          onClose={() => setRemoved(false)}
        />
      )}
    </>
  );
}

function LegacyPayments() {
  return <RequireShopper look="profile">{() => <Legacy />}</RequireShopper>;
}
export default LegacyPayments;
