// 'Riordina' (reorder in two taps): a past order copied into a cart for the same store
// and mode, then the checkout opened with the slot of the same weekday and start time
// preselected, when one is free in the days offered, and the last order's payment mode.
import type { Slot } from '#src/shared/contract/checkout.ts';
import { pad2, romeWallClock } from '#src/shared/rome-clock.ts';

/** A slot's start on Rome's clock, "HH:MM". */
export const startTime = (validFrom: string): string => {
  const t = romeWallClock(new Date(validFrom));
  return `${pad2(t.hour)}:${pad2(t.minute)}`;
};

/** The days to look in for the last slot's weekday, in order. */
export const sameWeekdays = <D extends { weekDay: number; available: boolean }>(days: D[], weekDay: number): D[] =>
  days.filter((d) => d.available && d.weekDay === weekDay);

/** The free slot of a day that starts when the last one did, if any. */
export const sameStart = (slots: Slot[], last: { validFrom: string }): Slot | undefined =>
  slots.find((s) => s.available && startTime(s.validFrom) === startTime(last.validFrom));
