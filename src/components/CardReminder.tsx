// Before booking with a card: without a linked card the shopper learns now
// that, once booked, the card is associated first and then the order paid.
import { useEffect, useState } from 'react';
import { linkedCard, loadMethods } from '#src/shop/payments.api.ts';
import '#src/styles/payments.css';

export function CardReminder() {
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    loadMethods().then(
      (methods) => setMissing(!linkedCard(methods)),
      () => setMissing(false),
    );
  }, []);
  if (!missing) return null;
  return (
    <p className="payment-notice" role="note">
      Non hai ancora associato una carta: dopo la prenotazione ti chiederemo di associarla e potrai pagare subito
      l'ordine.
    </p>
  );
}
