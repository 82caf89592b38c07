// The new/edit popup shared by shipping and billing addresses (docs/product.md §2): the
// fields a page describes, checked on blur with the contract's rules; edit
// mode also offers Delete, confirmed in place.
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import type { z } from '#src/shared/zod.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { FormAlert, RequiredNote, TextField } from './Fields.tsx';
import { useForm } from './form-kit.ts';
import { ModalDialog } from '#src/components/ModalDialog.tsx';
import { rulesOf } from './rules.ts';

export type AddressValues = Record<string, string>;

export interface FieldSpec {
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  /** Shares a row with the next field on wider screens. */
  pair?: boolean;
  normalise?: (value: string) => string;
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'inputMode' | 'maxLength' | 'type'>;
}

interface AddressEditorProps {
  idPrefix: string;
  title: string;
  fields: FieldSpec[];
  schema: z.ZodObject;
  initial: AddressValues;
  editing: boolean;
  onSave: (values: AddressValues) => Promise<void>;
  onDelete: () => Promise<void>;
  onClose: () => void;
}

export function AddressEditor({
  idPrefix,
  title,
  fields,
  schema,
  initial,
  editing,
  onSave,
  onDelete,
  onClose,
}: AddressEditorProps) {
  const form = useForm(
    idPrefix,
    initial,
    rulesOf<AddressValues>(
      schema,
      fields.filter((f) => !f.disabled).map((f) => f.name),
    ),
  );
  const [busy, setBusy] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setAlert(null);
    try {
      await action();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setAlert(error.message);
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.validate()) void run(() => onSave(form.values));
  }

  const rows: FieldSpec[][] = [];
  fields.forEach((f, i) => {
    if (i > 0 && fields[i - 1]?.pair) rows[rows.length - 1]!.push(f);
    else rows.push([f]);
  });

  return (
    <ModalDialog title={title} isOpen dismissable={!busy} onClose={onClose}>
      <form className="account-form" onSubmit={submit} noValidate aria-label={title}>
        <RequiredNote />
        {rows.map((row) => (
          <div key={row[0]!.name} className={row.length > 1 ? 'field-row' : undefined}>
            {row.map((f) => (
              <TextField
                key={f.name}
                form={form}
                name={f.name}
                label={f.label}
                required={f.required}
                disabled={f.disabled}
                {...(f.normalise ? { normalise: f.normalise } : {})}
                {...f.input}
              />
            ))}
          </div>
        ))}
        <FormAlert message={alert} />
        {confirmingDelete ? (
          <div className="confirm-inline" role="group" aria-labelledby={`${idPrefix}-delete-question`}>
            <p id={`${idPrefix}-delete-question`}>Vuoi davvero eliminare questo indirizzo?</p>
            <div className="form-actions">
              <button
                type="button"
                className="button button-danger"
                disabled={busy}
                onClick={() => void run(onDelete)}
                autoFocus
              >
                Sì, elimina
              </button>
              <button type="button" className="button" disabled={busy} onClick={() => setConfirmingDelete(false)}>
                No
              </button>
            </div>
          </div>
        ) : (
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              Salva
            </button>
            {editing && (
              <button
                type="button"
                className="button button-danger"
                disabled={busy}
                onClick={() => setConfirmingDelete(true)}
              >
                Elimina
              </button>
            )}
            <button type="button" className="button" disabled={busy} onClick={onClose}>
              Annulla
            </button>
          </div>
        )}
      </form>
    </ModalDialog>
  );
}
