// /staff: the profile deletions shoppers asked for and the cooperative has not
// handled yet (spec §2, §9: within 48 hours after checks). Any store operator
// sees them; a customer with a shopping in progress is flagged, since the
// profile then cannot be deleted automatically (they are sent to a store).
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { api, ApiError } from '#src/lib/api-client.ts';
import { $user } from '#src/shop/session.store.ts';
import { deletionRequest, type DeletionRequest } from '#src/shared/contract/deletion-requests.ts';
import { roleOf } from './staff-rules.ts';

const when = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

function Requests() {
  const [requests, setRequests] = useState<DeletionRequest[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    api.data('get', '/cli/ops/deletion-requests', z.array(deletionRequest)).then(setRequests, (e: unknown) => {
      setRequests([]);
      setProblem(e instanceof ApiError ? e.message : 'Errore generico.');
    });
  }, []);
  return (
    <section className="staff-deletions" aria-labelledby="staff-deletions-title">
      <h2 id="staff-deletions-title">Richieste di eliminazione del profilo</h2>
      <p>Vanno gestite entro 48 ore dalla richiesta, dopo le verifiche. Un profilo con una spesa in corso non può essere eliminato automaticamente.</p>
      {problem && <p className="form-error" role="alert">{problem}</p>}
      {requests === null ? (
        <p role="status">Caricamento delle richieste…</p>
      ) : requests.length === 0 ? (
        !problem && <p>Nessuna richiesta in attesa.</p>
      ) : (
        <ul className="staff-deletions__list">
          {requests.map((r) => (
            <li key={r.userId} className="staff-deletion" aria-label={`Richiesta di ${r.firstName} ${r.lastName}`}>
              <strong>{r.firstName} {r.lastName}</strong> · {r.email}
              <dl className="checkout-facts">
                <div><dt>Richiesta del</dt><dd>{when(r.requestedAt)}</dd></div>
                <div><dt>Da gestire entro</dt><dd>{when(r.dueBy)}</dd></div>
              </dl>
              {r.shoppingInProgress && <p className="staff-deletion__busy">Spesa in corso: il profilo non può essere eliminato automaticamente.</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function StaffDeletionRequests() {
  const user = useStore($user);
  // Only for store staff; StaffOrders tells anyone else the page is not for them.
  if (!user || roleOf(user.jwt) !== 'OPERATOR') return null;
  return <Requests />;
}
