// The delivery store line under the header (spec §2): the cart's store
// description, or the default store while there is no cart, linking to that
// store's page (issue 8). With SHOW_CART_UPDATE on, the cart's description
// links to /cart/update (spec §2).
import { useStore } from '@nanostores/react';
import { flags } from '#src/lib/flags.ts';
import { $cartSummary, DEFAULT_DELIVERY_DESCRIPTION, DEFAULT_STORE } from './header.store.ts';
import { useHydrated } from './use-hydrated.ts';

const cartUpdateHref = `${import.meta.env.BASE_URL.replace(/\/$/, '')}/cart/update`;
const defaultStoreHref = `${import.meta.env.BASE_URL.replace(/\/$/, '')}/stores/${DEFAULT_STORE.id}/`;

export default function DeliveryInfo() {
  const summary = useStore($cartSummary);
  const hydrated = useHydrated();
  const cartDescription = hydrated ? summary.storeDescription : null;
  if (cartDescription && flags.SHOW_CART_UPDATE) return <a className="header-delivery__store" href={cartUpdateHref}>{cartDescription}</a>;
  if (cartDescription) return <span>{cartDescription}</span>;
  return <a className="header-delivery__store" href={defaultStoreHref}>{DEFAULT_DELIVERY_DESCRIPTION}</a>;
}
