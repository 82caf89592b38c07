import { describe, expect, it } from 'vitest';
import { romeToday } from './time.ts';

describe('romeToday', () => {
  it("gives Rome's date, also when the calls jump across midnight and back", () => {
    // 23:00 UTC is midnight in Rome in winter (UTC+1), 22:00 UTC in summer (UTC+2).
    expect(romeToday(new Date('2026-11-23T22:59:59.999Z'))).toBe('2026-11-23');
    expect(romeToday(new Date('2026-11-23T23:00:00.000Z'))).toBe('2026-11-24');
    expect(romeToday(new Date('2026-11-23T22:59:30.000Z'))).toBe('2026-11-23');
    expect(romeToday(new Date('2026-07-01T21:59:59.000Z'))).toBe('2026-07-01');
    expect(romeToday(new Date('2026-07-01T22:00:00.000Z'))).toBe('2026-07-02');
    // The night the clocks go forward (29 March 2026) and back (25 October 2026).
    expect(romeToday(new Date('2026-03-28T22:59:00.000Z'))).toBe('2026-03-28');
    expect(romeToday(new Date('2026-03-28T23:00:00.000Z'))).toBe('2026-03-29');
    expect(romeToday(new Date('2026-10-24T21:59:00.000Z'))).toBe('2026-10-24');
    expect(romeToday(new Date('2026-10-24T22:00:00.000Z'))).toBe('2026-10-25');
  });
});
