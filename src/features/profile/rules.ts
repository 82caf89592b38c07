// Field rules of the account forms, taken from the shared contract (the same
// zod schemas the API uses), so a form never accepts what the server refuses.
import type { z } from '#src/shared/zod.ts';
import { passwordChange } from '#src/shared/contract/auth.ts';
import {
  PASSWORDS_DIFFER,
  REQUIRED,
  birthDate,
  email,
  firstName,
  lastName,
  loyaltyCardCode,
  mobilePhone,
  newPassword,
  ssnCode,
} from '#src/shared/contract/profile-rules.ts';
import { firstIssue, type FormValues, type Rules } from './form-kit.ts';

const text = (values: FormValues, name: string): string => {
  const value = values[name];
  return typeof value === 'string' ? value : '';
};

/** A rule checking one field's text with a contract schema. */
const field = (schema: z.ZodType, name: string) => (values: FormValues) => firstIssue(schema, text(values, name));

/** The confirmation field: required and equal to the password field (docs/product.md §5). */
export const confirmation = (name: string, passwordName: string) => (values: FormValues) => {
  const value = text(values, name);
  if (value === '') return REQUIRED;
  return value === text(values, passwordName) ? null : PASSWORDS_DIFFER;
};

export const mustAccept = (name: string) => (values: FormValues) => (values[name] === true ? null : REQUIRED);

export const rules = {
  email: (name: string) => field(email, name),
  newPassword: (name: string) => field(newPassword, name),
  oldPassword: (name: string) => field(passwordChange.shape.oldPassword, name),
  firstName: (name: string) => field(firstName, name),
  lastName: (name: string) => field(lastName, name),
  birthDate: (name: string) => field(birthDate, name),
  mobilePhone: (name: string) => field(mobilePhone, name),
  ssnCode: (name: string) => field(ssnCode, name),
  loyaltyCard: (name: string) => field(loyaltyCardCode, name),
};

/** Rules for every field a contract object checks, field by field. */
export function rulesOf<V extends FormValues>(schema: z.ZodObject, names: (keyof V & string)[]): Rules<V> {
  const out: Rules<V> = {};
  for (const name of names) {
    const fieldSchema = schema.shape[name];
    if (fieldSchema) out[name] = field(fieldSchema as z.ZodType, name);
  }
  return out;
}
