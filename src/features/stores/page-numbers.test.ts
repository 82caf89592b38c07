import { describe, expect, it } from 'vitest';
import { pageItems, type PageItem } from './page-numbers.ts';

/** 1-based labels as the shopper reads them: '…' for an ellipsis control, [n] for the current page. */
const labels = (items: PageItem[]) => items.map((i) => (i.kind === 'gap' ? '…' : i.current ? `[${i.page + 1}]` : String(i.page + 1))).join(' ');

describe('pageItems (spec §9 page-number control)', () => {
  it('shows nothing for no pages and every page up to 9', () => {
    expect(pageItems(0, 0)).toEqual([]);
    expect(labels(pageItems(0, 1))).toBe('[1]');
    expect(labels(pageItems(4, 9))).toBe('1 2 3 4 [5] 6 7 8 9');
  });

  it('from 10 pages on shows first, last, a window around the current page and ellipsis controls', () => {
    expect(labels(pageItems(0, 10))).toBe('[1] 2 3 4 5 6 7 … 10');
    expect(labels(pageItems(4, 10))).toBe('1 2 3 4 [5] 6 7 … 10');
    expect(labels(pageItems(5, 10))).toBe('1 … 4 5 [6] 7 8 9 10');
    expect(labels(pageItems(9, 10))).toBe('1 … 4 5 6 7 8 9 [10]');
    expect(labels(pageItems(10, 40))).toBe('1 … 9 10 [11] 12 13 … 40');
  });

  it('never shows more than 9 items, always the first and last page and the current one', () => {
    for (let total = 1; total <= 30; total++) {
      for (let current = 0; current < total; current++) {
        const items = pageItems(current, total);
        expect(items.length).toBeLessThanOrEqual(9);
        const pages = items.filter((i) => i.kind === 'page').map((i) => i.page);
        expect(pages).toContain(0);
        expect(pages).toContain(total - 1);
        expect(items.filter((i) => i.kind === 'page' && i.current).map((i) => i.page)).toEqual([current]);
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
      }
    }
  });

  it('ellipsis controls jump 5 pages back or forward, within the pages there are', () => {
    const items = pageItems(10, 40);
    expect(items.filter((i) => i.kind === 'gap')).toEqual([
      { kind: 'gap', page: 5, direction: 'back' },
      { kind: 'gap', page: 15, direction: 'forward' },
    ]);
    expect(pageItems(37, 40).find((i) => i.kind === 'gap')).toEqual({ kind: 'gap', page: 32, direction: 'back' });
  });

  it('clamps a current page outside the range', () => {
    expect(labels(pageItems(99, 3))).toBe('1 2 [3]');
  });
});
