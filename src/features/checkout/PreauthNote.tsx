// The variable-weight note of docs/product.md §2 /checkout/confirm and §9: weighed
// products may differ up to 10%, so the card pre-authorisation adds 10% on
// them; only what is actually prepared is charged (docs/architecture.md §4).
const PREAUTH_TEXT =
  "Per i prodotti a peso variabile l'importo finale può variare: per il pagamento con carta l'importo preautorizzato è maggiorato del 10% sul valore di questi prodotti. Ti verrà addebitato solo quanto effettivamente preparato.";

export function PreauthNote() {
  return <p className="checkout-preauth">{PREAUTH_TEXT}</p>;
}
