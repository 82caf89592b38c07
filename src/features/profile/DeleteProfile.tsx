// Profile deletion (docs/product.md §2, §4, §9): the request goes to the cooperative and
// is handled within 48 hours after checks; with a shopping in progress (4206)
// it cannot be automatic and the shopper is sent to a store.
import { routes } from '#src/shared/routes.ts';
import { useState } from 'react';
import { ApiError } from '#src/lib/api-client.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { requestDeletion } from './account.api.ts';
import { FormAlert } from './Fields.tsx';
import { ModalDialog } from '#src/components/ModalDialog.tsx';

const DELETION_SENT = 'Richiesta eliminazione profilo inviata, verrà eseguita il prima possibile.';
const DELETION_FAILED = "Errore nell'invio della richiesta";

export function DeleteProfile() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    try {
      await requestDeletion();
      setOpen(false);
      showToast(DELETION_SENT, 'success');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setOpen(false);
      if (error.code === ErrorCode.SHOPPING_IN_PROGRESS) setRefusal(error.message);
      else if (error.status !== 401 && error.status !== 403) showToast(DELETION_FAILED, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="danger-zone" aria-labelledby="delete-profile-title">
      <h2 id="delete-profile-title">Elimina profilo</h2>
      <p>Puoi chiedere l'eliminazione del tuo profilo e dei tuoi dati.</p>
      <FormAlert message={refusal}>
        <a href={routes.stores}>Trova il punto vendita più vicino</a>
      </FormAlert>
      <button type="button" className="button button-danger" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Elimina profilo
      </button>
      <ModalDialog
        title="Eliminare il profilo?"
        role="alertdialog"
        isOpen={open}
        dismissable={!busy}
        onClose={() => setOpen(false)}
      >
        <p>
          La richiesta viene inviata alla cooperativa e gestita entro 48 ore, dopo le verifiche necessarie. Se hai una
          spesa in corso il profilo non può essere eliminato automaticamente: in quel caso puoi rivolgerti a un punto
          vendita.
        </p>
        <div className="form-actions">
          <button type="button" className="button button-danger" disabled={busy} onClick={() => void confirm()}>
            Sì, invia la richiesta
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => setOpen(false)} autoFocus>
            Annulla
          </button>
        </div>
      </ModalDialog>
    </section>
  );
}
