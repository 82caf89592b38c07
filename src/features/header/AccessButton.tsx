// Header access button (spec §2): 'Accedi' opens the login panel; when
// logged in, the first name opens the profile panel.
import { useStore } from '@nanostores/react';
import { $user, openOverlay } from '#src/features/session/session.store.ts';
import { useHydrated } from './use-hydrated.ts';

export default function AccessButton() {
  const user = useStore($user);
  const hydrated = useHydrated();
  const firstName = hydrated && user ? user.profile.firstName : null;
  return (
    <button
      type="button"
      className="header-action"
      aria-haspopup="dialog"
      aria-label={firstName ? `Il tuo profilo: ${firstName}` : 'Accedi'}
      onClick={() => openOverlay(firstName ? 'profile' : 'login')}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
      </svg>
      <span className="label">{firstName ?? 'Accedi'}</span>
    </button>
  );
}
