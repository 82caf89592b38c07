// The one login gate (docs/product.md §6): every screen of a shopper's own data (cart,
// lists, favourites, checkout, orders, profile, payments) needs a logged-in
// shopper. Until the island has hydrated it shows a loading line (the build
// cannot know the stored session); without a user it says why and offers the
// login panel instead of the screen.
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import type { SessionUser } from '#src/shared/contract/session.ts';
import { $user, openOverlay } from './session.store.ts';
import { useFirstViewEnd } from './use-first-view.ts';
import { useHydrated } from './use-hydrated.ts';

export function LoginButton({ label = 'Accedi' }: { label?: string }) {
  return (
    <button type="button" className="button button-primary" aria-haspopup="dialog" onClick={() => openOverlay('login')}>
      {label}
    </button>
  );
}

/** How the gate looks where it stands: each area keeps its own box and loading line. */
const looks = {
  cart: { loading: 'cart-loading', box: 'cart-login' },
  profile: { loading: 'profile-loading', box: 'login-needed' },
  notice: { loading: undefined, box: 'checkout-notice' },
} as const;

const PROFILE_REASON = 'Per vedere e modificare i dati del tuo profilo accedi con il tuo account.';

export function RequireShopper({
  reason = PROFILE_REASON,
  look = 'cart',
  children,
}: {
  reason?: string;
  look?: keyof typeof looks;
  children: (user: SessionUser) => ReactNode;
}) {
  const user = useStore($user);
  const hydrated = useHydrated();
  const { loading, box } = looks[look];
  // Without a shopper the page's first view, if any, is not what this shows.
  useFirstViewEnd(hydrated && !user);
  if (!hydrated)
    return (
      <p className={loading} role="status">
        Caricamento…
      </p>
    );
  if (!user) {
    return (
      <div className={box}>
        <p>{reason}</p>
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
