// The profile panel of docs/product.md §2: welcome with first and last name, links to
// profile, orders, lists and payments (each when enabled), logout.
import { routes } from '#src/shared/routes.ts';
import { useStore } from '@nanostores/react';
import { flags } from '#src/lib/flags.ts';
import { logout } from '#src/shop/session.actions.ts';
import { $user } from '#src/shop/session.store.ts';

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
          <a href={routes.profile}>Il mio profilo</a>
        </li>
        <li>
          <a href={routes.profileOrders}>I miei ordini</a>
        </li>
        {flags.ENABLED_SLIST && (
          <li>
            <a href={routes.profileSmartlists}>Le mie liste</a>
          </li>
        )}
        {flags.ENABLED_PAYMENTS && (
          <li>
            <a href={routes.profilePayments}>Pagamenti</a>
          </li>
        )}
      </ul>
      <button type="button" className="button button-secondary" onClick={() => void logout()}>
        Esci
      </button>
    </div>
  );
}
