// The shopper's shopping lists (docs/product.md §3 Shopping list, §7 Lists). Every list
// call answers the lists (or the changed list), which replace what is shown.
import { atom } from 'nanostores';
import { api, errorMessageOf } from '#src/lib/api-client.ts';
import { listCalls } from '#src/shared/contract/calls.generated.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { keepAnswer, keptAnswer, unreachable } from '#src/shop/last-answers.ts';
import { $user } from '#src/shop/session.store.ts';
import type { ShoppingList } from '#src/shared/contract/lists.ts';

export const $lists = atom<ShoppingList[] | null>(null);
// Offline, the lists page shows the lists the API last answered (last-answers.ts).
$lists.listen((lists) => keepAnswer('lists', $user.get()?.profile.id, lists));

export const listAddedToCart = 'Lista della spesa aggiunta al carrello';

/** What the popup says above the rows the cart did not take. */
export function notAddedIntro(added: number, total: number): string {
  if (added === 0) return 'Nessun prodotto della lista è stato aggiunto al carrello:';
  return `Lista della spesa aggiunta al carrello: ${added} ${added === 1 ? 'prodotto' : 'prodotti'} su ${total}. Questi non sono stati aggiunti:`;
}

/** Runs a list call; a refusal (e.g. 2035 for the last list) becomes an error toast. */
async function attempt<T>(work: () => Promise<T>, success?: string): Promise<T | null> {
  try {
    const result = await work();
    if (success) showToast(success, 'success');
    return result;
  } catch (error) {
    showToast(errorMessageOf(error), 'error');
    return null;
  }
}

function replaceList(list: ShoppingList): ShoppingList {
  $lists.set(($lists.get() ?? []).map((l) => (l.id === list.id ? list : l)));
  return list;
}

/** GET slists; with no answer at all, the lists kept for this shopper (if any). */
function fetchLists(): Promise<ShoppingList[]> {
  return api.data(listCalls.lists).catch((error: unknown) => {
    const kept = unreachable(error) ? keptAnswer<ShoppingList[]>('lists', $user.get()?.profile.id) : null;
    if (kept) return kept;
    throw error;
  });
}

export const loadLists = () => attempt(async () => $lists.set(await fetchLists()));

/** The start-up load of a logged-in shopper's lists (docs/product.md §2); a failure is only logged (docs/product.md §8). */
export function loadListsAtStart(): Promise<void> {
  return fetchLists().then(
    (all) => $lists.set(all),
    (error: unknown) => console.error('[lists] the shopping lists could not be loaded', error),
  );
}

export const createList = (title: string) =>
  attempt(async () => {
    const all = await api.data(listCalls.create, { body: { title } });
    $lists.set(all);
    return all[all.length - 1] ?? null;
  }, `Lista "${title}" creata`);

export const renameList = (id: number, title: string) =>
  attempt(async () => {
    $lists.set(await api.data(listCalls.rename, { body: { id, title } }));
    return true;
  }, 'Lista rinominata');

export const copyList = (id: number, title: string) =>
  attempt(async () => {
    const all = await api.data(listCalls.copy, { body: { id, title } });
    $lists.set(all);
    return all[all.length - 1] ?? null;
  }, `Lista copiata in "${title}"`);

export const deleteList = (id: number) =>
  attempt(async () => {
    $lists.set(await api.data(listCalls.delete, { body: { id } }));
    return true;
  }, 'Lista eliminata');

export const addProduct = (id: number, product: { barcode: string; description: string }) =>
  attempt(
    async () => replaceList(await api.data(listCalls.addItem, { body: { id, barcode: product.barcode, amount: 1 } })),
    `${product.description} aggiunto alla lista`,
  );

/** A custom item (docs/product.md §5): free text of at least 3 characters, amount 1. */
export const addCustom = (id: number, description: string) =>
  attempt(
    async () =>
      replaceList(await api.data(listCalls.addItem, { body: { id, type: 'CUSTOM', description, amount: 1 } })),
    `${description} aggiunto alla lista`,
  );

export const updateItem = (id: number, itemId: number, amount: number) =>
  attempt(async () => replaceList(await api.data(listCalls.updateItem, { body: { id, itemId, amount } })));

export const deleteItem = (id: number, item: { id: number; description: string }) =>
  attempt(
    async () => replaceList(await api.data(listCalls.deleteItem, { body: { id, itemId: item.id } })),
    `${item.description} rimosso dalla lista`,
  );
