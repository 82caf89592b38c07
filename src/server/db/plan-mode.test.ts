import { describe, expect, it } from 'vitest';
import { PlanMode } from './pglite-dialect.ts';

describe('the session plan mode of the PGlite dialect', () => {
  it('sends one SET for a run of statements that want generic plans, and one to go back', () => {
    const mode = new PlanMode();
    expect(mode.switchTo(false, 1, false)).toBeNull();
    expect(mode.switchTo(true, 1, false)).toEqual({ before: 'SET plan_cache_mode = force_generic_plan' });
    for (let i = 0; i < 5; i++) expect(mode.switchTo(true, 1, false)).toBeNull();
    expect(mode.switchTo(false, 1, false)).toEqual({ before: 'SET plan_cache_mode = auto' });
    expect(mode.switchTo(false, 1, false)).toBeNull();
  });

  it('switches inside a transaction only for the statement, with SET LOCAL, and keeps the session mode', () => {
    const mode = new PlanMode();
    mode.switchTo(true, 1, false);
    expect(mode.switchTo(true, 1, true)).toBeNull();
    expect(mode.switchTo(false, 1, true)).toEqual({
      before: 'SET LOCAL plan_cache_mode = auto',
      after: 'SET LOCAL plan_cache_mode = force_generic_plan',
    });
    // After the transaction (committed or rolled back) the session is still in generic mode.
    expect(mode.switchTo(true, 1, false)).toBeNull();
  });

  it('starts from the default mode in a new database thread', () => {
    const mode = new PlanMode();
    mode.switchTo(true, 1, false);
    expect(mode.switchTo(true, 2, false)).toEqual({ before: 'SET plan_cache_mode = force_generic_plan' });
    expect(mode.switchTo(false, 3, false)).toBeNull();
  });
});
