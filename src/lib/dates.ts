// Days and slot times as the shop shows them (docs/architecture.md §6): it-IT, Europe/Rome.
// Written out, not Intl's (shared/rome-clock.ts says why); the unit tests hold them equal.
import { romeDateOf } from '#src/shared/time.ts';
import { MONTHS, MONTHS_SHORT, WEEKDAYS, WEEKDAYS_SHORT, pad2, romeWallClock } from '#src/shared/rome-clock.ts';

/** '2026-05-12' → { weekday: 'martedì', short: 'mar', date: '12 maggio', shortDate: '12 mag' }. */
export function dayParts(day: string) {
  const d = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value');
  const weekday = d.getUTCDay();
  const month = d.getUTCMonth();
  return {
    weekday: WEEKDAYS[weekday]!,
    short: WEEKDAYS_SHORT[weekday]!,
    date: `${d.getUTCDate()} ${MONTHS[month]!}`,
    shortDate: `${d.getUTCDate()} ${MONTHS_SHORT[month]!}`,
  };
}

/** 'martedì 12 maggio'. */
export const formatDay = (day: string): string => `${dayParts(day).weekday} ${dayParts(day).date}`;

/** An instant's wall-clock time in Rome: '09:00'. */
const romeClockTime = (iso: string): string => {
  const { hour, minute } = romeWallClock(new Date(iso));
  return `${pad2(hour)}:${pad2(minute)}`;
};

/** An instant's calendar day in Rome: '2026-05-12'. */
export const romeDayOf = (iso: string): string => romeDateOf(new Date(iso));

/** '09:00–11:00' (Rome time). */
export const formatSlotTime = (validFrom: string, validTo: string): string =>
  `${romeClockTime(validFrom)}–${romeClockTime(validTo)}`;

/** 'martedì 12 maggio, 09:00–11:00' (docs/product.md §2 Header: weekday, day, month, start and end time). */
export const formatSlot = (slot: { validFrom: string; validTo: string }): string =>
  `${formatDay(romeDayOf(slot.validFrom))}, ${formatSlotTime(slot.validFrom, slot.validTo)}`;

/** '12/05/2026 09:41' in Rome. */
export const formatDateTime = (iso: string): string => {
  const c = romeWallClock(new Date(iso));
  return `${pad2(c.day)}/${pad2(c.month)}/${c.year} ${pad2(c.hour)}:${pad2(c.minute)}`;
};
