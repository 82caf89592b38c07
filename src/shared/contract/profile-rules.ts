// Field rules of docs/product.md §5, shared by the forms (validated on blur) and the API
// (which refuses what the form would refuse). Messages are those of docs/product.md §5.
import { z } from '#src/shared/zod.ts';
import { LOYALTY_PREFIX } from '../loyalty-card.ts';
import { schemasTurn } from './schemas-turn.ts';

await schemasTurn();

export const REQUIRED = 'Campo obbligatorio';
export const INVALID_EMAIL = 'Indirizzo email non valido';
export const PASSWORD_HINT =
  'Almeno 8 caratteri, con almeno tre tra: lettere minuscole, lettere maiuscole, numeri e simboli.';
const PASSWORD_TOO_SHORT = 'La password deve essere lunga almeno 8 caratteri';
export const PASSWORDS_DIFFER = 'Le password non coincidono';
const SSN_LENGTH = 'Codice fiscale non valido';
const SSN_FORMAT = 'Formato errato';
const MOBILE_INVALID = 'Numero di cellulare non valido';
const CARD_INVALID = 'Carta non valida';
const CARD_LENGTH = 'La carta fedeltà deve avere 13 caratteri';

const requiredText = (max = 100) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max);

export const email = z
  .string({ error: REQUIRED })
  .trim()
  .toLowerCase()
  .min(1, { error: REQUIRED, abort: true })
  .max(254, INVALID_EMAIL)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, INVALID_EMAIL);

/** At least 8 characters with at least three of: lower-case, upper-case, digits, symbols. */
export function passwordStrongEnough(password: string): boolean {
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  return password.length >= 8 && kinds >= 3;
}

export const newPassword = z
  .string({ error: REQUIRED })
  .min(1, { error: REQUIRED, abort: true })
  .min(8, { error: PASSWORD_TOO_SHORT, abort: true })
  .max(128)
  .refine(passwordStrongEnough, PASSWORD_HINT);

/** 6 letters, 2 digits, month letter, 2 digits, letter, 3 digits, letter (docs/product.md §5). */
const SSN_PATTERN = /^[A-Z]{6}[0-9]{2}[ABCDEHLMPRST][0-9]{2}[A-Z][0-9]{3}[A-Z]$/;
// Each check stops at the first failure, so the shopper reads one message.
export const ssnCode = z
  .string({ error: REQUIRED })
  .trim()
  .toUpperCase()
  .min(1, { error: REQUIRED, abort: true })
  .length(16, { error: SSN_LENGTH, abort: true })
  .regex(SSN_PATTERN, SSN_FORMAT);

export const mobilePhone = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED, abort: true })
  .regex(/^[0-9]{10}$/, MOBILE_INVALID);

/** Optional loyalty card: '' or the bare prefix mean none. */
export const loyaltyCardCode = z
  .string()
  .trim()
  .refine((v) => /^[0-9]*$/.test(v), CARD_INVALID)
  .refine((v) => v === '' || v === LOYALTY_PREFIX || v.length === 13, CARD_LENGTH)
  .refine((v) => v === '' || v === LOYALTY_PREFIX || /^0248[0-9]{9}$/.test(v), CARD_INVALID);

/** The loyalty-card field keeps digits only, truncated at 13 (docs/product.md §5). */
export const normaliseCardInput = (value: string): string => value.replace(/[^0-9]/g, '').slice(0, 13);

export const firstName = requiredText(60);
export const lastName = requiredText(60);
export const birthDate = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data non valida')
  .refine((d) => {
    const date = new Date(`${d}T00:00:00Z`);
    const age = (Date.now() - date.getTime()) / (365.25 * 86400_000);
    return !Number.isNaN(date.getTime()) && age >= 18 && age < 120;
  }, 'Per registrarti devi essere maggiorenne');
