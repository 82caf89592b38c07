import { describe, expect, it } from 'vitest';
import { searchHref, searchText } from './search-rules.ts';

describe('search rules', () => {
  it('searches from 3 characters', () => {
    expect(searchText('po')).toBeNull();
    expect(searchText('  pom ')).toBe('pom');
    expect(searchText('pomo')).toBe('pomo');
  });

  it('collapses spaces and ignores blank text', () => {
    expect(searchText('  ')).toBeNull();
    expect(searchText('olio   extra')).toBe('olio extra');
  });

  it('links the search page by text or by tag', () => {
    expect(searchHref({ q: 'pasta di semola' })).toMatch(/\/search\?q=pasta\+di\+semola$/);
    expect(searchHref({ tag: 4 })).toMatch(/\/search\?tag=4$/);
  });
});
