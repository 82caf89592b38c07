// Every day, slot, cut-off and expiry is computed in Europe/Rome (docs/architecture.md §3).
import { isoDate, romeWallClock } from './rome-clock.ts';

// Every catalogue, cart and slot answer asks for today's date. Rome's offsets
// are whole hours, so the date can only change on a minute: the last minute's
// answer is kept.
let lastDay = { minute: Number.NaN, day: '' };

/** The date in Rome of an instant, as YYYY-MM-DD. */
export const romeDateOf = (instant: Date): string => {
  const { year, month, day } = romeWallClock(instant);
  return isoDate(year, month, day);
};

/** Today's date in Rome as YYYY-MM-DD. */
export const romeToday = (now: Date = new Date()): string => {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: romeDateOf(now) };
  return lastDay.day;
};

/** '2026-12-31' → '31/12' (promotion valid-until, docs/product.md §9). */
export const formatDayMonth = (isoDate: string): string => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}`;
