// The delivery store line under the header (spec §2): the cart's store
// description, or the default store while there is no cart.
import { useStore } from '@nanostores/react';
import { $cartSummary, DEFAULT_DELIVERY_DESCRIPTION } from './header.store.ts';
import { useHydrated } from './use-hydrated.ts';

export default function DeliveryInfo() {
  const summary = useStore($cartSummary);
  const hydrated = useHydrated();
  return <span>{(hydrated && summary.storeDescription) || DEFAULT_DELIVERY_DESCRIPTION}</span>;
}
