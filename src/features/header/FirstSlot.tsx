// The first available slot in the header (spec §2 Header), for a logged-in
// shopper: asked again whenever the cart's store changes.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { api } from '#src/lib/api-client.ts';
import { formatSlot } from '#src/lib/dates.ts';
import { $user } from '#src/features/session/session.store.ts';
import { firstSlot } from '#src/shared/contract/checkout.ts';
import { $cartSummary, $firstSlot } from './header.store.ts';
import { useHydrated } from './use-hydrated.ts';

export default function FirstSlot() {
  const hydrated = useHydrated();
  const user = useStore($user);
  const { storeDescription, itemsCount } = useStore($cartSummary);
  const slot = useStore($firstSlot);
  useEffect(() => {
    if (!user) return void $firstSlot.set(null);
    api.data('get', '/cli/ecommerce/slots/first/available', firstSlot.nullable())
      .then((s) => $firstSlot.set(s))
      .catch(() => $firstSlot.set(null));
  }, [user?.jwt, storeDescription, itemsCount === 0]);
  if (!hydrated || !user || !slot) return null;
  return (
    <span className="header-delivery__slot">
      <span className="header-delivery__sep" aria-hidden="true"> · </span>
      Prima disponibilità: <strong>{formatSlot(slot)}</strong>
    </span>
  );
}
