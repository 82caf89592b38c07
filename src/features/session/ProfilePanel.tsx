// The profile panel of spec §2: welcome with first and last name, links to
// profile, orders, lists and payments (each when enabled), logout.
import { useStore } from '@nanostores/react';
import { flags } from '#src/lib/flags.ts';
import { logout } from './session.actions.ts';
import { $user } from '#src/shop/session.store.ts';

const base = import.meta.env.BASE_URL.replace(/\/$/, '');

export function ProfilePanel() {
  const user = useStore($user);
  if (!user) return null;
  return (
    <div className="panel-profile">
      <p className="panel-welcome">
        Benvenuto, {user.profile.firstName} {user.profile.lastName}
      </p>
      <ul className="panel-menu">
        <li>
          <a href={`${base}/profile`}>Il mio profilo</a>
        </li>
        <li>
          <a href={`${base}/profile/orders`}>I miei ordini</a>
        </li>
        {flags.ENABLED_SLIST && (
          <li>
            <a href={`${base}/profile/smartlists`}>Le mie liste</a>
          </li>
        )}
        {flags.ENABLED_PAYMENTS && (
          <li>
            <a href={`${base}/profile/payments`}>Pagamenti</a>
          </li>
        )}
      </ul>
      <button type="button" className="button button-secondary" onClick={() => void logout()}>
        Esci
      </button>
    </div>
  );
}
