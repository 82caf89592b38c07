import { describe, expect, it } from 'vitest';
import { pageItems, type PageItem } from './page-numbers.ts';

const show = (items: PageItem[]) =>
  items.map((i) => (i.kind === 'gap' ? '…' : i.current ? `[${i.page + 1}]` : String(i.page + 1))).join(' ');

describe('the page-number control (docs/product.md §9)', () => {
  it('shows nothing without pages and every page up to 9', () => {
    expect(pageItems(0, 0)).toEqual([]);
    expect(show(pageItems(0, 1))).toBe('[1]');
    expect(show(pageItems(4, 9))).toBe('1 2 3 4 [5] 6 7 8 9');
  });
  it('shows a window with ellipsis beyond 9 pages, always 9 items', () => {
    expect(show(pageItems(0, 20))).toBe('[1] 2 3 4 5 6 7 … 20');
    expect(show(pageItems(10, 20))).toBe('1 … 9 10 [11] 12 13 … 20');
    expect(show(pageItems(19, 20))).toBe('1 … 14 15 16 17 18 19 [20]');
    for (let p = 0; p < 30; p++) expect(pageItems(p, 30)).toHaveLength(9);
  });
  it('jumps five pages from an ellipsis and clamps an out-of-range page', () => {
    expect(
      pageItems(10, 20)
        .filter((i) => i.kind === 'gap')
        .map((i) => i.page),
    ).toEqual([5, 15]);
    expect(show(pageItems(99, 10))).toBe('1 … 4 5 6 7 8 9 [10]');
  });
});
