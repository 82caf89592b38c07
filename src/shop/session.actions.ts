// What logging in and out does (spec §4 Session). Other features hook into
// login through onLogin (the cart, slots, favourites and lists load there,
// then a product waiting to be added is added).
import { routes } from '#src/shared/routes.ts';
import { z } from 'zod';
import { api, ApiError } from '#src/lib/api-client.ts';
import { loginResponse } from '#src/shared/contract/auth.ts';
import { $pendingProduct, $user, clearSession, setSession, type PendingProduct } from '#src/shop/session.store.ts';

type LoginHook = (pending: PendingProduct | null) => Promise<void> | void;
const loginHooks: LoginHook[] = [];

/** Registers work to do after every login (and at start-up when already logged in). */
export function onLogin(hook: LoginHook): void {
  loginHooks.push(hook);
}

async function runLoginHooks(): Promise<void> {
  const pending = $pendingProduct.get();
  $pendingProduct.set(null);
  for (const hook of loginHooks) {
    try {
      await hook(pending);
    } catch (error) {
      console.error('after-login step failed', error);
    }
  }
}

export async function login(username: string, password: string): Promise<void> {
  const data = await api.data('post', '/cli/profiles/login', loginResponse, { json: { username, password } });
  setSession(data);
  await runLoginHooks();
}

export async function logout(): Promise<void> {
  try {
    await api.data('post', '/cli/profiles/logout', z.null(), { json: {} });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  } finally {
    clearSession();
    window.location.assign(routes.home);
  }
}

/** At start-up: refresh the stored user (a revoked or expired token ends the session). */
export async function refreshSession(): Promise<void> {
  if (!$user.get()) return;
  try {
    setSession(await api.data('get', '/cli/profiles/login', loginResponse));
    await runLoginHooks();
  } catch {
    // 401/403 already cleared the session in the client; nothing else to do.
  }
}
