// Profile screens need a logged-in shopper (spec §6). Until the island has
// hydrated it shows the anonymous state the server rendered; without a user
// it offers the login panel instead of the screen.
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $user, openOverlay } from '#src/shop/session.store.ts';
import type { SessionUser } from '#src/shared/contract/session.ts';
import { useHydrated } from '#src/shop/use-hydrated.ts';

export function LoginButton({ label = 'Accedi' }: { label?: string }) {
  return (
    <button type="button" className="button button-primary" aria-haspopup="dialog" onClick={() => openOverlay('login')}>
      {label}
    </button>
  );
}

export function RequireLogin({ children }: { children: (user: SessionUser) => ReactNode }) {
  const user = useStore($user);
  const hydrated = useHydrated();
  if (!hydrated) return <p className="profile-loading">Caricamento…</p>;
  if (!user) {
    return (
      <div className="login-needed">
        <p>Per vedere e modificare i dati del tuo profilo accedi con il tuo account.</p>
        <LoginButton />
      </div>
    );
  }
  return <>{children(user)}</>;
}

/** The login button alone, as an island (confirmation page, reset success). */
export default function LoginIsland({ label }: { label?: string }) {
  return <LoginButton {...(label ? { label } : {})} />;
}
