// The written-out Rome clock and Italian names (rome-clock.ts) against Intl,
// with the time-zone data of the Node that runs the tests: should Italy's
// rules ever change in that data, these fail.
import { describe, expect, it } from 'vitest';
import { dayParts, formatDateTime, formatSlot, formatSlotTime } from '#src/lib/dates.ts';
import { romeClockParts, romeTime } from './calendar.ts';
import { romeOffsetMs } from './rome-clock.ts';
import { formatDayMonth, romeDateOf } from './time.ts';

const HOUR = 3_600_000;
const rome = (options: Intl.DateTimeFormatOptions, locale = 'it-IT') =>
  new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Rome', ...options });
const intlDate = rome({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA');
const intlClock = rome({
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const intlDateTime = rome({
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const intlParts = rome(
  {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  },
  'en-US',
);
const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', ...options });

/**
 * Every instant to compare: every hour of 2024–2030, every fifth hour of
 * 2000–2040 (each hour of the day comes round), and each minute of the four
 * hours around every change of the clocks in 2000–2040.
 */
function* instants(): Generator<number> {
  for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2031, 0, 1); t += HOUR) yield t;
  for (let t = Date.UTC(2000, 0, 1); t < Date.UTC(2041, 0, 1); t += 5 * HOUR) yield t;
  for (let year = 2000; year <= 2040; year++)
    for (const lastDay of [Date.UTC(year, 2, 31), Date.UTC(year, 9, 31)]) {
      const change = lastDay - new Date(lastDay).getUTCDay() * 24 * HOUR + HOUR;
      for (let m = change - 2 * HOUR; m <= change + 2 * HOUR; m += 60_000) {
        yield m;
        yield m + 59_999;
      }
    }
}

describe('Rome clock written out', () => {
  it("gives Intl's date, time and parts in Rome over 2000–2040, and each minute around every change of the clocks", () => {
    let compared = 0;
    const mismatches: string[] = [];
    for (const t of instants()) {
      const instant = new Date(t);
      const iso = instant.toISOString();
      const parts = Object.fromEntries(intlParts.formatToParts(instant).map((p) => [p.type, p.value]));
      const { year, month, day, hour, minute } = parts;
      // The date's and the clock's own formats on every 97th instant; their parts from formatToParts on the others.
      const formats = compared % 97 === 0;
      const clock = formats ? intlClock.format(instant) : `${hour}:${minute}`;
      const pairs: [string, string][] = [
        [romeDateOf(instant), formats ? intlDate.format(instant) : `${year}-${month}-${day}`],
        [formatSlotTime(iso, iso), `${clock}–${clock}`],
        [formatDateTime(iso), intlDateTime.format(instant).replace(',', '')],
        [
          JSON.stringify(romeClockParts(instant)),
          JSON.stringify({
            year: parts['year'],
            month: parts['month'],
            day: parts['day'],
            hour: parts['hour'],
            minute: parts['minute'],
            second: parts['second'],
          }),
        ],
      ];
      for (const [ours, intl] of pairs)
        if (ours !== intl && mismatches.length < 5) mismatches.push(`${iso}: ${ours} ≠ ${intl}`);
      compared++;
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(150_000);
  });

  it('keeps summer time from the last Sunday of March to the last Sunday of October, at 01:00 UTC', () => {
    expect(romeOffsetMs(Date.parse('2026-03-29T00:59:59.999Z'))).toBe(HOUR);
    expect(romeOffsetMs(Date.parse('2026-03-29T01:00:00.000Z'))).toBe(2 * HOUR);
    expect(romeOffsetMs(Date.parse('2026-10-25T00:59:59.999Z'))).toBe(2 * HOUR);
    expect(romeOffsetMs(Date.parse('2026-10-25T01:00:00.000Z'))).toBe(HOUR);
    // Before 1996 Italy's summer ended in September: Intl's own answer is used.
    expect(romeOffsetMs(Date.parse('1990-10-01T12:00:00Z'))).toBe(HOUR);
    expect(romeOffsetMs(Date.parse('1990-07-01T12:00:00Z'))).toBe(2 * HOUR);
    expect(romeTime('2026-03-29', '09:00').toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(romeTime('2026-10-25', '09:00').toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });

  it("names every day of 2000–2040 as Intl's it-IT does", () => {
    const long = utc({ weekday: 'long' });
    const short = utc({ weekday: 'short' });
    const dayMonth = utc({ day: 'numeric', month: 'long' });
    const dayMonthShort = utc({ day: 'numeric', month: 'short' });
    const twoDigits = utc({ day: '2-digit', month: '2-digit' });
    const mismatches: string[] = [];
    for (let t = Date.UTC(2000, 0, 1); t < Date.UTC(2041, 0, 1); t += 24 * HOUR) {
      const day = new Date(t).toISOString().slice(0, 10);
      const noon = new Date(`${day}T12:00:00Z`);
      const intl = {
        weekday: long.format(noon),
        short: short.format(noon).replace('.', ''),
        date: dayMonth.format(noon),
        shortDate: dayMonthShort.format(noon).replace('.', ''),
      };
      const ours = dayParts(day);
      if (JSON.stringify(ours) !== JSON.stringify(intl) && mismatches.length < 5)
        mismatches.push(`${day}: ${JSON.stringify(ours)} ≠ ${JSON.stringify(intl)}`);
      const dm = twoDigits.format(new Date(`${day}T00:00:00Z`));
      if (formatDayMonth(day) !== dm && mismatches.length < 5)
        mismatches.push(`${day}: ${formatDayMonth(day)} ≠ ${dm}`);
    }
    expect(mismatches).toEqual([]);
  });

  it("writes the header's slot line and refuses what is not a time, as Intl did", () => {
    expect(
      formatSlot({
        validFrom: '2026-11-27T15:00:00.000Z',
        validTo: '2026-11-27T17:00:00.000Z',
      }),
    ).toBe('venerdì 27 novembre, 16:00–18:00');
    expect(
      formatSlot({
        validFrom: '2026-07-01T06:30:00.000Z',
        validTo: '2026-07-01T08:30:00.000Z',
      }),
    ).toBe('mercoledì 1 luglio, 08:30–10:30');
    expect(() => formatDateTime('not a time')).toThrow(RangeError);
    expect(() => dayParts('2026-13-45')).toThrow(RangeError);
    expect(() => romeDateOf(new Date(Number.NaN))).toThrow(RangeError);
  });
});
