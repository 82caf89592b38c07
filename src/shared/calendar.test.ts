import { describe, expect, it } from 'vitest';
import { easterSunday, isItalianHoliday, isServiceDay, romeTime, weekDayOf } from './calendar.ts';

describe('the shop calendar', () => {
  it('knows Easter and Easter Monday', () => {
    expect(easterSunday(2026)).toEqual([4, 5]);
    expect(easterSunday(2027)).toEqual([3, 28]);
    expect(isItalianHoliday('2026-04-06')).toBe(true);
    expect(isItalianHoliday('2027-03-29')).toBe(true);
    expect(isItalianHoliday('2026-04-07')).toBe(false);
  });

  it("knows each year's fixed holidays, the year's Easter Monday only, and not the days around them", () => {
    for (const year of [2026, 2027, 2030]) {
      for (const day of ['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-08', '12-25', '12-26'])
        expect(isItalianHoliday(`${year}-${day}`), `${year}-${day}`).toBe(true);
      expect(isItalianHoliday(`${year}-08-16`)).toBe(false);
      expect(isItalianHoliday(`${year}-12-24`)).toBe(false);
    }
    expect(isItalianHoliday('2027-04-06')).toBe(false); // 2026's Easter Monday date, a year later
    expect(isItalianHoliday('2030-04-22')).toBe(true); // Easter 2030 is 21 April
  });

  it('closes on Sundays and public holidays, opens Monday to Saturday', () => {
    expect(weekDayOf('2026-11-22')).toBe(1); // a Sunday
    expect(isServiceDay('2026-11-22')).toBe(false);
    expect(isServiceDay('2026-11-23')).toBe(true);
    expect(isServiceDay('2026-12-08')).toBe(false);
    expect(isServiceDay('2026-12-26')).toBe(false); // Santo Stefano, a Saturday
    expect(isServiceDay('2026-06-02')).toBe(false);
  });

  it('turns Rome wall-clock times into instants across DST', () => {
    expect(romeTime('2026-01-15', '09:00').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(romeTime('2026-07-15', '09:00').toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(romeTime('2026-03-29', '09:00').toISOString()).toBe('2026-03-29T07:00:00.000Z'); // DST starts that night
    expect(romeTime('2026-10-25', '09:00').toISOString()).toBe('2026-10-25T08:00:00.000Z'); // DST ends that night
  });
});
