// The delivery store line under the header (spec §2): the cart's store
// description, or the default store while there is no cart, linking to that
// store's page (issue 8).
import { useStore } from '@nanostores/react';
import { $cartSummary, DEFAULT_DELIVERY_DESCRIPTION, DEFAULT_STORE } from './header.store.ts';
import { useHydrated } from './use-hydrated.ts';

const defaultStoreHref = `${import.meta.env.BASE_URL.replace(/\/$/, '')}/stores/${DEFAULT_STORE.id}/`;

export default function DeliveryInfo() {
  const summary = useStore($cartSummary);
  const hydrated = useHydrated();
  const cartDescription = hydrated ? summary.storeDescription : null;
  if (cartDescription) return <span>{cartDescription}</span>;
  return <a className="header-delivery__store" href={defaultStoreHref}>{DEFAULT_DELIVERY_DESCRIPTION}</a>;
}
