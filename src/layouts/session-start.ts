// What a page does for a logged-in shopper, loaded only when there is one (or
// when the login panel opens): refresh the stored session (a revoked or
// expired token ends it), load the current cart for the header, then the
// product chosen before logging in, the favourites and the shopping lists
// (docs/product.md §2 start-up). The header's first slot is the header script's (src/shop/header.ts).
import { refreshSession } from '#src/shop/session.actions.ts';
// Registers the cart's login step: the current cart, then the product chosen before logging in.
import '#src/shop/cart.store.ts';
// Registers the favourites' step: loaded on every page once the session is confirmed, so a
// heart shows a favourite filled as soon as it is drawn, wherever it is on the page.
import '#src/shop/favourites.store.ts';
import { loadListsAtStart } from '#src/features/lists/lists.store.ts';
import { flags } from '#src/lib/flags.ts';
import { $user } from '#src/shop/session.store.ts';

export function startSession(): void {
  void refreshSession();
  // The lists of whoever is logged in: now, and after a login on this page.
  let listsOf: number | null = null;
  $user.subscribe((user) => {
    if (!flags.ENABLED_SLIST || !user || user.profile.id === listsOf) return;
    listsOf = user.profile.id;
    void loadListsAtStart();
  });
}
