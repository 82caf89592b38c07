// The page-number control of docs/product.md §9, shared by every paged list (orders,
// stores): every page when there are 9 or fewer; otherwise first and last
// page, a window around the current one and an ellipsis control on each side
// where pages are hidden, jumping 5 pages. Never more than 9 items.

export type PageItem =
  | { kind: 'page'; page: number; current: boolean }
  | { kind: 'gap'; page: number; direction: 'back' | 'forward' };

const ALL_PAGES_UP_TO = 9;
const WINDOW_RADIUS = 2;
const JUMP = 5;

/** Items for 0-based page `current` of `total` pages. */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 0) return [];
  const at = Math.min(Math.max(current, 0), total - 1);
  const page = (p: number): PageItem => ({ kind: 'page', page: p, current: p === at });
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => page(from + i));
  if (total <= ALL_PAGES_UP_TO) return range(0, total - 1);
  const last = total - 1;
  const edge = 2 * WINDOW_RADIUS + 2; // near an end the window grows so the control keeps 9 items
  if (at <= edge - 2)
    return [...range(0, edge), { kind: 'gap', page: Math.min(at + JUMP, last), direction: 'forward' }, page(last)];
  if (at >= last - edge + 2)
    return [page(0), { kind: 'gap', page: Math.max(at - JUMP, 0), direction: 'back' }, ...range(last - edge, last)];
  return [
    page(0),
    { kind: 'gap', page: Math.max(at - JUMP, 0), direction: 'back' },
    ...range(at - WINDOW_RADIUS, at + WINDOW_RADIUS),
    { kind: 'gap', page: Math.min(at + JUMP, last), direction: 'forward' },
    page(last),
  ];
}
