// Cart and list screens need a logged-in shopper (spec §6): until the island
// has hydrated it shows a loading line; without a user it offers the login panel.
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $user, openOverlay } from '#src/shop/session.store.ts';
import type { SessionUser } from '#src/shared/contract/session.ts';
import { useHydrated } from '#src/shop/use-hydrated.ts';

export function RequireShopper({ reason, children }: { reason: string; children: (user: SessionUser) => ReactNode }) {
  const user = useStore($user);
  const hydrated = useHydrated();
  if (!hydrated)
    return (
      <p className="cart-loading" role="status">
        Caricamento…
      </p>
    );
  if (!user) {
    return (
      <div className="cart-login">
        <p>{reason}</p>
        <button
          type="button"
          className="button button-primary"
          aria-haspopup="dialog"
          onClick={() => openOverlay('login')}
        >
          Accedi
        </button>
      </div>
    );
  }
  return <>{children(user)}</>;
}
