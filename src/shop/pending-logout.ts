// A logout must reach the shop to end the session there (decision 027): the session cookie is
// HttpOnly, so the page cannot throw it away itself. Made offline (or when the shop did not
// answer), the logout waits in localStorage and is sent again at the next online moment: when
// the browser says the connection is back, and on every page's start. The page forgets the
// shopper at once all the same (session.actions.ts).
import { urlOf } from '#src/shared/contract/call.ts';
import { profileCalls } from '#src/shared/contract/calls.generated.ts';

const PENDING_KEY = 'spesa.logoutPending';
/** Past this, the session it was meant to end has expired by itself (session-token.ts: 12 h). */
const PENDING_FOR_MS = 13 * 60 * 60 * 1000;

/**
 * Asks the shop to end the browser's session: true once the shop answered (ended it, or it had
 * already ended: 401), false when the request did not get through or the shop could not do it.
 */
async function sendLogout(): Promise<boolean> {
  if (navigator.onLine === false) return false;
  try {
    const response = await fetch(urlOf(profileCalls.logout), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      // It goes on while the page moves home.
      keepalive: true,
    });
    return response.status < 500;
  } catch {
    return false;
  }
}

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/** Ends the session on the shop now, or as soon as the connection allows. */
export async function endSessionOnShop(): Promise<void> {
  if (await sendLogout()) return forgetQueuedLogout();
  try {
    storage()?.setItem(PENDING_KEY, String(Date.now()));
  } catch {
    // Storage refused: the session ends when it expires.
  }
}

/** A login has replaced the session (the shop ended the one the cookie held): nothing left to send. */
export function forgetQueuedLogout(): void {
  storage()?.removeItem(PENDING_KEY);
}

let sending = false;

async function sendQueuedLogout(): Promise<void> {
  const since = Number(storage()?.getItem(PENDING_KEY) ?? Number.NaN);
  if (Number.isNaN(since) || sending) return;
  if (Date.now() - since > PENDING_FOR_MS) return forgetQueuedLogout();
  sending = true;
  try {
    if (await sendLogout()) forgetQueuedLogout();
  } finally {
    sending = false;
  }
}

/** On every page: a logout still waiting is sent now, and whenever the connection comes back. */
export function sendQueuedLogoutWhenOnline(): void {
  window.addEventListener('online', () => void sendQueuedLogout());
  void sendQueuedLogout();
}
