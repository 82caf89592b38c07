// Every day, slot, cut-off and expiry is computed in Europe/Rome (DESIGN.md §3).
import { onFirstUse } from './on-first-use.ts';
export const SHOP_TIME_ZONE = 'Europe/Rome';

const romeDate = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: SHOP_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

// Formatting in a time zone costs some 15 µs, and every catalogue, cart and
// slot answer asks for today's date. Rome's offsets are whole hours, so the
// date can only change on a minute: the last minute's answer is kept.
let lastDay = { minute: Number.NaN, day: '' };

/** The date in Rome of an instant, as YYYY-MM-DD. */
export const romeDateOf = (instant: Date): string => romeDate().format(instant);

/** Today's date in Rome as YYYY-MM-DD. */
export const romeToday = (now: Date = new Date()): string => {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: romeDateOf(now) };
  return lastDay.day;
};

const dayMonth = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', day: '2-digit', month: '2-digit' }),
);
/** '2026-12-31' → '31/12' (promotion valid-until, spec §9). */
export const formatDayMonth = (isoDate: string): string => dayMonth().format(new Date(`${isoDate}T00:00:00Z`));
