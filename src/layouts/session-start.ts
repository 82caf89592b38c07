// What a page does for a logged-in shopper, loaded only when there is one (or
// when the login panel opens): refresh the stored session (a revoked or
// expired token ends it), load the current cart for the header, then the
// product chosen before logging in, the shopping lists (spec §2 start-up),
// and follow the first available slot (spec §2 Header), asked again whenever
// the cart's store changes.
import { refreshSession } from '#src/shop/session.actions.ts';
// Registers the cart's login step: the current cart, then the product chosen before logging in.
import '#src/shop/cart.store.ts';
import { loadListsAtStart } from '#src/features/lists/lists.store.ts';
import { api } from '#src/lib/api-client.ts';
import { flags } from '#src/lib/flags.ts';
import { checkoutCalls } from '#src/shared/contract/endpoints.ts';
import { $cartSummary, $firstSlot } from '#src/shop/cart-summary.store.ts';
import { $user } from '#src/shop/session.store.ts';

function followFirstSlot(): void {
  let asked: string | null = null;
  const ask = () => {
    const user = $user.get();
    const { storeDescription, itemsCount } = $cartSummary.get();
    const key = user ? `${user.jwt}|${storeDescription}|${itemsCount === 0}` : '';
    if (key === asked) return;
    asked = key;
    if (!user) return void $firstSlot.set(null);
    api
      .data(checkoutCalls.firstSlot)
      .then((slot) => $firstSlot.set(slot))
      // A failed call keeps the slot shown so far (a lost session clears it with the user).
      .catch(() => undefined);
  };
  $user.subscribe(ask);
  $cartSummary.listen(ask);
}

export function startSession(): void {
  followFirstSlot();
  void refreshSession();
  // The lists of whoever is logged in: now, and after a login on this page.
  let listsOf: string | null = null;
  $user.subscribe((user) => {
    if (!flags.ENABLED_SLIST || !user || user.jwt === listsOf) return;
    listsOf = user.jwt;
    void loadListsAtStart();
  });
}
