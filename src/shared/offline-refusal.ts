// The refusal of a write while offline, apart from offline.ts: the API client (its chunk is
// loaded by the islands) and the header's offline banner (loaded by every page) then share no
// module, so a catalogue page does not load the API client's chunk for a few constants.

/** Every write (add to cart, book, pay, sign in) refused at once while offline, never queued. */
export const OFFLINE_WRITE_REFUSED = 'Sei offline: riprova quando torna la connessione.';
