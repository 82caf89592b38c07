// Days and slot times as the shop shows them (DESIGN.md §6): it-IT, Europe/Rome.
import { SHOP_TIME_ZONE, romeDateOf } from '#src/shared/time.ts';
import { onFirstUse } from '#src/shared/on-first-use.ts';

const weekdayLong = onFirstUse(() => new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', weekday: 'long' }));
const weekdayShort = onFirstUse(() => new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', weekday: 'short' }));
const dayMonth = onFirstUse(() => new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', day: 'numeric', month: 'long' }));
const dayMonthShort = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', day: 'numeric', month: 'short' }),
);
const romeClock = onFirstUse(
  () =>
    new Intl.DateTimeFormat('it-IT', {
      timeZone: SHOP_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);
const romeDateTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat('it-IT', {
      timeZone: SHOP_TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

const calendarDate = (day: string) => new Date(`${day}T12:00:00Z`);

/** '2026-05-12' → { weekday: 'martedì', short: 'mar', date: '12 maggio', shortDate: '12 mag' }. */
export function dayParts(day: string) {
  const d = calendarDate(day);
  return {
    weekday: weekdayLong().format(d),
    short: weekdayShort().format(d).replace('.', ''),
    date: dayMonth().format(d),
    shortDate: dayMonthShort().format(d).replace('.', ''),
  };
}

/** 'martedì 12 maggio'. */
export const formatDay = (day: string): string => `${dayParts(day).weekday} ${dayParts(day).date}`;

/** An instant's wall-clock time in Rome: '09:00'. */
const romeClockTime = (iso: string): string => romeClock().format(new Date(iso));

/** An instant's calendar day in Rome: '2026-05-12'. */
export const romeDayOf = (iso: string): string => romeDateOf(new Date(iso));

/** '09:00–11:00' (Rome time). */
export const formatSlotTime = (validFrom: string, validTo: string): string =>
  `${romeClockTime(validFrom)}–${romeClockTime(validTo)}`;

/** 'martedì 12 maggio, 09:00–11:00' (spec §2 Header: weekday, day, month, start and end time). */
export const formatSlot = (slot: { validFrom: string; validTo: string }): string =>
  `${formatDay(romeDayOf(slot.validFrom))}, ${formatSlotTime(slot.validFrom, slot.validTo)}`;

/** '12/05/2026 09:41' in Rome. */
export const formatDateTime = (iso: string): string => romeDateTime().format(new Date(iso)).replace(',', '');
