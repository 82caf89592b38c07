// The one login gate (docs/product.md §6): every screen of a shopper's own data (cart,
// lists, favourites, checkout, orders, profile, payments) needs a logged-in
// shopper. Until the island has hydrated it shows a loading line (the build
// cannot know the stored session); without a user it says why and offers the
// login panel instead of the screen.
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import type { SessionUser } from '#src/shared/contract/session.ts';
import { $user, openOverlay } from './session.store.ts';
import { useHydrated } from './use-hydrated.ts';
import { LoadingShape } from '#src/components/LoadingShape.tsx';

export function LoginButton({ label = 'Accedi' }: { label?: string }) {
  return (
    <button type="button" className="button button-primary" aria-haspopup="dialog" onClick={() => openOverlay('login')}>
      {label}
    </button>
  );
}

/** How the gate looks where it stands: the shape of the screen while it loads, and the box of its login notice. */
const looks = {
  cart: { loading: 'rows', box: 'cart-login' },
  profile: { loading: 'form', box: 'login-needed' },
  notice: { loading: 'rows', box: 'checkout-notice' },
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
  if (!hydrated) return <LoadingShape shape={loading} />;
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
