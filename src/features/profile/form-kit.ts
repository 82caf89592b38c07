// The account forms' behaviour (docs/product.md §5, fields checked on blur): a field's
// message appears when it loses focus, disappears as soon as the value is
// right, and a submit checks every field and moves focus to the first wrong
// one. The rules themselves are the contract's zod schemas (rules.ts).
import { useState } from 'react';
import type { z } from '#src/shared/zod.ts';

export type FormValues = Record<string, string | boolean>;
/** One rule per field: the message to show, or null when the value is right. */
export type Rules<V extends FormValues> = Partial<{ [K in keyof V]: (values: V) => string | null }>;
type Errors<V extends FormValues> = Partial<Record<keyof V, string>>;

/** The first message a schema gives for a value (each contract rule stops at its first failure). */
export function firstIssue(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export interface Form<V extends FormValues> {
  id: string;
  values: V;
  errors: Errors<V>;
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  blur: (name: keyof V) => void;
  /** Checks every field; on failure focuses the first wrong one and returns false. */
  validate: () => boolean;
  /** Shows a message the server gave for a field and focuses it. */
  fail: (name: keyof V, message: string) => void;
  reset: (values: V) => void;
  fieldId: (name: keyof V) => string;
}

export function useForm<V extends FormValues>(id: string, initial: V, rules: Rules<V>): Form<V> {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors<V>>({});
  const check = (name: keyof V, all: V) => rules[name]?.(all) ?? null;
  const fieldId = (name: keyof V) => `${id}-${String(name)}`;
  // After the render that shows the message, so it is read with the field.
  const focus = (name: keyof V) => setTimeout(() => document.getElementById(fieldId(name))?.focus(), 0);

  function withMessage(current: Errors<V>, name: keyof V, message: string | null): Errors<V> {
    const next = { ...current };
    if (message) next[name] = message;
    else delete next[name];
    return next;
  }

  return {
    id,
    values,
    errors,
    fieldId,
    set(name, value) {
      const next = { ...values, [name]: value };
      setValues(next);
      // A shown message is re-checked as the shopper types (and the ones that
      // depend on this field, such as a confirmation), never a new one.
      setErrors((current) => {
        let updated = current;
        for (const key of Object.keys(current) as (keyof V)[]) updated = withMessage(updated, key, check(key, next));
        return updated;
      });
    },
    blur(name) {
      setErrors((current) => withMessage(current, name, check(name, values)));
    },
    validate() {
      const found: Errors<V> = {};
      for (const name of Object.keys(values) as (keyof V)[]) {
        const message = check(name, values);
        if (message) found[name] = message;
      }
      setErrors(found);
      // The first wrong field as the shopper sees them, top to bottom.
      const wrong = (Object.keys(found) as (keyof V)[]).map((name) => ({
        name,
        element: document.getElementById(fieldId(name)),
      }));
      wrong.sort((a, b) =>
        a.element && b.element && a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_PRECEDING
          ? 1
          : -1,
      );
      if (wrong[0]) focus(wrong[0].name);
      return wrong.length === 0;
    },
    fail(name, message) {
      setErrors((current) => withMessage(current, name, message));
      focus(name);
    },
    reset(next) {
      setValues(next);
      setErrors({});
    },
  };
}
