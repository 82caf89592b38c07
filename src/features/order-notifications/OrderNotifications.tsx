// The order notifications' offer (docs/decisions/019-web-push-notifications.md), below the
// shopper's orders and the thank-you page: what they are, and a button that turns them on
// for this device. The browser asks for its permission only when the button is pressed,
// never on a page's load; a browser without Web Push, or one where the shopper blocked the
// shop's notifications, is told so, and the mails go on either way.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { type PushState, pushState, turnOffPush, turnOnPush } from '#src/shop/push-subscription.ts';
import { $user } from '#src/shop/session.store.ts';
import { useHydrated } from '#src/shop/use-hydrated.ts';
import './order-notifications.css';

const TURN_ON = "Ricevi le notifiche sull'ordine";
const TURN_OFF = 'Disattiva le notifiche';
const WHAT =
  "Ti avvisiamo su questo dispositivo quando il punto vendita conferma la disponibilità, quando l'ordine è pronto per il ritiro o in consegna, se sta per scadere o viene annullato. Solo notizie sui tuoi ordini, mai pubblicità.";
const SAID: Record<PushState, string> = {
  on: 'Le notifiche sugli ordini sono attive su questo dispositivo.',
  off: '',
  denied:
    'Le notifiche di Spesa online sono bloccate in questo browser: puoi sbloccarle dalle impostazioni del sito. Ti avvisiamo comunque per e-mail.',
  unsupported:
    "Questo browser non può ricevere notifiche (su iPhone e iPad, aggiungi prima Spesa online alla schermata Home). Ti avvisiamo comunque per e-mail e puoi seguire l'ordine da questa pagina.",
};
const FAILED =
  'Non è stato possibile attivare le notifiche su questo dispositivo: riprova più tardi. Ti avvisiamo comunque per e-mail.';
const OFF_FAILED = 'Non è stato possibile disattivare le notifiche: riprova più tardi.';

export default function OrderNotifications() {
  const user = useStore($user);
  const hydrated = useHydrated();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!hydrated || !user) return;
    let current = true;
    pushState()
      .then((s) => current && setState(s))
      .catch(() => current && setState('off'));
    return () => {
      current = false;
    };
  }, [hydrated, user]);

  if (!user || state === null) return null;

  const change = (action: () => Promise<PushState>, failed: string) => {
    setBusy(true);
    setFailure(null);
    action()
      .then(setState)
      .catch(() => setFailure(failed))
      .finally(() => setBusy(false));
  };
  return (
    <section className="order-notifications" aria-labelledby="order-notifications-title">
      <h2 id="order-notifications-title">Notifiche sull'ordine</h2>
      <p>{WHAT}</p>
      <p role="status">{failure ?? SAID[state]}</p>
      {state === 'off' && (
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => change(turnOnPush, FAILED)}
        >
          {busy ? 'Attivazione…' : TURN_ON}
        </button>
      )}
      {state === 'on' && (
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => change(turnOffPush, OFF_FAILED)}
        >
          {TURN_OFF}
        </button>
      )}
    </section>
  );
}
