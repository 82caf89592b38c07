// How the card providers sign what they exchange with the shop. XPay signs
// with a SHA-1 MAC over "name=value" pairs in a fixed order followed by the
// merchant's MAC key; the legacy hosted form (IPG Connect) signs with SHA-256
// over the hex of the concatenated values and the shared secret.
import { createHash, timingSafeEqual } from 'node:crypto';
import { romeClockParts } from '#src/shared/calendar.ts';

/** XPay MAC: SHA-1 hex of name1=value1name2=value2…<key>, in the order given. */
export function xpayMac(pairs: [string, string | number][], macKey: string): string {
  const text = pairs.map(([name, value]) => `${name}=${value}`).join('') + macKey;
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/** IPG Connect hash: SHA-256 hex of the hex of the concatenated values. */
export function ipgHash(values: string[]): string {
  const hex = Buffer.from(values.join(''), 'utf8').toString('hex');
  return createHash('sha256').update(hex, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex signatures (a forged one learns nothing from timing). */
export function sameSignature(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given.toLowerCase()), Buffer.from(expected.toLowerCase()));
}

/** The IPG form's date-time, in the store's time zone (Rome): YYYY:MM:DD-hh:mm:ss. */
export function ipgDateTime(at: Date): string {
  const p = romeClockParts(at);
  return `${p.year}:${p.month}:${p.day}-${p.hour}:${p.minute}:${p.second}`;
}

/** Amount in euro as the providers write it: "12.30". */
export const euroText = (cents: number): string => (cents / 100).toFixed(2);
