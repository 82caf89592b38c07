// The error catalogue of docs/product.md §8, in one place for the server (which answers
// with these codes and messages) and the browser (which shows the message).
// The Italian texts of 42, 43, 2222, 4008, 4029, 4035, 4038 and 4105 are
// ours (docs/decisions/003); codes 1, 3, 4206–4214 are ours too (login
// failure, account not yet confirmed, deletion refused during a shopping,
// expired mailed link, a deletion request no longer pending).
export const ErrorCode = {
  OK: 0,
  BAD_CREDENTIALS: 1,
  USER_NOT_FOUND: 2,
  ACCOUNT_NOT_CONFIRMED: 3,
  INVALID_USERNAME: 4,
  INVALID_PASSWORD: 13,
  INVALID_PHONE: 30,
  DELIVERY_NOT_ACTIVE_FOR_ADDRESS: 42,
  USERNAME_TAKEN: 43,
  LAST_LIST: 2035,
  HOME_DELIVERY_NOT_ACTIVE: 2222,
  GENERIC: 4000,
  CART_NOT_FOUND: 4004,
  CART_CLOSED_MOVED_TO_LIST: 4008,
  BOOKING_CUTOFF_EXCEEDED: 4029,
  PRODUCT_NOT_FOUND: 4030,
  PRODUCT_NOT_VALID: 4031,
  MAX_QUANTITY_REACHED: 4034,
  DELIVERY_CREATION_FAILED: 4035,
  BILLING_ADDRESS_MISSING: 4037,
  MAX_PACKS_EXCEEDED: 4038,
  PRICES_CHANGED: 4105,
  WRONG_ORDER_STATUS: 4205,
  SHOPPING_IN_PROGRESS: 4206,
  INVALID_LINK: 4207,
  /** Below the cart's minNetTotal: the server's message names the amount. */
  BELOW_MINIMUM: 4208,
  STORE_MODE_NOT_OFFERED: 4209,
  SLOT_FULL: 4210,
  /** Paying by card needs a card associated in the profile first. */
  NO_CARD: 4211,
  /** The card provider refused the operation (declined card, failed 3-D Secure). */
  PAYMENT_REFUSED: 4212,
  /** A provider callback whose signature does not match: refused, nothing changes. */
  BAD_SIGNATURE: 4213,
  /** Store staff acted on a profile deletion request that is not pending (already handled, never made, or not a customer). */
  DELETION_REQUEST_NOT_PENDING: 4214,
} as const;

/** What the shop says when it has nothing more precise to say (code 4000). */
export const GENERIC_ERROR = 'Errore generico.';

const errorMessages: Readonly<Record<number, string>> = {
  1: 'Credenziali errate',
  2: 'Utente non trovato.',
  3: "Account non ancora attivato: segui il link dell'e-mail di conferma che ti abbiamo inviato per completare la registrazione.",
  4: 'Username non valido.',
  13: 'Password non valida',
  30: 'Numero di telefono non valido.',
  42: "Il servizio di consegna non è attualmente attivo per l'indirizzo indicato.",
  43: 'Username già in uso, utilizza il servizio di recupero password.',
  2035: "Non puoi eliminare l'ultima lista della spesa.",
  2222: 'La consegna a domicilio non è attiva per la città selezionata.',
  4000: GENERIC_ERROR,
  4004: 'Carrello non trovato.',
  4008: 'Il carrello è stato chiuso e i prodotti sono stati spostati nella lista della spesa.',
  4029: "L'orario limite per prenotare questa fascia oraria è stato superato.",
  4030: 'Prodotto non trovato.',
  4031: 'Prodotto non valido.',
  4034: 'Massima quantità acquistabile raggiunta.',
  4035: "Creazione della consegna non riuscita: verifica l'indirizzo o riprova più tardi.",
  4037: 'Indirizzo di fatturazione mancante.',
  4038: "Superato il numero massimo di confezioni d'acqua per ordine (5).",
  4105: 'Prezzi o disponibilità di alcuni prodotti sono cambiati.',
  4205: "Stato dell'ordine errato.",
  4206: 'Hai una spesa in corso: il profilo non può essere eliminato automaticamente. Rivolgiti a un punto vendita.',
  4207: 'Il link non è valido o è scaduto. Richiedine uno nuovo.',
  4209: 'Il punto vendita scelto non offre questa modalità di consegna.',
  4210: "La fascia oraria scelta non è più disponibile: scegline un'altra.",
  4211: 'Nessuna carta associata: associa una carta dal tuo profilo per pagare online.',
  4212: 'Errore! Il pagamento non è andato a buon fine. Vi chiediamo di riprovare.',
  4213: 'Firma della richiesta non valida.',
  4214: 'Nessuna richiesta di eliminazione in attesa per questo profilo: potrebbe essere già stata gestita.',
};

/** The message for a code; other codes use the server's errorMessage (docs/product.md §8). */
export function messageFor(code: number, serverMessage?: string): string {
  return errorMessages[code] ?? serverMessage ?? GENERIC_ERROR;
}

// HTTP-level messages of docs/product.md §8.
export const COMMUNICATION_ERROR = 'Errore di comunicazione col server';
export const SESSION_EXPIRED = 'Sessione scaduta, effettua di nuovo il login.';
export const TOO_MANY_ATTEMPTS = 'Troppi tentativi. Riprova tra qualche minuto.';
export const TOO_MANY_STREAMS =
  'Troppe pagine degli ordini aperte con questo accesso: chiudine qualcuna per ricevere gli aggiornamenti dal vivo.';
export const LOGIN_REQUIRED = 'Accesso richiesto.';
export const FORBIDDEN = 'Operazione non consentita.';
