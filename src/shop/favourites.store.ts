// The shopper's favourites (docs/product.md §3 Favourite, §7 Lists): loaded at a logged-in
// shopper's start-up on every page (docs/product.md §2, src/layouts/session-start.ts) and after a login;
// hearts and the favourites page useStore these atoms and call the actions.
import { atom, computed } from 'nanostores';
import type { z } from '#src/shared/zod.ts';
import { api, ApiError } from '#src/lib/api-client.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { $sessionStart, $user } from './session.store.ts';
import { listCalls } from '#src/shared/contract/calls.generated.ts';
import type { favourite } from '#src/shared/contract/lists.ts';

export type Favourite = z.infer<typeof favourite>;

/** null until loaded (or without a logged-in shopper). */
export const $favourites = atom<Favourite[] | null>(null);
export const $favouriteBarcodes = computed($favourites, (list) => new Set((list ?? []).map((f) => f.barcode)));

let loading: Promise<Favourite[] | null> | null = null;
// A list read while an add or delete was on its way may answer after it, with the
// list from before it: the write's own answer (the whole updated list) wins.
let writes = 0;

export function loadFavourites(force = false): Promise<Favourite[] | null> {
  if (!$user.get()) return Promise.resolve(null);
  if (loading && !force) return loading;
  const writesBefore = writes;
  loading = api
    .data(listCalls.favourites)
    .then((list) => {
      if (writes === writesBefore || !$favourites.get()) $favourites.set(list);
      return $favourites.get();
    })
    .catch(() => null)
    .finally(() => setTimeout(() => (loading = null), 0));
  return loading;
}

/** Favourites as loaded, loading them the first time. */
export const ensureFavourites = (): Promise<Favourite[] | null> => {
  const list = $favourites.get();
  return list ? Promise.resolve(list) : loadFavourites();
};

// A new login reads the shopper's favourites; a resumed session keeps any this page has read.
$sessionStart.listen((start) => {
  if (start) void (start.kind === 'login' ? loadFavourites(true) : ensureFavourites());
});
$user.listen((user) => {
  if (!user) $favourites.set(null);
});

/** Adds or removes one product; the answer is the whole updated list. */
export async function setFavourite(product: { barcode: string; description: string }, on: boolean): Promise<boolean> {
  writes += 1;
  try {
    const body = { barcode: product.barcode };
    const list = await (on
      ? api.data(listCalls.addFavourite, { body })
      : api.data(listCalls.deleteFavourite, { body }));
    $favourites.set(list);
    showToast(
      on ? `${product.description} aggiunto ai preferiti` : `${product.description} rimosso dai preferiti`,
      'success',
    );
    return true;
  } catch (error) {
    showToast(error instanceof ApiError ? error.message : 'Errore di comunicazione col server', 'error');
    return false;
  }
}
