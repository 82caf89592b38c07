import { describe, expect, it } from 'vitest';
import { mergeSuggestions, searchHref } from './search-rules.ts';

describe('search rules', () => {
  it('links the search page by text or by tag', () => {
    expect(searchHref({ q: 'pasta di semola' })).toMatch(/\/search\?q=pasta\+di\+semola$/);
    expect(searchHref({ tag: 4 })).toMatch(/\/search\?tag=4$/);
  });

  describe("merging the server's suggestions into those shown", () => {
    const row = (barcode: string, netPrice: number | null = 1) => ({
      barcode,
      netPrice,
      unitPrice: netPrice === null ? null : `${netPrice} €/kg`,
    });

    it("keeps the rows shown at their places, with the server's data, and fills up with the rest", () => {
      const shown = [row('a', 1), row('b', 1)];
      const answered = [row('c', 3), row('b', 2.5), row('a', 1.2)];
      expect(mergeSuggestions(shown, answered, 8, true)).toEqual([row('a', 1.2), row('b', 2.5), row('c', 3)]);
    });

    it("shows the server's answer as it is when nothing was shown yet", () => {
      expect(mergeSuggestions([], [row('c'), row('a')], 8, true)).toEqual([row('c'), row('a')]);
    });

    it("keeps a shown row the server did not name, without a price that is not the store's", () => {
      expect(mergeSuggestions([row('a', 1)], [row('c', 3)], 8, false)).toEqual([row('a', null), row('c', 3)]);
      expect(mergeSuggestions([row('a', 1)], [row('c', 3)], 8, true)).toEqual([row('a', 1), row('c', 3)]);
    });

    it('stays within the limit', () => {
      expect(
        mergeSuggestions([row('a'), row('b')], [row('c'), row('d'), row('e')], 3, true).map((r) => r.barcode),
      ).toEqual(['a', 'b', 'c']);
    });
  });
});
