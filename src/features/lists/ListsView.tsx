// The shopping lists screen (docs/product.md §2 /profile/smartlists and /smartlist):
// the lists, create, rename, copy, delete (never the last one, 2035), the
// items, the search overlay, and adding a whole list to the cart (without a
// cart a modal asks to create one first, and the list is added once the cart is
// made, docs/product.md §4). Rows the cart could not take are named in a popup.
import { routes } from '#src/shared/routes.ts';
import { GENERIC_ERROR } from '#src/shared/contract/errors.ts';
import { NotAddedItems } from '#src/components/ChangedItems.tsx';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { showToast } from '#src/lib/toast.store.ts';
import { $cart, addAfterCartCreation, addListToCart, ensureCart, type NotAddedRows } from '#src/shop/cart.store.ts';
import { takeListOutcome, type ListOutcome } from '#src/shop/list-outcome.ts';
import { ModalDialog } from '#src/components/ModalDialog.tsx';
import { RequireShopper } from '#src/shop/LoginGate.tsx';
import type { ShoppingList } from '#src/shared/contract/lists.ts';
import { ListItems } from './ListItems.tsx';
import { ListSearch } from './ListSearch.tsx';
import {
  $lists,
  copyList,
  createList,
  deleteList,
  listAddedToCart,
  loadLists,
  notAddedIntro,
  renameList,
} from './lists.store.ts';

type Pending = { kind: 'rename' | 'copy' | 'delete' | 'no-cart' | 'search' } | null;

