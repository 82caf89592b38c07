import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, filtersToQuery, isDefaultFilters, parseFilters, urlWithFilters } from './listing-query.ts';

describe('listing sort and filters', () => {
  it('reads the documented sort values and filters from the query string', () => {
    expect(parseFilters(new URLSearchParams('sort=price-DESC&onlyPromotions=true&tag=3'))).toEqual({
      sort: 'price-DESC',
      onlyPromotions: true,
      onlyBranded: false,
      tag: 3,
    });
  });

  it('ignores what is not a sort or a tag', () => {
    expect(parseFilters(new URLSearchParams('sort=price&tag=-1&onlyBranded=yes'))).toEqual(DEFAULT_FILTERS);
  });

  it('sends only what differs from the default', () => {
    expect(filtersToQuery({ ...DEFAULT_FILTERS, onlyBranded: true, sort: 'description-ASC' })).toEqual({
      onlyBranded: 'true',
      sort: 'description-ASC',
    });
    expect(isDefaultFilters(DEFAULT_FILTERS)).toBe(true);
  });

  it('keeps other parameters of the page URL', () => {
    expect(urlWithFilters('http://x/app/search?q=pasta&sort=price-ASC', { ...DEFAULT_FILTERS, tag: 2 })).toBe(
      '/app/search?q=pasta&tag=2',
    );
  });
});
