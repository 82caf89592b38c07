// What logging in and out does (docs/product.md §4 Session). A confirmed session is
// announced on $sessionStart; the cart, the favourites and the product chosen
// before logging in follow it through their own listeners.
import { allTasks } from 'nanostores';
import { api } from '#src/lib/api-client.ts';
import { profileCalls } from '#src/shared/contract/calls.generated.ts';
import { routes } from '#src/shared/routes.ts';
import { $sessionStart, $user, clearSession, setSession } from './session.store.ts';
import { forgetPersonalCaches } from './offline-caches.ts';
import { endPushSubscription } from './push-subscription.ts';
import { endSessionOnShop, forgetQueuedLogout } from './pending-logout.ts';

export async function login(username: string, password: string): Promise<void> {
  // The session goes into an HttpOnly cookie, out of page scripts' reach (decision 027).
  const { profile, role } = await api.data(profileCalls.login, { body: { username, password, session: 'cookie' } });
  // The shop ended the session the cookie held before (a logout made offline, say): nothing to send later.
  forgetQueuedLogout();
  setSession({ profile, role });
  $sessionStart.set({ kind: 'login' });
  // The panel closes once the cart (and a product waiting for the login) is in place.
  await allTasks();
}

export async function logout(): Promise<void> {
  try {
    // Ended on the shop now, or once the connection is back (pending-logout.ts).
    await endSessionOnShop();
  } finally {
    clearSession();
    // Nothing of the shopper stays in the browser's caches (offline-caches.ts).
    await forgetPersonalCaches().catch(() => 0);
    // Nor does this device get the shopper's order notifications any more (push-subscription.ts).
    await endPushSubscription().catch(() => {});
    window.location.assign(routes.home);
  }
}

/** At start-up: refresh the stored user (a revoked or expired token ends the session). */
export async function refreshSession(): Promise<void> {
  if (!$user.get()) return;
  try {
    const { profile, role } = await api.data(profileCalls.session);
    setSession({ profile, role });
    $sessionStart.set({ kind: 'resumed' });
  } catch {
    // 401/403 already cleared the session in the client; nothing else to do.
  }
}
