// Numbers as Italian shoppers read them ('1,5', '12.345'), written out, not
// Intl's: the first Intl formatter a page makes costs a phone's browser tens
// of milliseconds of locale data in the task that draws it (rome-clock.ts,
// docs/performance.md). number-format.test.ts holds it equal to Intl's it-IT.

/**
 * `abs` × 10^digits, rounded as Intl rounds: half away from zero, on the
 * number's shortest decimal form (1.005 → 101 for two digits, where the double
 * itself is 1.00499…).
 */
export function roundedUnits(abs: number, digits: number): number {
  const scale = 10 ** digits;
  const text = String(abs);
  if (text.includes('e')) return Math.round(abs * scale); // below 0.000001: no unit
  const dot = text.indexOf('.');
  if (dot < 0) return abs * scale;
  const decimals = `${text.slice(dot + 1)}${'0'.repeat(digits + 1)}`;
  return (
    Number(text.slice(0, dot)) * scale +
    (digits > 0 ? Number(decimals.slice(0, digits)) : 0) +
    (decimals[digits]! >= '5' ? 1 : 0)
  );
}

/** The integer part's digits grouped as Italian groups them: from five digits on ('1234', '12.345'). */
export const groupedItalian = (units: string): string =>
  units.length >= 5 ? units.replace(/\B(?=(\d{3})+$)/g, '.') : units;

export interface DecimalOptions {
  minimumFractionDigits?: number;
  /** At most 3. */
  maximumFractionDigits?: number;
  useGrouping?: boolean;
}

const intlDecimals = new Map<string, Intl.NumberFormat>();
const intlDecimal = (options: DecimalOptions) => {
  const key = JSON.stringify(options);
  let format = intlDecimals.get(key);
  if (!format) {
    format = new Intl.NumberFormat('it-IT', options);
    intlDecimals.set(key, format);
  }
  return format;
};

/**
 * Intl.NumberFormat('it-IT', options).format(value) written out: '1,5',
 * '0,25', '12.345', '-0'. Values it does not write out (not finite, or from
 * 10^13 on) are left to Intl itself.
 */
export function formatDecimal(value: number, options: DecimalOptions = {}): string {
  const min = options.minimumFractionDigits ?? 0;
  const max = Math.max(min, options.maximumFractionDigits ?? 3);
  if (!Number.isFinite(value) || Math.abs(value) >= 1e13 || max > 3) return intlDecimal(options).format(value);
  const scale = 10 ** max;
  const units = roundedUnits(Math.abs(value), max);
  const whole = String(Math.floor(units / scale));
  let fraction = String(units % scale).padStart(max, '0');
  while (fraction.length > min && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  // Intl keeps the minus of a negative value that rounds to zero ('-0').
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const integer = options.useGrouping === false ? whole : groupedItalian(whole);
  return `${sign}${integer}${fraction ? `,${fraction}` : ''}`;
}
