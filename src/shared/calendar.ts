// The shop's calendar (docs/architecture.md §4): Monday–Saturday, no Italian public
// holidays (Easter Monday included), wall-clock times in Europe/Rome.
import { isoDate, pad2, romeOffsetMs, romeWallClock } from './rome-clock.ts';

/** Easter Sunday (Gregorian, anonymous algorithm) as [month 1-12, day]. */
export function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

const fixedHolidays = ['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-08', '12-25', '12-26'];

/** Each year's public holidays as ISO dates, worked out once (every slot listing asks about ten days). */
const holidaysByYear = new Map<number, Set<string>>();
function holidaysOf(year: number): Set<string> {
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    const [em, ed] = easterSunday(year);
    const monday = new Date(Date.UTC(year, em - 1, ed + 1));
    holidays = new Set([
      ...fixedHolidays.map((md) => `${year}-${md}`),
      isoDate(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate()),
    ]);
    holidaysByYear.set(year, holidays);
  }
  return holidays;
}

export function isItalianHoliday(day: string): boolean {
  return holidaysOf(Number(day.slice(0, 4))).has(day);
}

/** 1 = Sunday … 7 = Saturday (docs/product.md §3). */
export const weekDayOf = (day: string): number => new Date(`${day}T12:00:00Z`).getUTCDay() + 1;

export const isServiceDay = (day: string): boolean => weekDayOf(day) !== 1 && !isItalianHoliday(day);

export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

type ClockPart = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

/** The wall-clock date and time in Rome at an instant, each part zero-padded ('2026', '03', '29', '09', '05', '00'). */
export function romeClockParts(instant: Date): Record<ClockPart, string> {
  const c = romeWallClock(instant);
  return {
    year: String(c.year).padStart(4, '0'),
    month: pad2(c.month),
    day: pad2(c.day),
    hour: pad2(c.hour),
    minute: pad2(c.minute),
    second: pad2(c.second),
  };
}

/** The instant of a wall-clock time in Rome, e.g. ('2026-03-29', '09:00'), right across DST changes. */
export function romeTime(day: string, time: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let instant = wall - romeOffsetMs(wall);
  instant = wall - romeOffsetMs(instant);
  return new Date(instant);
}