function TitleForm({
  label,
  initial,
  submit,
  onDone,
}: {
  label: string;
  initial: string;
  submit: (title: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return setError('Inserisci un nome per la lista');
    if (await submit(title.trim())) onDone();
  }
  return (
    <form className="panel-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${id}-title`}>Nome della lista</label>
      <input
        id={`${id}-title`}
        value={title}
        maxLength={60}
        onChange={(e) => setTitle(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary">
        {label}
      </button>
    </form>
  );
}

/** All added: the spec's toast; otherwise the popup names the rows left out. */
function useAddedToCart(outcome: ListOutcome | null) {
  const [notAdded, setNotAdded] = useState<NotAddedRows>(outcome?.notAdded ?? []);
  const said = (missing: NotAddedRows) => {
    setNotAdded(missing);
    if (missing.length === 0) showToast(listAddedToCart, 'success');
  };
  // The list was added on /cart/create, before this page (docs/product.md §4 Product to add).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the outcome this page opened with
  useEffect(() => {
    if (outcome && outcome.notAdded.length === 0) showToast(listAddedToCart, 'success');
  }, []);
  return { notAdded, said, dismiss: () => setNotAdded([]) };
}

function ListPanel({
  list,
  onSelect,
  outcome,
}: {
  list: ShoppingList;
  onSelect: (id: number) => void;
  outcome: ListOutcome | null;
}) {
  const cart = useStore($cart);
  const [pending, setPending] = useState<Pending>(null);
  const { notAdded, said, dismiss } = useAddedToCart(outcome);
  const close = () => setPending(null);

  async function toCart() {
    const current = await ensureCart().catch(() => null);
    if (!current) return setPending({ kind: 'no-cart' });
    try {
      said(await addListToCart(list.id, current.id));
    } catch (error) {
      showToast(error instanceof Error ? error.message : GENERIC_ERROR, 'error');
    }
  }

  return (
    <section className="list-panel" aria-labelledby={`list-${list.id}-title`}>
      <div className="list-panel__head">
        <h2 id={`list-${list.id}-title`}>{list.title}</h2>
        <p className="count">
          {list.itemsCount} {list.itemsCount === 1 ? 'prodotto' : 'prodotti'}
        </p>
      </div>
      <div className="list-actions">
        <button
          type="button"
          className="button button-primary"
          aria-haspopup="dialog"
          onClick={() => setPending({ kind: 'search' })}
        >
          Aggiungi prodotti
        </button>
        <button type="button" className="button" onClick={() => void toCart()} disabled={list.items.length === 0}>
          Aggiungi al carrello
        </button>
        <button type="button" className="button" aria-haspopup="dialog" onClick={() => setPending({ kind: 'rename' })}>
          Rinomina
        </button>
        <button type="button" className="button" aria-haspopup="dialog" onClick={() => setPending({ kind: 'copy' })}>
          Copia
        </button>
        <button type="button" className="button" aria-haspopup="dialog" onClick={() => setPending({ kind: 'delete' })}>
          Elimina
        </button>
      </div>
      <ListItems list={list} />

      <ListSearch
        listId={list.id}
        listTitle={list.title}
        storeId={cart?.storeId ?? null}
        isOpen={pending?.kind === 'search'}
        onClose={close}
      />
      <ModalDialog title="Rinomina la lista" isOpen={pending?.kind === 'rename'} onClose={close}>
        <TitleForm
          label="Rinomina"
          initial={list.title}
          submit={(title) => renameList(list.id, title)}
          onDone={close}
        />
      </ModalDialog>
      <ModalDialog title="Copia la lista" isOpen={pending?.kind === 'copy'} onClose={close}>
        <TitleForm
          label="Copia"
          initial={`Copia di ${list.title}`.slice(0, 60)}
          submit={async (title) => {
            const made = await copyList(list.id, title);
            if (made) onSelect(made.id);
            return made;
          }}
          onDone={close}
        />
      </ModalDialog>
      <ModalDialog title="Eliminare la lista?" role="alertdialog" isOpen={pending?.kind === 'delete'} onClose={close}>
        <p>La lista "{list.title}" e i suoi prodotti saranno eliminati.</p>
        <div className="cart-actions">
          <button type="button" className="button" onClick={close}>
            Annulla
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={async () => {
              close();
              await deleteList(list.id);
            }}
          >
            Elimina
          </button>
        </div>
      </ModalDialog>
      <ModalDialog title="Nessun carrello" role="alertdialog" isOpen={pending?.kind === 'no-cart'} onClose={close}>
        <p>
          Per aggiungere la lista della spesa al carrello crea prima un carrello: la lista sarà aggiunta appena lo avrai
          creato.
        </p>
        <div className="cart-actions">
          <button type="button" className="button" onClick={close}>
            Annulla
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => addAfterCartCreation({ listId: list.id })}
          >
            Crea il carrello
          </button>
        </div>
      </ModalDialog>
      <ModalDialog title="Attenzione!" role="alertdialog" isOpen={notAdded.length > 0} onClose={dismiss}>
        <p>{notAddedIntro(list.items.length - notAdded.length, list.items.length)}</p>
        <NotAddedItems rows={notAdded} />
        <div className="cart-actions">
          <button type="button" className="button" onClick={dismiss}>
            Chiudi
          </button>
          <a className="button button-primary" href={routes.cart}>
            Vai al carrello
          </a>
        </div>
      </ModalDialog>
    </section>
  );
}

function ListsScreen() {
  const lists = useStore($lists);
  const id = useId();
  // What adding a list on /cart/create gave: that list is shown with it.
  const [outcome, setOutcome] = useState(takeListOutcome);
  const [selected, setSelected] = useState<number | null>(outcome?.listId ?? null);
  const select = (id: number) => {
    setSelected(id);
    setOutcome(null);
  };
  const [title, setTitle] = useState('');
  useEffect(() => {
    void loadLists();
    ensureCart().catch(() => null);
  }, []);
  if (!lists)
    return (
      <p className="cart-loading" role="status">
        Caricamento delle liste…
      </p>
    );
  const current = lists.find((l) => l.id === selected) ?? lists[0];

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return showToast('Inserisci un nome per la lista', 'error');
    const made = await createList(title.trim());
    if (made) {
      setTitle('');
      select(made.id);
    }
  }

  return (
    <div className="lists-layout">
      <nav className="lists-nav" aria-label="Le tue liste">
        <ul>
          {lists.map((l) => (
            <li key={l.id}>
              <button
                type="button"
                aria-current={l.id === current?.id ? 'true' : undefined}
                onClick={() => select(l.id)}
              >
                <span>{l.title}</span>
                <span className="lists-nav__count">{l.itemsCount}</span>
              </button>
            </li>
          ))}
        </ul>
        <form className="lists-create" onSubmit={create} noValidate>
          <label htmlFor={`${id}-new`}>Nuova lista</label>
          <div className="lists-create__row">
            <input id={`${id}-new`} value={title} maxLength={60} onChange={(e) => setTitle(e.target.value)} />
            <button type="submit" className="button button-primary">
              Crea lista
            </button>
          </div>
        </form>
      </nav>
      {current && (
        <ListPanel
          key={current.id}
          list={current}
          onSelect={select}
          outcome={outcome?.listId === current.id ? outcome : null}
        />
      )}
    </div>
  );
}

export default function ListsView() {
  return (
    <RequireShopper reason="Per vedere le tue liste della spesa accedi con il tuo account.">
      {() => <ListsScreen />}
    </RequireShopper>
  );
}
