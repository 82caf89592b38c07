// What logging in and out does (docs/product.md §4 Session). A confirmed session is
// announced on $sessionStart; the cart, the favourites and the product chosen
// before logging in follow it through their own listeners.
import { allTasks } from 'nanostores';
import { api, ApiError } from '#src/lib/api-client.ts';
import { profileCalls } from '#src/shared/contract/calls.generated.ts';
import { routes } from '#src/shared/routes.ts';
import { $sessionStart, $user, clearSession, setSession } from './session.store.ts';
import { forgetPersonalCaches } from './offline-caches.ts';
import { endPushSubscription } from './push-subscription.ts';

export async function login(username: string, password: string): Promise<void> {
  const data = await api.data(profileCalls.login, { body: { username, password } });
  setSession(data);
  $sessionStart.set({ kind: 'login' });
  // The panel closes once the cart (and a product waiting for the login) is in place.
  await allTasks();
}

export async function logout(): Promise<void> {
  try {
    await api.data(profileCalls.logout);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
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
    setSession(await api.data(profileCalls.session));
    $sessionStart.set({ kind: 'resumed' });
  } catch {
    // 401/403 already cleared the session in the client; nothing else to do.
  }
}
