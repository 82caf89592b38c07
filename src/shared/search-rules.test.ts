import { describe, expect, it } from 'vitest';
import { searchText } from './search-rules.ts';

describe('search input rules', () => {
  it('searches from 3 characters', () => {
    expect(searchText('po')).toBeNull();
    expect(searchText('  pom ')).toBe('pom');
    expect(searchText('pomo')).toBe('pomo');
  });

  it('collapses spaces and ignores blank text', () => {
    expect(searchText('  ')).toBeNull();
    expect(searchText('olio   extra')).toBe('olio extra');
  });
});
