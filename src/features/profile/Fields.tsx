// Labelled fields of the account forms: the message is tied to its field
// (aria-describedby, aria-invalid) and sits in a live region, so it is read
// when it appears on blur.
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { Form, FormValues } from './form-kit.ts';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name' | 'value' | 'onChange' | 'onBlur' | 'id'>;

interface TextFieldProps<V extends FormValues> extends InputProps {
  form: Form<V>;
  name: keyof V & string;
  label: string;
  hint?: string;
  /** Applied to every keystroke: upper-casing, digits only… */
  normalise?: (value: string) => string;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

export function TextField<V extends FormValues>({
  form,
  name,
  label,
  hint,
  normalise,
  required,
  ...input
}: TextFieldProps<V>) {
  const id = form.fieldId(name);
  const error = form.errors[name];
  const value = form.values[name];
  return (
    <div className="field">
      {/* The asterisk sits outside the label: the field's name stays its label,
          aria-required says it is needed. */}
      <span className="field-label">
        <label htmlFor={id}>{label}</label>
        {required && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </span>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <input
        {...input}
        id={id}
        name={name}
        value={typeof value === 'string' ? value : ''}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, `${id}-error`)}
        onChange={(e) => form.set(name, (normalise ? normalise(e.target.value) : e.target.value) as V[typeof name])}
        onBlur={() => form.blur(name)}
      />
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

interface CheckboxFieldProps<V extends FormValues> {
  form: Form<V>;
  name: keyof V & string;
  children: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

export function CheckboxField<V extends FormValues>({
  form,
  name,
  children,
  required,
  disabled,
}: CheckboxFieldProps<V>) {
  const id = form.fieldId(name);
  const error = form.errors[name];
  return (
    <div className="field field--check">
      <input
        type="checkbox"
        id={id}
        name={name}
        checked={form.values[name] === true}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        onChange={(e) => form.set(name, e.target.checked as V[typeof name])}
        onBlur={() => form.blur(name)}
      />
      <span className="field-label">
        <label htmlFor={id}>{children}</label>
        {required && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </span>
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} className="field-error" aria-live="polite">
      {message}
    </p>
  );
}

/** A message about the whole form (the server's answer), read out when it appears. */
export function FormAlert({ message, children }: { message: string | null; children?: ReactNode }) {
  if (!message) return null;
  return (
    <div className="form-alert" role="alert">
      <p>{message}</p>
      {children}
    </div>
  );
}

export const RequiredNote = () => (
  <p className="form-note">
    I campi contrassegnati con <span aria-hidden="true">*</span>
    <span className="visually-hidden">asterisco</span> sono obbligatori.
  </p>
);
