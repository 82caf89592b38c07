// Rome's wall clock and the Italian names of days and months, written out
// (docs/architecture.md §6: it-IT, Europe/Rome). The first Intl formatter a page makes
// costs a phone's browser tens of milliseconds of locale and time-zone data,
// in the task that starts the page: the header shows the first slot on every
// page, so that cost was a long task on every page (docs/performance.md).
// rome-clock.test.ts holds what is written out here equal to Intl over
// 2000–2040, with the time-zone data of the Node that runs it.
import { onFirstUse } from './on-first-use.ts';

/** The shop's time zone (docs/architecture.md §3): every day, slot, cut-off and expiry is Rome's. */
const SHOP_TIME_ZONE = 'Europe/Rome';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Since 1996 Italy keeps the EU's summer time: last Sunday of March to last Sunday of October, at 01:00 UTC. */
const EU_RULES_FROM = Date.UTC(1996, 0, 1);

/** The instant of the last Sunday of a month (0-based) at 01:00 UTC. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY + HOUR;
}

/** Before the EU's rules, Rome's offset from Intl (no shop date is that old). */
const intlParts = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: SHOP_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
);
function intlOffset(instant: number): number {
  const p = Object.fromEntries(
    intlParts()
      .formatToParts(new Date(instant))
      .map((x) => [x.type, Number(x.value)]),
  );
  const wall = Date.UTC(p['year']!, p['month']! - 1, p['day']!, p['hour']!, p['minute']!, p['second']!);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** Rome's offset from UTC at an instant, in milliseconds (one hour in winter, two in summer). */
export function romeOffsetMs(instant: number): number {
  if (!Number.isFinite(instant)) throw new RangeError('Invalid time value');
  if (instant < EU_RULES_FROM) return intlOffset(instant);
  const year = new Date(instant).getUTCFullYear();
  return instant >= lastSundayAtOneUtc(year, 2) && instant < lastSundayAtOneUtc(year, 9) ? 2 * HOUR : HOUR;
}

interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock date and time in Rome at an instant. */
export function romeWallClock(instant: Date): WallClock {
  const ms = instant.getTime();
  const local = new Date(ms + romeOffsetMs(ms));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

export const pad2 = (n: number): string => String(n).padStart(2, '0');

/** A calendar day as YYYY-MM-DD (month 1–12). */
export const isoDate = (year: number, month: number, day: number): string =>
  `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;

/** Sunday first, as Date's getUTCDay counts. */
export const WEEKDAYS = ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'] as const;
export const WEEKDAYS_SHORT = ['dom', 'lun', 'mar', 'mer', 'gio', 'ven', 'sab'] as const;
export const MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
] as const;
export const MONTHS_SHORT = [
  'gen',
  'feb',
  'mar',
  'apr',
  'mag',
  'giu',
  'lug',
  'ago',
  'set',
  'ott',
  'nov',
  'dic',
] as const;
