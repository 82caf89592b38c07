import { describe, expect, it } from 'vitest';
import { dayParts, formatDay, formatSlot, formatSlotTime, romeDayOf } from './dates.ts';

describe('shop dates', () => {
  it('names the day in Italian', () => {
    expect(formatDay('2026-05-12')).toBe('martedì 12 maggio');
    expect(dayParts('2026-05-16')).toMatchObject({ weekday: 'sabato', short: 'sab', shortDate: '16 mag' });
  });
  it('shows slot times on the Rome clock, in summer and in winter', () => {
    expect(formatSlotTime('2026-05-12T07:00:00.000Z', '2026-05-12T09:00:00.000Z')).toBe('09:00–11:00');
    expect(formatSlotTime('2026-01-13T08:00:00.000Z', '2026-01-13T10:00:00.000Z')).toBe('09:00–11:00');
  });
  it('puts a late-evening slot on its Rome day', () => {
    expect(romeDayOf('2026-05-12T22:30:00.000Z')).toBe('2026-05-13');
    expect(formatSlot({ validFrom: '2026-03-30T07:00:00.000Z', validTo: '2026-03-30T09:00:00.000Z' })).toBe(
      'lunedì 30 marzo, 09:00–11:00',
    );
  });
});
