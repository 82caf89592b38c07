// A list of the shopper's addresses with a new/edit popup; shipping and
// billing pages differ only in fields, card body, calls and toasts.
import { useEffect, useState, type ReactNode } from 'react';
import type { z } from '#src/shared/zod.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { AddressEditor, type AddressValues, type FieldSpec } from './AddressEditor.tsx';

export interface AddressBookProps<T extends { id: number }> {
  kind: string;
  newLabel: string;
  empty: string;
  fields: FieldSpec[];
  schema: z.ZodObject;
  blank: AddressValues;
  valuesOf: (item: T) => AddressValues;
  describe: (item: T) => string;
  card: (item: T) => ReactNode;
  load: () => Promise<T[]>;
  save: (values: AddressValues, id: number | undefined) => Promise<T[]>;
  remove: (id: number) => Promise<T[]>;
  toasts: { added: string; updated: string; deleted: string };
  titles: { add: string; edit: string };
}

export function AddressBook<T extends { id: number }>(props: AddressBookProps<T>) {
  const [items, setItems] = useState<T[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<T | 'new' | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once: props.load is a new function at every render
  useEffect(() => {
    props
      .load()
      .then(setItems, (error: unknown) =>
        setFailure(error instanceof ApiError ? error.message : 'Errore di comunicazione col server'),
      );
  }, []);

  const done = (list: T[], message: string) => {
    setItems(list);
    setEditing(null);
    showToast(message, 'success');
  };
  const current = editing === 'new' ? undefined : (editing ?? undefined);

  return (
    <div className="address-book">
      <button type="button" className="button button-primary" aria-haspopup="dialog" onClick={() => setEditing('new')}>
        {props.newLabel}
      </button>
      {failure && (
        <p className="form-alert" role="alert">
          {failure}
        </p>
      )}
      {items === null && !failure && <p className="profile-loading">Caricamento…</p>}
      {items?.length === 0 && <p className="empty">{props.empty}</p>}
      {items && items.length > 0 && (
        <ul className="address-list">
          {items.map((item) => (
            <li key={item.id} className="address-card">
              {props.card(item)}
              <button
                type="button"
                className="button"
                aria-haspopup="dialog"
                aria-label={`Modifica ${props.describe(item)}`}
                onClick={() => setEditing(item)}
              >
                Modifica
              </button>
            </li>
          ))}
        </ul>
      )}
      {editing !== null && (
        <AddressEditor
          idPrefix={props.kind}
          title={current ? props.titles.edit : props.titles.add}
          fields={props.fields}
          schema={props.schema}
          initial={current ? props.valuesOf(current) : props.blank}
          editing={current !== undefined}
          onClose={() => setEditing(null)}
          onSave={async (values) =>
            done(await props.save(values, current?.id), current ? props.toasts.updated : props.toasts.added)
          }
          onDelete={async () => done(await props.remove(current!.id), props.toasts.deleted)}
        />
      )}
    </div>
  );
}
