import { describe, expect, it } from 'vitest';
import { sameStart, sameWeekdays, startTime } from './reorder.ts';

const slot = (id: number, validFrom: string, available = true) => ({
  id,
  weekDay: 3,
  validFrom,
  validTo: validFrom,
  available,
});

describe('reordering the last slot', () => {
  it("reads a slot's start on Rome's clock, across summer and winter time", () => {
    expect(startTime('2026-12-08T08:00:00.000Z')).toBe('09:00');
    expect(startTime('2026-07-07T07:00:00.000Z')).toBe('09:00');
  });

  it('looks at the free days of the same weekday only, in order', () => {
    const days = [
      { day: '2026-12-08', weekDay: 3, available: true },
      { day: '2026-12-09', weekDay: 4, available: true },
      { day: '2026-12-15', weekDay: 3, available: false },
      { day: '2026-12-22', weekDay: 3, available: true },
    ];
    expect(sameWeekdays(days, 3).map((d) => d.day)).toEqual(['2026-12-08', '2026-12-22']);
  });

  it('picks the free slot that starts when the last one did', () => {
    const last = { validFrom: '2026-07-07T07:00:00.000Z' }; // 09:00 in Rome, summer time
    const slots = [
      slot(1, '2026-12-08T07:00:00.000Z'), // 08:00
      slot(2, '2026-12-08T08:00:00.000Z', false), // 09:00, full
      slot(3, '2026-12-15T08:00:00.000Z'), // 09:00
    ];
    expect(sameStart(slots, last)?.id).toBe(3);
    expect(sameStart(slots.slice(0, 2), last)).toBeUndefined();
  });
});
