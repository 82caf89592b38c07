import { describe, expect, it } from 'vitest';
import {
  loyaltyCardCode,
  mobilePhone,
  newPassword,
  normaliseCardInput,
  passwordStrongEnough,
  ssnCode,
} from './profile-rules.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('field rules of docs/product.md §5', () => {
  it('wants 8 characters and three kinds of characters in a password', () => {
    expect(passwordStrongEnough('Orecchiette1')).toBe(true);
    expect(passwordStrongEnough('orecchiette1!')).toBe(true);
    expect(passwordStrongEnough('orecchiette1')).toBe(false);
    expect(passwordStrongEnough('Or1!')).toBe(false);
    expect(firstMessage(newPassword.safeParse('Ab1!'))).toBe('La password deve essere lunga almeno 8 caratteri');
  });

  it('upper-cases the fiscal code and tells length from format', () => {
    expect(ssnCode.parse('rssmra80a01a662x')).toBe('RSSMRA80A01A662X');
    expect(ssnCode.safeParse('RSSMRA80A01').error?.issues.map((i) => i.message)).toEqual(['Codice fiscale non valido']);
    expect(firstMessage(ssnCode.safeParse('RSSMRA80Z01A662X'))).toBe('Formato errato');
    expect(firstMessage(ssnCode.safeParse(''))).toBe('Campo obbligatorio');
  });

  it('wants exactly 10 digits for the mobile phone', () => {
    expect(mobilePhone.safeParse('3331234567').success).toBe(true);
    expect(firstMessage(mobilePhone.safeParse('333 123456'))).toBe('Numero di cellulare non valido');
  });

  it('checks the loyalty card: optional, 13 characters, 0248 and 9 digits', () => {
    expect(loyaltyCardCode.safeParse('').success).toBe(true);
    expect(loyaltyCardCode.safeParse('0248').success).toBe(true);
    expect(loyaltyCardCode.safeParse('0248123456789').success).toBe(true);
    expect(firstMessage(loyaltyCardCode.safeParse('024812345'))).toBe('La carta fedeltà deve avere 13 caratteri');
    expect(firstMessage(loyaltyCardCode.safeParse('1248123456789'))).toBe('Carta non valida');
    expect(normaliseCardInput('0248-1234 5678 9999')).toBe('0248123456789');
  });
});
