// /staff: the profile deletions shoppers asked for and the cooperative has not
// handled yet (docs/product.md §2, §9: within 48 hours after checks). Any store operator
// sees them and handles them: carries one out after a confirmation
// (docs/decisions/006-profile-deletion.md), or closes it with a reason mailed
// to the customer when it cannot be carried out — a shopping in progress is
// flagged, since the profile then cannot be deleted automatically (docs/product.md §4).
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { z } from '#src/shared/zod.ts';
import { ModalDialog } from '#src/components/ModalDialog.tsx';
import { api, ApiError, errorMessageOf } from '#src/lib/api-client.ts';
import { staffCalls } from '#src/shared/contract/calls.generated.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { $user } from '#src/shop/session.store.ts';
import {
  deletionRefusal,
  REFUSAL_SHOPPING_IN_PROGRESS,
  STAFF_SHOPPING_IN_PROGRESS,
  type DeletionRequest,
} from '#src/shared/contract/deletion-requests.ts';
import { ErrorCode, GENERIC_ERROR } from '#src/shared/contract/errors.ts';

const when = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

type Action = { kind: 'delete' | 'refuse'; request: DeletionRequest };

/** The staff's wording of a failed action: 4206 speaks to the shopper in the catalogue, so staff get their own. */
const failure = (e: unknown) =>
  e instanceof ApiError
    ? e.code === ErrorCode.SHOPPING_IN_PROGRESS
      ? STAFF_SHOPPING_IN_PROGRESS
      : e.message
    : GENERIC_ERROR;

interface HandleDialogProps {
  action: Action | null;
  onClose: () => void;
  onDone: (userId: number, text: string) => void;
  /** The server found a shopping in progress the list did not show yet. */
  onShopping: (userId: number) => void;
}

function HandleDialog({ action, onClose, onDone, onShopping }: HandleDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const request = action?.request;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new action (another request or button) starts the dialog afresh; its request is part of it
  useEffect(() => {
    setError(null);
    setReason(request?.shoppingInProgress ? REFUSAL_SHOPPING_IN_PROGRESS : '');
  }, [action]);
  if (!action || !request) return null;
  const name = `${request.firstName} ${request.lastName}`;

  async function submit() {
    if (!action || !request) return;
    let refusal: z.output<typeof deletionRefusal> | null = null;
    if (action.kind === 'refuse') {
      const parsed = deletionRefusal.safeParse({ reason });
      if (!parsed.success) return setError(parsed.error.issues[0]!.message);
      refusal = parsed.data;
    }
    setBusy(true);
    setError(null);
    try {
      const params = { userId: request.userId };
      await (refusal
        ? api.data(staffCalls.refuseDeletion, { params, body: refusal })
        : api.data(staffCalls.carryOutDeletion, { params }));
      onDone(
        request.userId,
        action.kind === 'delete'
          ? `Profilo di ${name} eliminato.`
          : `Richiesta di ${name} chiusa: il cliente riceve il motivo per e-mail.`,
      );
    } catch (e) {
      setError(failure(e));
      if (e instanceof ApiError && e.code === ErrorCode.SHOPPING_IN_PROGRESS) onShopping(request.userId);
    } finally {
      setBusy(false);
    }
  }

  const deleting = action.kind === 'delete';
  return (
    <ModalDialog
      title={deleting ? `Eliminare il profilo di ${name}?` : `Chiudere la richiesta di ${name}?`}
      role="alertdialog"
      isOpen
      dismissable={!busy}
      onClose={onClose}
    >
      {deleting ? (
        <>
          <p>
            Vengono cancellati i dati personali di {request.email}, gli indirizzi, le carte salvate, le liste della
            spesa e i preferiti; gli ordini restano, senza i dati del cliente, per gli obblighi fiscali. Tutte le
            sessioni del cliente terminano subito. L'operazione non si può annullare.
          </p>
          <p>
            Il cliente riceve una e-mail di conferma e la casella privacy della cooperativa il nome di chi ha eseguito
            l'eliminazione.
          </p>
        </>
      ) : (
        <>
          <p>
            Il profilo non viene eliminato. Il motivo viene inviato per e-mail al cliente, che potrà rivolgersi a un
            punto vendita o chiedere di nuovo l'eliminazione.
          </p>
          <div className="checkout-field">
            <label htmlFor={reasonId}>Motivo per il cliente</label>
            <textarea
              id={reasonId}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
            />
          </div>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="staff-deletion__actions">
        <button type="button" className="button button-danger" disabled={busy} onClick={() => void submit()}>
          {deleting ? 'Sì, elimina il profilo' : 'Chiudi la richiesta'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onClose} autoFocus>
          Annulla
        </button>
      </div>
    </ModalDialog>
  );
}

function Requests() {
  const [requests, setRequests] = useState<DeletionRequest[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  useEffect(() => {
    api.data(staffCalls.deletionRequests).then(setRequests, (e: unknown) => {
      setRequests([]);
      setProblem(errorMessageOf(e));
    });
  }, []);
  function handled(userId: number, text: string) {
    setAction(null);
    setRequests((list) => (list ?? []).filter((r) => r.userId !== userId));
    showToast(text, 'success');
  }
  return (
    <section className="staff-deletions" aria-labelledby="staff-deletions-title">
      <h2 id="staff-deletions-title">Richieste di eliminazione del profilo</h2>
      <p>
        Vanno gestite entro 48 ore dalla richiesta, dopo le verifiche. Un profilo con una spesa in corso non può essere
        eliminato automaticamente.
      </p>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {requests === null ? (
        <p role="status">Caricamento delle richieste…</p>
      ) : requests.length === 0 ? (
        !problem && <p>Nessuna richiesta in attesa.</p>
      ) : (
        <ul className="staff-deletions__list">
          {requests.map((r) => (
            <li key={r.userId} className="staff-deletion" aria-label={`Richiesta di ${r.firstName} ${r.lastName}`}>
              <strong>
                {r.firstName} {r.lastName}
              </strong>{' '}
              · {r.email}
              <dl className="checkout-facts">
                <div>
                  <dt>Richiesta del</dt>
                  <dd>{when(r.requestedAt)}</dd>
                </div>
                <div>
                  <dt>Da gestire entro</dt>
                  <dd>{when(r.dueBy)}</dd>
                </div>
              </dl>
              {r.shoppingInProgress && (
                <p className="staff-deletion__busy">
                  Spesa in corso: il profilo non può essere eliminato automaticamente.
                </p>
              )}
              <div className="staff-deletion__actions">
                <button
                  type="button"
                  className="button button-danger"
                  aria-haspopup="dialog"
                  onClick={() => setAction({ kind: 'delete', request: r })}
                >
                  Elimina il profilo
                </button>
                <button
                  type="button"
                  className="button"
                  aria-haspopup="dialog"
                  onClick={() => setAction({ kind: 'refuse', request: r })}
                >
                  Chiudi la richiesta
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <HandleDialog
        action={action}
        onClose={() => setAction(null)}
        onDone={handled}
        onShopping={(userId) =>
          setRequests((list) => (list ?? []).map((r) => (r.userId === userId ? { ...r, shoppingInProgress: true } : r)))
        }
      />
    </section>
  );
}

export default function StaffDeletionRequests() {
  const user = useStore($user);
  // Only for store staff; StaffOrders tells anyone else the page is not for them.
  if (user?.role !== 'OPERATOR') return null;
  return <Requests />;
}
